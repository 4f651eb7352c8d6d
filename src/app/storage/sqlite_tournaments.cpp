// The SQLite store's tournaments (sqlite_store.h): one document a
// tournament, written over the version its writer read.
#include <sqlite3.h>

#include "app/storage/sqlite_statement.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {

namespace {

constexpr const char* kTournamentColumns = "id, organiser, version, status, summary, created_ms, updated_ms";

StoredTournament sqlite_tournament_row(SqliteStatement& q) {
  StoredTournament t;
  t.id = q.text(0);
  t.organiser = q.integer(1);
  t.version = static_cast<std::uint64_t>(q.integer(2));
  t.status = q.text(3);
  t.summary = q.text(4);
  t.created_ms = q.integer(5);
  t.updated_ms = q.integer(6);
  return t;
}

}  // namespace

Expected<bool> SqliteStore::save_tournament(const StoredTournament& t, std::uint64_t expected_version) {
  std::lock_guard lock(mutex_);
  // One statement either way: a new one only where the id is free, a change
  // only over the version read. Of two servers writing at once, one wins.
  const char* sql =
      expected_version == 0
          ? "INSERT INTO tournaments (id, organiser, version, status, summary, document, "
            "created_ms, updated_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (id) DO "
            "NOTHING"
          : "UPDATE tournaments SET version = ?3, status = ?4, summary = ?5, document = ?6, "
            "updated_ms = ?8 WHERE id = ?1 AND version = ?9";
  SqliteStatement q(db_, sql);
  q.bind(1, t.id).bind(2, t.organiser).bind(3, static_cast<std::int64_t>(t.version)).bind(4, t.status);
  q.bind(5, t.summary).bind(6, t.document).bind(7, t.created_ms).bind(8, t.updated_ms);
  if (expected_version != 0) q.bind(9, static_cast<std::int64_t>(expected_version));
  if (!q.ok() || q.run() != SQLITE_DONE)
    return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return sqlite3_changes(db_) == 1;
}

Expected<std::optional<StoredTournament>> SqliteStore::tournament(const std::string& id) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_,
                    "SELECT id, organiser, version, status, summary, created_ms, updated_ms, document FROM "
                    "tournaments WHERE id = ?1");
  q.bind(1, id);
  if (q.step()) {
    StoredTournament t = sqlite_tournament_row(q);
    t.document = q.text(7);
    return std::optional<StoredTournament>(std::move(t));
  }
  if (q.failed()) return sqlite_unavailable(db_);
  return std::optional<StoredTournament>();
}

Expected<std::vector<StoredTournament>> SqliteStore::tournaments(int limit) {
  std::lock_guard lock(mutex_);
  std::string sql =
      std::string("SELECT ") + kTournamentColumns + " FROM tournaments ORDER BY created_ms DESC, id LIMIT ?1";
  SqliteStatement q(db_, sql.c_str());
  q.bind(1, std::int64_t{limit});
  std::vector<StoredTournament> out;
  while (q.step()) out.push_back(sqlite_tournament_row(q));
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
}

Expected<int> SqliteStore::unfinished_tournaments(std::int64_t organiser) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT COUNT(*) FROM tournaments WHERE organiser = ?1 AND status <> 'over'");
  q.bind(1, organiser);
  if (q.step()) return static_cast<int>(q.integer(0));
  return sqlite_unavailable(db_);
}

}  // namespace qi::app
