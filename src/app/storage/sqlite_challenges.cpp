// The SQLite store's lobby: open challenges (sqlite_store.h, lobby.h).
#include <sqlite3.h>

#include "app/storage/challenge_row.h"
#include "app/storage/sqlite_statement.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {

namespace {

constexpr const char* kSqliteChallengeColumns =
    "id, secret, client, status, setup, created_ms, expires_ms, game_id, creator_side, creator_token";

std::optional<Challenge> challenge_of(const SqliteStatement& q) {
  return challenge_from_row({q.text(0), q.text(1), q.text(2), q.text(3), q.text(4)}, q.integer(5),
                            q.integer(6), {q.text(7), q.text(8), q.text(9)});
}

}  // namespace

Status SqliteStore::add_challenge(const Challenge& c, const ChallengeBounds& bounds) {
  const std::string setup = challenge_setup(c);
  std::lock_guard lock(mutex_);
  // IMMEDIATE: the counts and the insert are one step for every server on the file.
  if (Status st = exec("BEGIN IMMEDIATE"); !st) return make_error("not_saved", st.error().message);
  auto fail = [&](Error e) -> Status {
    (void)exec("ROLLBACK");
    return e;
  };
  SqliteStatement count(db_,
                        "SELECT COUNT(*), COALESCE(SUM(client = ?2), 0) FROM challenges "
                        "WHERE status = 'open' AND expires_ms > ?1");
  count.bind(1, c.created_ms).bind(2, c.client);
  if (!count.ok() || !count.step())
    return fail(make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_)));
  if (count.integer(0) >= bounds.total)
    return fail(make_error("too_many_challenges", "the lobby is full: try again in a few minutes"));
  if (count.integer(1) >= bounds.per_client)
    return fail(make_error("too_many_challenges", "you have " + std::to_string(bounds.per_client) +
                                                      " open challenges already: cancel one first"));
  SqliteStatement q(db_,
                    "INSERT INTO challenges (id, secret, client, status, setup, created_ms, expires_ms) "
                    "VALUES (?1, ?2, ?3, 'open', ?4, ?5, ?6)");
  q.bind(1, c.id)
      .bind(2, c.secret)
      .bind(3, c.client)
      .bind(4, setup)
      .bind(5, c.created_ms)
      .bind(6, c.expires_ms);
  if (!q.ok() || q.run() != SQLITE_DONE)
    return fail(make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_)));
  if (Status st = exec("COMMIT"); !st) return fail(make_error("not_saved", st.error().message));
  return Ok{};
}

Expected<std::vector<Challenge>> SqliteStore::open_challenges(std::int64_t now_ms, int limit) {
  std::lock_guard lock(mutex_);
  std::vector<Challenge> out;
  const std::string sql = std::string("SELECT ") + kSqliteChallengeColumns +
                          " FROM challenges WHERE status = 'open' AND expires_ms > ?1 "
                          "ORDER BY created_ms DESC, id LIMIT ?2";
  SqliteStatement q(db_, sql.c_str());
  q.bind(1, now_ms).bind(2, std::int64_t{limit});
  while (q.step())
    if (auto c = challenge_of(q)) out.push_back(std::move(*c));
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
}

Expected<std::optional<Challenge>> SqliteStore::challenge(const std::string& id) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kSqliteChallengeColumns + " FROM challenges WHERE id = ?1";
  SqliteStatement q(db_, sql.c_str());
  q.bind(1, id);
  if (!q.step()) {
    if (q.failed()) return sqlite_unavailable(db_);
    return std::optional<Challenge>();
  }
  return challenge_of(q);
}

Expected<bool> SqliteStore::change_challenge(const ChallengeChange& c) {
  std::lock_guard lock(mutex_);
  // One conditional UPDATE: of two accepts at once, only one finds it open.
  SqliteStatement q(db_,
                    "UPDATE challenges SET status = ?3, game_id = ?4, creator_side = ?5, creator_token = ?6 "
                    "WHERE id = ?1 AND status = ?2 AND (?2 != 'open' OR expires_ms > ?7)");
  q.bind(1, c.id).bind(2, c.from).bind(3, c.to).bind(4, c.game_id).bind(5, c.creator_side);
  q.bind(6, c.creator_token).bind(7, c.now_ms);
  if (!q.ok() || q.run() != SQLITE_DONE)
    return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return sqlite3_changes(db_) == 1;
}

Status SqliteStore::renew_challenge(const std::string& id, std::int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "UPDATE challenges SET expires_ms = ?2 WHERE id = ?1 AND status = 'open'");
  q.bind(1, id).bind(2, expires_ms);
  if (!q.ok() || q.run() != SQLITE_DONE)
    return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

void SqliteStore::purge_challenges(std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "DELETE FROM challenges WHERE created_ms < ?1 OR status = 'cancelled'");
  q.bind(1, before_ms);
  (void)q.run();
}

}  // namespace qi::app
