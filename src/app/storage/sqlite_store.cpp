#include "app/storage/sqlite_store.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "app/session_json.h"
#include "app/storage/migrations.h"
#include "app/storage/sqlite_statement.h"
#include "app/storage/stored_game.h"

namespace qi::app {

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
    SqliteStatement wal(db, "PRAGMA journal_mode=WAL");
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
    SqliteStatement q(db_, "PRAGMA page_size");
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
    SqliteStatement check(db_, "PRAGMA quick_check(1)");
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
  for (const char* table : {"games", "players", "ratings", "rating_history", "logins", "lesson_progress"}) {
    SqliteStatement q(db_, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1");
    q.bind(1, std::string(table));
    if (!q.step())
      return make_error("database " + path + " is damaged: its table '" + table +
                        "' is missing; restore it from a backup");
  }
  // A write that changes nothing but must reach the file: a database on a
  // read-only mount or a full disk fails here, not at the first move.
  int version = 0;
  {
    SqliteStatement q(db_, "PRAGMA user_version");
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
  SqliteStatement q(db_, "PRAGMA user_version");
  return q.step() ? static_cast<int>(q.integer(0)) : 0;
}

Status SqliteStore::migrate() {
  int version = 0;
  {
    SqliteStatement q(db_, "PRAGMA user_version");
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
  SqliteStatement q(db_, "SELECT version FROM games WHERE id = ?1");
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
    SqliteStatement q(db_, "DELETE FROM games WHERE id = ?1");
    if (!q.ok()) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
    q.bind(1, s.id);
    if (q.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
    return Ok{};
  }
  const Outcome& outcome = w.outcome;
  SqliteStatement q(
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
  SqliteStatement q(db_, "SELECT id, state FROM games WHERE status = 'ongoing' ORDER BY created_ms");
  while (q.step())
    if (auto s = read_stored_game(q.text(0), q.text(1))) out.push_back(std::move(*s));
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
}

Expected<std::optional<Session::Saved>> SqliteStore::load_game(const std::string& id) {
  std::lock_guard lock(mutex_);
  SqliteStatement q(db_, "SELECT state FROM games WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) {
    if (q.failed()) return sqlite_unavailable(db_);
    return std::optional<Session::Saved>();
  }
  auto saved = read_stored_game(id, q.text(0));
  if (!saved) return saved.error();
  return std::optional<Session::Saved>(std::move(*saved));
}

Expected<std::vector<GameSummary>> SqliteStore::list_games(int limit, std::optional<std::int64_t> player) {
  std::lock_guard lock(mutex_);
  std::vector<GameSummary> out;
  SqliteStatement q(
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
  if (q.failed()) return sqlite_unavailable(db_);
  return out;
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
