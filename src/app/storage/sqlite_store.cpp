#include "app/storage/sqlite_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "app/storage/challenge_row.h"
#include "app/storage/migrations.h"
#include "app/player_name.h"
#include "app/ratings.h"
#include "app/session_json.h"
#include "app/storage/stored_game.h"

namespace qi::app {
namespace {

// One prepared statement, finalised on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) {
    ok_ = sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) == SQLITE_OK;
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool ok() const { return ok_; }
  Statement& bind(int i, const std::string& v) {
    sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    sqlite3_bind_int64(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, double v) {
    sqlite3_bind_double(stmt_, i, v);
    return *this;
  }
  Statement& bind(int i, std::optional<std::int64_t> v) {
    if (v)
      sqlite3_bind_int64(stmt_, i, *v);
    else
      sqlite3_bind_null(stmt_, i);
    return *this;
  }
  // The next row; false at the end, or on an error (then failed() says so).
  bool step() {
    rc_ = ok_ ? sqlite3_step(stmt_) : SQLITE_ERROR;
    return rc_ == SQLITE_ROW;
  }
  // Whether the statement could not be prepared, or its last step ended on
  // an error rather than a row or the end: a read that failed, not one that
  // found nothing.
  bool failed() const { return rc_ != SQLITE_ROW && rc_ != SQLITE_DONE; }
  int run() {
    step();
    return rc_;
  }
  std::string text(int col) const {
    const unsigned char* t = sqlite3_column_text(stmt_, col);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::optional<std::int64_t> optional_integer(int col) const {
    if (sqlite3_column_type(stmt_, col) == SQLITE_NULL) return std::nullopt;
    return integer(col);
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
  bool ok_ = false;
  int rc_ = SQLITE_DONE;
};

Error unavailable(sqlite3* db) { return store_unavailable(sqlite3_errmsg(db)); }

}  // namespace

std::string default_database_path() {
  std::filesystem::path dir;
  if (const char* xdg = std::getenv("XDG_DATA_HOME"); xdg && *xdg)
    dir = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    dir = std::filesystem::path(home) / ".local/share";
  else
    dir = ".";
  return (dir / "qi" / "qi.db").string();
}

Expected<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path, Durability durability,
                                                         const std::string& vfs) {
  const bool in_memory = path == ":memory:";
  if (!in_memory) {
    std::error_code ec;
    std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  }
  sqlite3* db = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
                           vfs.empty() ? nullptr : vfs.c_str());
  if (rc != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return make_error("database " + path + ": " + msg);
  }
  std::unique_ptr<SqliteStore> store(new SqliteStore(db));
  // SQLite opens a file it may not write read-only, and every write would
  // fail later: refuse it now.
  if (sqlite3_db_readonly(db, "main") == 1)
    return make_error("database " + path +
                      " is read-only: qi must be able to write it and its folder (check their owner and "
                      "permissions)");
  sqlite3_busy_timeout(db, 2000);
  if (!in_memory) {
    Statement wal(db, "PRAGMA journal_mode=WAL");
    if (!wal.step() || wal.text(0) != "wal")
      return make_error("database " + path + ": cannot use a write-ahead log: " + sqlite3_errmsg(db));
  }
  if (Status st = store->exec(std::string("PRAGMA synchronous=") +
                              (durability == Durability::PowerLoss ? "FULL" : "NORMAL") +
                              "; PRAGMA foreign_keys=ON;");
      !st)
    return make_error("database " + path + ": " + st.error().message);
  Status log_written_back = Ok{};
  if (!in_memory) {
    if (Status st = store->bound_log(); !st)
      return make_error("database " + path + ": " + st.error().message);
    // A log left by the last run (killed, or on a disk too full to write
    // it back when it closed) is written back and emptied before the first
    // write, which then has its space.
    log_written_back = store->empty_log();
  }
  if (Status st = store->check_usable(path); !st) {
    if (log_written_back) return st.error();
    return make_error(st.error().message + "; its write-ahead log (" + path +
                      "-wal) could not be written back either (" + log_written_back.error().message +
                      "): free some space on its disk, and qi writes it back when it starts");
  }
  return store;
}

Status SqliteStore::bound_log() {
  std::int64_t page_size = 4096;
  {
    Statement q(db_, "PRAGMA page_size");
    if (q.step() && q.integer(0) > 0) page_size = q.integer(0);
  }
  const std::int64_t pages = std::max<std::int64_t>(1, kLogCheckpointBytes / page_size);
  // SQLite writes the log back into the database once it holds this many
  // pages (its default, 1000 pages, is 4 MiB: more than a small disk has),
  // and cuts it back to this size when it starts over (by default it keeps
  // the file at its largest, which then took the space of every later
  // write): the log's share of the disk is bounded.
  return exec("PRAGMA wal_autocheckpoint=" + std::to_string(pages) +
              "; PRAGMA journal_size_limit=" + std::to_string(kLogCheckpointBytes) + ";");
}

Status SqliteStore::empty_log() {
  int log_frames = 0, written_back = 0;
  const int rc =
      sqlite3_wal_checkpoint_v2(db_, "main", SQLITE_CHECKPOINT_TRUNCATE, &log_frames, &written_back);
  if (rc == SQLITE_OK) return Ok{};
  return make_error(std::string("database: ") + sqlite3_errmsg(db_));
}

Status SqliteStore::check_usable(const std::string& path) {
  // quick_check reads every page and checks each b-tree's structure (what a
  // torn or overwritten page breaks) without integrity_check's index
  // cross-check, which is linear in the rows times their indexes.
  {
    Statement check(db_, "PRAGMA quick_check(1)");
    if (!check.ok() || !check.step())
      return make_error("database " + path + " cannot be read: " + sqlite3_errmsg(db_));
    if (std::string found = check.text(0); found != "ok") {
      std::replace(found.begin(), found.end(), '\n', ' ');  // one line: SQLite's text has several
      return make_error("database " + path + " is damaged (SQLite's integrity check: " + found +
                        "); restore it from a backup (qi backup makes one)");
    }
  }
  if (Status st = migrate(); !st) return make_error("database " + path + ": " + st.error().message);
  if (Status st = backfill_name_keys(); !st)
    return make_error("database " + path + ": " + st.error().message);
  for (const char* table : {"games", "players", "ratings", "rating_history", "logins"}) {
    Statement q(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
    q.bind(1, std::string(table));
    if (!q.step())
      return make_error("database " + path + " is damaged: its table '" + table +
                        "' is missing; restore it from a backup");
  }
  // A write that changes nothing but must reach the file: a database on a
  // read-only mount or a full disk fails here, not at the first move.
  int version = 0;
  {
    Statement q(db_, "PRAGMA user_version");
    if (q.step()) version = static_cast<int>(q.integer(0));
  }
  if (Status st = exec("BEGIN IMMEDIATE; PRAGMA user_version=" + std::to_string(version) + "; COMMIT;");
      !st) {
    (void)exec("ROLLBACK");
    return make_error("cannot write to database " + path + ": " + st.error().message);
  }
  return Ok{};
}

SqliteStore::~SqliteStore() { sqlite3_close(db_); }

Status SqliteStore::exec(const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = err ? err : "unknown error";
    sqlite3_free(err);
    return make_error("database: " + msg);
  }
  return Ok{};
}

int SqliteStore::schema_version() {
  std::lock_guard lock(mutex_);
  Statement q(db_, "PRAGMA user_version");
  return q.step() ? static_cast<int>(q.integer(0)) : 0;
}

Status SqliteStore::migrate() {
  int version = 0;
  {
    Statement q(db_, "PRAGMA user_version");
    if (q.step()) version = static_cast<int>(q.integer(0));
  }
  const auto& steps = schema_migrations();
  if (version > static_cast<int>(steps.size()))
    return make_error("database schema " + std::to_string(version) + " is newer than this qi knows (" +
                      std::to_string(steps.size()) + ")");
  for (int n = version; n < static_cast<int>(steps.size()); ++n) {
    std::string sql =
        "BEGIN;" + std::string(steps[n]) + "PRAGMA user_version=" + std::to_string(n + 1) + ";COMMIT;";
    if (Status st = exec(sql); !st) {
      (void)exec("ROLLBACK;");
      return make_error("migration " + std::to_string(n + 1) + ": " + st.error().message);
    }
  }
  return Ok{};
}

Status SqliteStore::save_game(const GameWrite& write) {
  auto batch = save_games({write});
  if (!batch) return batch.error();
  if (!batch->empty()) return stale_error(write.saved.id);
  return Ok{};
}

Expected<StaleWrites> SqliteStore::save_games(const std::vector<GameWrite>& writes) {
  std::vector<std::string> states;
  states.reserve(writes.size());
  for (const GameWrite& w : writes) states.push_back(to_json(w.saved).dump());
  std::lock_guard lock(mutex_);
  if (Status st = exec("BEGIN IMMEDIATE"); !st) return st.error();
  StaleWrites stale;
  for (std::size_t i = 0; i < writes.size(); ++i) {
    auto current = stored_version(writes[i].saved.id);
    if (!current) {
      (void)exec("ROLLBACK");
      return current.error();
    }
    // Checked inside the transaction that writes, so no other write of the
    // game comes between the check and the write.
    if (writes[i].expected_version && *current != writes[i].expected_version) {
      stale.push_back(i);
      continue;
    }
    if (Status st = write_game(writes[i], states[i]); !st) {
      (void)exec("ROLLBACK");
      return st.error();
    }
  }
  if (Status st = exec("COMMIT"); !st) {
    (void)exec("ROLLBACK");
    return st.error();
  }
  return stale;
}

Expected<std::optional<std::uint64_t>> SqliteStore::stored_version(const std::string& id) {
  Statement q(db_, "SELECT version FROM games WHERE id = ?1");
  if (!q.ok()) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  q.bind(1, id);
  int rc = q.run();
  if (rc == SQLITE_DONE) return std::optional<std::uint64_t>();
  if (rc != SQLITE_ROW) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  return std::optional<std::uint64_t>(static_cast<std::uint64_t>(q.integer(0)));
}

Status SqliteStore::write_game(const GameWrite& w, const std::string& state) {
  const Session::Saved& s = w.saved;
  if (w.remove) {
    Statement q(db_, "DELETE FROM games WHERE id = ?1");
    if (!q.ok()) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
    q.bind(1, s.id);
    if (q.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
    return Ok{};
  }
  const Outcome& outcome = w.outcome;
  Statement q(
      db_,
      "INSERT OR REPLACE INTO games (id, game, variant, status, score, termination, reason, first_name, "
      "second_name, first_player, second_player, first_level, second_level, plies, rated, created_ms, "
      "updated_ms, state, reason_zh, to_move, version) VALUES "
      "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20,?21)");
  if (!q.ok()) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  q.bind(1, s.id).bind(2, s.setup.game).bind(3, s.setup.variant);
  const char* status = outcome.verdict == Verdict::Aborted ? "aborted" : outcome.over() ? "over" : "ongoing";
  q.bind(4, std::string(status)).bind(5, score_text(outcome));
  q.bind(6, std::string(name_of(outcome.termination))).bind(7, w.ending.en);
  q.bind(8, s.setup.seats[0].name).bind(9, s.setup.seats[1].name);
  q.bind(10, s.setup.seats[0].player_id).bind(11, s.setup.seats[1].player_id);
  q.bind(12, std::int64_t{s.setup.seats[0].level}).bind(13, std::int64_t{s.setup.seats[1].level});
  q.bind(14, std::int64_t{w.plies})
      .bind(15, std::int64_t{s.setup.rated})
      .bind(16, s.created_ms)
      .bind(17, s.updated_ms);
  q.bind(18, state)
      .bind(19, w.ending.zh)
      .bind(20, std::string(w.to_move == Side::First ? "first" : "second"))
      .bind(21, static_cast<std::int64_t>(s.version));
  if (q.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  for (const RatingWrite& r : w.ratings)
    if (Status st = write_rating(r.rating, s.id, r.at_ms); !st) return st;
  return Ok{};
}

Expected<std::vector<Session::Saved>> SqliteStore::unfinished_games() {
  std::lock_guard lock(mutex_);
  std::vector<Session::Saved> out;
  Statement q(db_, "SELECT id, state FROM games WHERE status = 'ongoing' ORDER BY created_ms");
  while (q.step())
    if (auto s = read_stored_game(q.text(0), q.text(1))) out.push_back(std::move(*s));
  if (q.failed()) return unavailable(db_);
  return out;
}

Expected<std::optional<Session::Saved>> SqliteStore::load_game(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT state FROM games WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) {
    if (q.failed()) return unavailable(db_);
    return std::optional<Session::Saved>();
  }
  auto saved = read_stored_game(id, q.text(0));
  if (!saved) return saved.error();
  return std::optional<Session::Saved>(std::move(*saved));
}

Expected<std::vector<GameSummary>> SqliteStore::list_games(int limit, std::optional<std::int64_t> player) {
  std::lock_guard lock(mutex_);
  std::vector<GameSummary> out;
  Statement q(
      db_,
      "SELECT id, game, variant, status, score, termination, reason, first_name, second_name, first_player, "
      "second_player, first_level, second_level, plies, rated, created_ms, updated_ms, reason_zh, to_move "
      "FROM "
      "games WHERE status != 'aborted' AND (?1 IS NULL OR first_player = ?1 OR second_player = ?1) ORDER BY "
      "updated_ms DESC LIMIT ?2");
  q.bind(1, player).bind(2, std::int64_t{limit});
  while (q.step()) {
    GameSummary g;
    g.id = q.text(0);
    g.game = q.text(1);
    g.variant = q.text(2);
    g.status = q.text(3);
    g.score = q.text(4);
    g.termination = q.text(5);
    g.ending = {q.text(6), q.text(17)};
    g.names = {q.text(7), q.text(8)};
    g.player_ids = {q.optional_integer(9), q.optional_integer(10)};
    g.levels = {static_cast<int>(q.integer(11)), static_cast<int>(q.integer(12))};
    g.plies = static_cast<int>(q.integer(13));
    g.rated = q.integer(14) != 0;
    g.created_ms = q.integer(15);
    g.updated_ms = q.integer(16);
    g.to_move = q.text(18);
    out.push_back(std::move(g));
  }
  if (q.failed()) return unavailable(db_);
  return out;
}

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
  Statement q(db_, "INSERT INTO players (name, created_ms, password_hash) VALUES (?1, ?2, ?3)");
  q.bind(1, name).bind(2, std::int64_t{now}).bind(3, password_hash);
  int rc = q.run();
  if (rc == SQLITE_CONSTRAINT || sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_UNIQUE)
    return fail(make_error("name_taken", "a player named '" + name + "' already exists"));
  if (rc != SQLITE_DONE)
    return fail(make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_)));
  const std::int64_t id = sqlite3_last_insert_rowid(db_);
  Statement k(db_, "INSERT INTO player_name_keys (name_key, player) VALUES (?1, ?2)");
  k.bind(1, key).bind(2, id);
  rc = k.run();
  if (rc == SQLITE_CONSTRAINT || sqlite3_extended_errcode(db_) == SQLITE_CONSTRAINT_PRIMARYKEY) {
    Statement holder(db_,
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
    Statement q(
        db_,
        "SELECT id, name FROM players WHERE id NOT IN (SELECT player FROM player_name_keys) ORDER BY id");
    while (q.step()) missing.emplace_back(q.integer(0), q.text(1));
  }
  if (missing.empty()) return Ok{};
  if (Status st = exec("BEGIN IMMEDIATE"); !st) return st;
  for (const auto& [id, name] : missing) {
    // Of two older profiles whose names look alike, the older keeps the key
    // (and both their names): only new names are held to it.
    Statement k(db_, "INSERT OR IGNORE INTO player_name_keys (name_key, player) VALUES (?1, ?2)");
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
  Statement q(db_, "SELECT id, name, created_ms, password_hash != '' FROM players ORDER BY name");
  while (q.step()) out.push_back({q.integer(0), q.text(1), q.integer(2), q.integer(3) != 0});
  if (q.failed()) return unavailable(db_);
  return out;
}

Expected<std::optional<Player>> SqliteStore::player(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT id, name, created_ms, password_hash != '' FROM players WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) {
    if (q.failed()) return unavailable(db_);
    return std::optional<Player>();
  }
  return std::optional<Player>(Player{q.integer(0), q.text(1), q.integer(2), q.integer(3) != 0});
}

Expected<std::optional<Rating>> SqliteStore::rating(std::int64_t player, const std::string& game) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT elo, games, level_points FROM ratings WHERE player = ?1 AND game = ?2");
  q.bind(1, player).bind(2, game);
  if (!q.step()) {
    if (q.failed()) return unavailable(db_);
    return std::optional<Rating>();
  }
  return std::optional<Rating>(Rating{player, game, q.real(0), static_cast<int>(q.integer(1)), q.text(2)});
}

Status SqliteStore::save_rating(const Rating& r, const std::string& game_id, std::int64_t at_ms) {
  std::lock_guard lock(mutex_);
  return write_rating(r, game_id, at_ms);
}

Status SqliteStore::write_rating(const Rating& r, const std::string& game_id, std::int64_t at_ms) {
  Statement q(
      db_, "INSERT OR REPLACE INTO ratings (player, game, elo, games, level_points) VALUES (?1,?2,?3,?4,?5)");
  q.bind(1, r.player_id)
      .bind(2, r.game)
      .bind(3, r.elo)
      .bind(4, std::int64_t{r.games})
      .bind(5, r.level_points);
  if (q.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  Statement h(
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
  Statement q(db_,
              "SELECT game_id, elo, points, at_ms FROM rating_history WHERE player = ?1 AND game = ?2 ORDER "
              "BY at_ms, "
              "rowid");
  q.bind(1, player).bind(2, game);
  while (q.step()) out.push_back({q.text(0), q.real(1), static_cast<int>(q.integer(2)), q.integer(3)});
  if (q.failed()) return unavailable(db_);
  return out;
}

Expected<bool> SqliteStore::rated_already(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT 1 FROM rating_history WHERE game_id = ?1 LIMIT 1");
  q.bind(1, game_id);
  const bool found = q.step();
  if (q.failed()) return unavailable(db_);
  return found;
}

Expected<std::optional<std::string>> SqliteStore::password_hash(std::int64_t player) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT password_hash FROM players WHERE id = ?1");
  q.bind(1, player);
  if (!q.step()) {
    if (q.failed()) return unavailable(db_);
    return std::optional<std::string>();
  }
  return std::optional<std::string>(q.text(0));
}

bool SqliteStore::write_password(std::int64_t player, const std::string& hash) {
  Statement q(db_, "UPDATE players SET password_hash = ?2 WHERE id = ?1");
  q.bind(1, player).bind(2, hash);
  Statement d(db_, "DELETE FROM logins WHERE player = ?1");
  d.bind(1, player);
  Statement c(db_, "DELETE FROM claim_codes WHERE player = ?1");
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
  Statement purge(db_, "DELETE FROM logins WHERE expires_ms <= ?1");
  purge.bind(1, now_ms);
  (void)purge.run();
  Statement q(db_, "INSERT INTO logins (token_hash, player, created_ms, expires_ms) VALUES (?1, ?2, ?3, ?4)");
  q.bind(1, token_hash).bind(2, player).bind(3, now_ms).bind(4, expires_ms);
  if (q.run() != SQLITE_DONE) return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Expected<std::optional<std::int64_t>> SqliteStore::login_player(const std::string& token_hash,
                                                                std::int64_t now_ms) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT player FROM logins WHERE token_hash = ?1 AND expires_ms > ?2");
  q.bind(1, token_hash).bind(2, now_ms);
  if (!q.step()) {
    if (q.failed()) return unavailable(db_);
    return std::optional<std::int64_t>();
  }
  return std::optional<std::int64_t>(q.integer(0));
}

Status SqliteStore::remove_login(const std::string& token_hash) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "DELETE FROM logins WHERE token_hash = ?1");
  q.bind(1, token_hash);
  if (q.run() != SQLITE_DONE) return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

Status SqliteStore::set_claim_code(const ClaimCode& code) {
  std::lock_guard lock(mutex_);
  Statement q(db_,
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
  Statement spend(db_,
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

// --- The lobby's challenges -------------------------------------------------

namespace {

constexpr const char* kChallengeColumns =
    "id, secret, client, status, setup, created_ms, expires_ms, game_id, creator_side, creator_token";

std::optional<Challenge> challenge_of(const Statement& q) {
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
  Statement count(db_,
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
  Statement q(db_,
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
  const std::string sql = std::string("SELECT ") + kChallengeColumns +
                          " FROM challenges WHERE status = 'open' AND expires_ms > ?1 "
                          "ORDER BY created_ms DESC, id LIMIT ?2";
  Statement q(db_, sql.c_str());
  q.bind(1, now_ms).bind(2, std::int64_t{limit});
  while (q.step())
    if (auto c = challenge_of(q)) out.push_back(std::move(*c));
  if (q.failed()) return unavailable(db_);
  return out;
}

Expected<std::optional<Challenge>> SqliteStore::challenge(const std::string& id) {
  std::lock_guard lock(mutex_);
  const std::string sql = std::string("SELECT ") + kChallengeColumns + " FROM challenges WHERE id = ?1";
  Statement q(db_, sql.c_str());
  q.bind(1, id);
  if (!q.step()) {
    if (q.failed()) return unavailable(db_);
    return std::optional<Challenge>();
  }
  return challenge_of(q);
}

Expected<bool> SqliteStore::change_challenge(const ChallengeChange& c) {
  std::lock_guard lock(mutex_);
  // One conditional UPDATE: of two accepts at once, only one finds it open.
  Statement q(db_,
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
  Statement q(db_, "UPDATE challenges SET expires_ms = ?2 WHERE id = ?1 AND status = 'open'");
  q.bind(1, id).bind(2, expires_ms);
  if (!q.ok() || q.run() != SQLITE_DONE)
    return make_error("not_saved", std::string("database: ") + sqlite3_errmsg(db_));
  return Ok{};
}

void SqliteStore::purge_challenges(std::int64_t before_ms) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "DELETE FROM challenges WHERE created_ms < ?1 OR status = 'cancelled'");
  q.bind(1, before_ms);
  (void)q.run();
}

Status backup_database(const std::string& from, const std::string& to) {
  if (std::filesystem::exists(to))
    return make_error(to + " already exists: a backup never overwrites a file");
  sqlite3* source = nullptr;
  sqlite3* target = nullptr;
  auto close_both = [&] {
    sqlite3_close(source);
    sqlite3_close(target);
  };
  if (sqlite3_open_v2(from.c_str(), &source, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    std::string msg = source ? sqlite3_errmsg(source) : "out of memory";
    close_both();
    return make_error("database " + from + ": " + msg);
  }
  if (sqlite3_open_v2(to.c_str(), &target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) !=
      SQLITE_OK) {
    std::string msg = target ? sqlite3_errmsg(target) : "out of memory";
    close_both();
    return make_error("backup " + to + ": " + msg);
  }
  sqlite3_busy_timeout(source, 2000);
  sqlite3_backup* backup = sqlite3_backup_init(target, "main", source, "main");
  if (!backup) {
    std::string msg = sqlite3_errmsg(target);
    close_both();
    return make_error("backup " + to + ": " + msg);
  }
  // A few hundred pages at a time, so that a live server's writers are held
  // up only briefly; a write between steps restarts the copy, as SQLite
  // documents, so the copy is always of one moment.
  int rc = SQLITE_OK;
  while ((rc = sqlite3_backup_step(backup, 256)) == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
    if (rc != SQLITE_OK) sqlite3_sleep(20);
  sqlite3_backup_finish(backup);
  std::string msg = sqlite3_errmsg(target);
  close_both();
  if (rc != SQLITE_DONE) {
    std::filesystem::remove(to);
    return make_error("backup " + to + " failed: " + msg);
  }
  // The copy opens as a store would open it (integrity, tables, a write).
  auto copy = SqliteStore::open(to);
  if (!copy) return make_error("the backup " + to + " does not check out: " + copy.error().message);
  return Ok{};
}

}  // namespace qi::app
