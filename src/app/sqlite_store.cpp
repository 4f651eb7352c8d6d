#include "app/sqlite_store.h"

#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>

#include "app/migrations.h"
#include "app/ratings.h"
#include "app/session_json.h"

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
  bool step() { return sqlite3_step(stmt_) == SQLITE_ROW; }
  int run() { return sqlite3_step(stmt_); }
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
};

std::optional<Session::Saved> parse_state(const std::string& text) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return std::nullopt;
  auto saved = saved_from_json(j);
  if (!saved) return std::nullopt;
  return *saved;
}

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

Expected<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& path, Durability durability) {
  if (path != ":memory:") {
    std::error_code ec;
    std::filesystem::path parent = std::filesystem::path(path).parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  }
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return make_error("database " + path + ": " + msg);
  }
  std::unique_ptr<SqliteStore> store(new SqliteStore(db));
  sqlite3_busy_timeout(db, 2000);
  (void)store->exec(std::string("PRAGMA journal_mode=WAL; PRAGMA synchronous=") +
                    (durability == Durability::PowerLoss ? "FULL" : "NORMAL") + "; PRAGMA foreign_keys=ON;");
  if (Status st = store->migrate(); !st) return st.error();
  return store;
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

Status SqliteStore::save_game(const GameWrite& write) { return save_games({write}); }

Status SqliteStore::save_games(const std::vector<GameWrite>& writes) {
  std::vector<std::string> states;
  states.reserve(writes.size());
  for (const GameWrite& w : writes) states.push_back(to_json(w.saved).dump());
  std::lock_guard lock(mutex_);
  if (Status st = exec("BEGIN"); !st) return st;
  for (std::size_t i = 0; i < writes.size(); ++i)
    if (Status st = write_game(writes[i], states[i]); !st) {
      (void)exec("ROLLBACK");
      return st;
    }
  return exec("COMMIT");
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
      "updated_ms, state, reason_zh, to_move) VALUES "
      "(?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,?15,?16,?17,?18,?19,?20)");
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
      .bind(20, std::string(w.to_move == Side::First ? "first" : "second"));
  if (q.run() != SQLITE_DONE) return make_error(std::string("database: ") + sqlite3_errmsg(db_));
  for (const RatingWrite& r : w.ratings)
    if (Status st = write_rating(r.rating, s.id, r.at_ms); !st) return st;
  return Ok{};
}

std::vector<Session::Saved> SqliteStore::unfinished_games() {
  std::lock_guard lock(mutex_);
  std::vector<Session::Saved> out;
  Statement q(db_, "SELECT state FROM games WHERE status = 'ongoing' ORDER BY created_ms");
  while (q.step())
    if (auto s = parse_state(q.text(0))) out.push_back(std::move(*s));
  return out;
}

std::optional<Session::Saved> SqliteStore::load_game(const std::string& id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT state FROM games WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return parse_state(q.text(0));
}

std::vector<GameSummary> SqliteStore::list_games(int limit, std::optional<std::int64_t> player) {
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
  return out;
}

Expected<Player> SqliteStore::add_player(const std::string& name) {
  std::lock_guard lock(mutex_);
  auto now = std::chrono::duration_cast<std::chrono::milliseconds>(
                 std::chrono::system_clock::now().time_since_epoch())
                 .count();
  Statement q(db_, "INSERT INTO players (name, created_ms) VALUES (?1, ?2)");
  q.bind(1, name).bind(2, std::int64_t{now});
  if (q.run() != SQLITE_DONE) return make_error("a player named '" + name + "' already exists");
  return Player{sqlite3_last_insert_rowid(db_), name, now};
}

std::vector<Player> SqliteStore::players() {
  std::lock_guard lock(mutex_);
  std::vector<Player> out;
  Statement q(db_, "SELECT id, name, created_ms FROM players ORDER BY name");
  while (q.step()) out.push_back({q.integer(0), q.text(1), q.integer(2)});
  return out;
}

std::optional<Player> SqliteStore::player(std::int64_t id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT id, name, created_ms FROM players WHERE id = ?1");
  q.bind(1, id);
  if (!q.step()) return std::nullopt;
  return Player{q.integer(0), q.text(1), q.integer(2)};
}

std::optional<Rating> SqliteStore::rating(std::int64_t player, const std::string& game) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT elo, games, level_points FROM ratings WHERE player = ?1 AND game = ?2");
  q.bind(1, player).bind(2, game);
  if (!q.step()) return std::nullopt;
  return Rating{player, game, q.real(0), static_cast<int>(q.integer(1)), q.text(2)};
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

std::vector<RatingPoint> SqliteStore::rating_history(std::int64_t player, const std::string& game) {
  std::lock_guard lock(mutex_);
  std::vector<RatingPoint> out;
  Statement q(db_,
              "SELECT game_id, elo, points, at_ms FROM rating_history WHERE player = ?1 AND game = ?2 ORDER "
              "BY at_ms, "
              "rowid");
  q.bind(1, player).bind(2, game);
  while (q.step()) out.push_back({q.text(0), q.real(1), static_cast<int>(q.integer(2)), q.integer(3)});
  return out;
}

bool SqliteStore::rated_already(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  Statement q(db_, "SELECT 1 FROM rating_history WHERE game_id = ?1 LIMIT 1");
  q.bind(1, game_id);
  return q.step();
}

}  // namespace qi::app
