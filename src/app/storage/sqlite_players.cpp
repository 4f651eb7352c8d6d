// The SQLite store's people (sqlite_store.h): profiles and their names,
// ratings and their history, passwords, logins and claim codes.
#include <sqlite3.h>

#include "app/player_name.h"
#include "app/ratings.h"
#include "app/storage/sqlite_statement.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {

Expected<Player> SqliteStore::add_player(const std::string& name, const std::string& password_hash) {
  std::lock_guard lock(mutex_);
  auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  // The profile and its name's key in one transaction: a name that passes
  // for another's is refused as a name taken.
  const std::string key = name_key(name);
  if (Status st = exec("BEGIN IMMEDIATE"); !st) return make_error("not_saved", st.error().message);
  auto fail = [&](Error error) -> Expected<Player> {
    (void)exec("ROLLBACK");
    return error;
  };
  SqliteStatement q(db_, "INSERT INTO players (name, created_ms, password_hash) VALUES (?1, ?2, ?3)");
  q.bind(1, name).bind(2, std::int64_t{now}).bind(3, password_hash);
  int rc = q.run();
  if (rc == SQLITE_CONSTRAINT || sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_UNIQUE)
    return fail(make_error("name_taken", "a player named '" + name + "' already exists"));
  if (rc != SQLITE_DONE)
    return fail(make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_)));
  const std::int64_t id = sqlite3_last_insert_rowid(db_);
  SqliteStatement k(db_, "INSERT INTO player_name_keys (name_key, player) VALUES (?1, ?2)");
  k.bind(1, key).bind(2, id);
  rc = k.run();
  if (rc == SQLITE_CONSTRAINT || sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_PRIMARYKEY) {
    SqliteStatement holder(db_,
                           "SELECT p.name FROM player_name_keys k JOIN players p ON p.id = k.player WHERE "
                           "k.name_key = ?1");
    holder.bind(1, key);
    const std::string other = holder.step() ? holder.text(0) : std::string("another player");
    return fail(
        make_error("name_taken", "the name '" + name + "' looks like " + other + "'s: choose another"));
  }
  if (rc != SQLITE_DONE)
    return fail(make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_)));
  if (Status st = exec("COMMIT"); !st) return fail(make_error("not_saved", st.error().message));
  return Player{id, name, now, !password_hash.empty()};
}

Status SqliteStore::backfill_name_keys() {
  std::vector<std::pair<std::int64_t, std::string>> missing;
  {
    SqliteStatement q(
        db_,
        "SELECT id, name FROM players WHERE id NOT IN (SELECT player FROM player_name_keys) ORDER BY id");
    while (q.step()) missing.emplace_back(q.integer(0), q.text(1));
  }
  if (missing.empty()) return Ok{};
  if (Status st = exec("BEGIN IMMEDIATE"); !st) return st;
  for (const auto& [id, name] : missing) {
    // Of two older profiles whose names look alike, the older keeps the key
    // (and both their names): only new names are held to it.
    SqliteStatement k(db_, "INSERT OR IGNORE INTO player_name_keys (name_key, player) VALUES (?1, ?2)");
    k.bind(1, name_key(name)).bind(2, id);
    if (k.run() != SQLITE_DONE) {
      std::string msg = sqlite3_errmsg(db_);
      (void)exec("ROLLBACK");
      return make_error("database: " + msg);
    }
  }
  return exec("COMMIT");
}

Expected<std::vector<Player>> SqliteStore::players() {
  std::lock_guard lock(mutex_);
  std::vector<Player> out;
  SqliteStatement q(db_, "SELECT id, name, created_ms, password_hash != '' FROM players ORDER BY name");
  while (q.step()) out.push_back({q.integer(0), q.text(1), q.integer(2), q.integer(3) != 0});
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
}

Expected<std::optional<Player>> SqliteStore::player(std::int64_t id) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT id, name, created_ms, password_hash != '' FROM players WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) {
    if (q.failed()) return sqlite_unavailable(db_);
    return std::optional<Player>();
  }
  return std::optional<Player>(Player{q.integer(0), q.text(1), q.integer(2), q.integer(3) != 0});
}

Expected<std::optional<Rating>> SqliteStore::rating(std::int64_t player, const std::string& game) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT elo, games, level_points FROM ratings WHERE player = ?1 AND game = ?2");
  q.bind(1, player).bind(2, game);
  if (!q.step()) {
    if (q.failed()) return sqlite_unavailable(db_);
    return std::optional<Rating>();
  }
  return std::optional<Rating>(Rating{player, game, q.real(0), static_cast<int>(q.integer(1)), q.text(2)});
}

Status SqliteStore::save_rating(const Rating& r, const std::string& game_id, std::int64_t at_ms) {
  std::lock_guard lock(mutex_);
  return write_rating(r, game_id, at_ms);
}

Status SqliteStore::write_rating(const Rating& r, const std::string& game_id, std::int64_t at_ms) {
  SqliteStatement q(
      db_, "INSERT OR REPLACE INTO ratings (player, game, elo, games, level_points) VALUES (?1,?2,?3,?4,?5)");
  q.bind(1, r.player_id)
      .bind(2, r.game)
      .bind(3, r.elo)
      .bind(4, std::int64_t{r.games})
      .bind(5, r.level_points);
  if (q.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  SqliteStatement h(
      db_,
      "INSERT INTO rating_history (player, game, game_id, elo, at_ms, points) VALUES (?1,?2,?3,?4,?5,?6)");
  h.bind(1, r.player_id).bind(2, r.game).bind(3, game_id).bind(4, r.elo).bind(5, at_ms);
  h.bind(6, std::int64_t{level_points_of(r)});
  if (h.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Expected<std::vector<RatingPoint>> SqliteStore::rating_history(std::int64_t player, const std::string& game) {
  std::lock_guard lock(mutex_);
  std::vector<RatingPoint> out;
  SqliteStatement q(db_,
                    "SELECT game_id, elo, points, at_ms FROM rating_history WHERE player = ?1 AND game = ?2 "
                    "ORDER BY at_ms, rowid");
  q.bind(1, player).bind(2, game);
  while (q.step()) out.push_back({q.text(0), q.real(1), static_cast<int>(q.integer(2)), q.integer(3)});
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
}

Expected<bool> SqliteStore::rated_already(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT 1 FROM rating_history WHERE game_id = ?1 LIMIT 1");
  q.bind(1, game_id);
  const bool found = q.step();
  if (q.failed()) return sqlite_unavailable(db_);
  return found;
}

Expected<std::optional<std::string>> SqliteStore::password_hash(std::int64_t player) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT password_hash FROM players WHERE id = ?1");
  q.bind(1, player);
  if (!q.step()) {
    if (q.failed()) return sqlite_unavailable(db_);
    return std::optional<std::string>();
  }
  return std::optional<std::string>(q.text(0));
}

bool SqliteStore::write_password(std::int64_t player, const std::string& hash) {
  SqliteStatement q(db_, "UPDATE players SET password_hash = ?2 WHERE id = ?1");
  q.bind(1, player).bind(2, hash);
  SqliteStatement d(db_, "DELETE FROM logins WHERE player = ?1");
  d.bind(1, player);
  SqliteStatement c(db_, "DELETE FROM claim_codes WHERE player = ?1");
  c.bind(1, player);
  return q.run() == SQLITE_DONE && d.run() == SQLITE_DONE && c.run() == SQLITE_DONE;
}

Status SqliteStore::set_password_hash(std::int64_t player, const std::string& hash) {
  std::lock_guard lock(mutex_);
  if (Status st = exec("BEGIN"); !st) return st;
  if (!write_password(player, hash)) {
    std::string msg = sqlite3_errmsg(db_);
    (void)exec("ROLLBACK");
    return make_error("not_saved", "database: " + msg);
  }
  return exec("COMMIT");
}

Status SqliteStore::add_login(const std::string& token_hash, std::int64_t player, std::int64_t now_ms,
                              std::int64_t expires_ms) {
  std::lock_guard lock(mutex_);
  SqliteStatement purge(db_, "DELETE FROM logins WHERE expires_ms <= ?1");
  purge.bind(1, now_ms);
  (void)purge.run();
  SqliteStatement q(
      db_, "INSERT INTO logins (token_hash, player, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4)");
  q.bind(1, token_hash).bind(2, player).bind(3, now_ms).bind(4, expires_ms);
  if (q.run() != SQLITE_DONE) return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Expected<std::optional<std::int64_t>> SqliteStore::login_player(const std::string& token_hash,
                                                                std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT player FROM logins WHERE token_hash = ?1 AND expires_ms > ?2");
  q.bind(1, token_hash).bind(2, now_ms);
  if (!q.step()) {
    if (q.failed()) return sqlite_unavailable(db_);
    return std::optional<std::int64_t>();
  }
  return std::optional<std::int64_t>(q.integer(0));
}

Status SqliteStore::remove_login(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "DELETE FROM logins WHERE token_hash = ?1");
  q.bind(1, token_hash);
  if (q.run() != SQLITE_DONE) return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Status SqliteStore::set_claim_code(const ClaimCode& code) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(
      db_,
      "INSERT OR REPLACE INTO claim_codes (player, origin, code_hash, created_ms, expires_ms) VALUES "
      "(?1, ?2, ?3, ?4, ?5)");
  q.bind(1, code.player).bind(2, code.origin).bind(3, code.code_hash).bind(4, code.created_ms);
  q.bind(5, code.expires_ms);
  if (q.run() != SQLITE_DONE) return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Expected<bool> SqliteStore::claim_with_code(std::int64_t player, const std::string& code_hash,
                                            const std::string& password_hash, std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  if (Status st = exec("BEGIN IMMEDIATE"); !st) return make_error("not_saved", st.error().message);
  auto fail = [&]() -> Expected<bool> {
    std::string msg = sqlite3_errmsg(db_);
    (void)exec("ROLLBACK");
    return make_error("not_saved", "database: " + msg);
  };
  // The code is spent by the statement that finds it: of two requests with
  // one code, one claims.
  SqliteStatement spend(db_,
                        "DELETE FROM claim_codes WHERE player = ?1 AND code_hash = ?2 AND (expires_ms = 0 OR "
                        "expires_ms > ?3)");
  spend.bind(1, player).bind(2, code_hash).bind(3, now_ms);
  if (spend.run() != SQLITE_DONE) return fail();
  if (sqlite3_changes(db_) == 0) {
    (void)exec("ROLLBACK");
    return false;
  }
  if (!write_password(player, password_hash)) return fail();
  if (Status st = exec("COMMIT"); !st) return fail();
  return true;
}

}  // namespace qi::app
