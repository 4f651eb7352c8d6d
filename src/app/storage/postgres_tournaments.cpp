// The PostgreSQL store's tournaments (postgres_store.h): one document a
// tournament, written over the version its writer read, so that the
// servers sharing the database change it one at a time.
#include "app/storage/postgres_store.h"

namespace qi::app {

namespace {

StoredTournament postgres_tournament_row(const PgResult& r, int i) {
  StoredTournament t;
  t.id = r.text(i, 0);
  t.organiser = r.integer(i, 1);
  t.version = static_cast<std::uint64_t>(r.integer(i, 2));
  t.status = r.text(i, 3);
  t.summary = r.text(i, 4);
  t.created_ms = r.integer(i, 5);
  t.updated_ms = r.integer(i, 6);
  return t;
}

}  // namespace

Expected<bool> PostgresStore::save_tournament(const StoredTournament& t, std::uint64_t expected_version) {
  bool written = false;
  Status st = transaction(
      [&](PgConnection& conn) -> Status {
        std::vector<PgParam> params = {t.id,
                                       pg_param(t.organiser),
                                       pg_param(static_cast<std::int64_t>(t.version)),
                                       t.status,
                                       t.summary,
                                       t.document,
                                       pg_param(t.created_ms),
                                       pg_param(t.updated_ms)};
        std::string sql;
        if (expected_version == 0) {
          sql =
              "INSERT INTO tournaments (id, organiser, version, status, summary, document, created_ms, "
              "updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING RETURNING 1";
        } else {
          // $2 and $7 are not written by a change, but named so that both
          // statements take the same parameters.
          sql =
              "UPDATE tournaments SET version = $3, status = $4, summary = $5, document = $6, updated_ms = "
              "$8 "
              "WHERE id = $1 AND version = $9 AND organiser = $2 AND created_ms = $7 RETURNING 1";
          params.push_back(pg_param(static_cast<std::int64_t>(expected_version)));
        }
        auto r = conn.exec(sql, params);
        if (!r) return r.error();
        written = r->rows() == 1;
        return Ok{};
      },
      true);
  if (!st) return st.error();
  return written;
}

Expected<std::optional<StoredTournament>> PostgresStore::tournament(const std::string& id) {
  auto r = read(
      "SELECT id, organiser, version, status, summary, created_ms, updated_ms, document FROM tournaments "
      "WHERE "
      "id = $1",
      {id});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<StoredTournament>();
  StoredTournament t = postgres_tournament_row(*r, 0);
  t.document = r->text(0, 7);
  return std::optional<StoredTournament>(std::move(t));
}

Expected<std::vector<StoredTournament>> PostgresStore::tournaments(int limit) {
  auto r = read(
      "SELECT id, organiser, version, status, summary, created_ms, updated_ms FROM tournaments ORDER BY "
      "created_ms DESC, id COLLATE \"C\" LIMIT $1",
      {pg_param(std::int64_t{limit})});
  if (!r) return r.error();
  std::vector<StoredTournament> out;
  for (int i = 0; i < r->rows(); ++i) out.push_back(postgres_tournament_row(*r, i));
  return out;
}

Expected<int> PostgresStore::unfinished_tournaments(std::int64_t organiser) {
  auto r = read("SELECT COUNT(*) FROM tournaments WHERE organiser = $1 AND status <> 'over'",
                {pg_param(organiser)});
  if (!r) return r.error();
  return static_cast<int>(r->integer(0, 0));
}

}  // namespace qi::app
