#include "app/storage/postgres_store.h"

#include <chrono>

#include "app/player_name.h"
#include "app/ratings.h"
#include "app/session_json.h"
#include "app/storage/challenge_row.h"
#include "app/storage/postgres_migrations.h"
#include "app/storage/stored_game.h"

namespace qi::app {
namespace {

// Held (for its transaction) by whoever migrates: instances that start
// together migrate one after the other, the later ones finding nothing to do.
constexpr const char* kMigrationLock = "SELECT pg_advisory_xact_lock(7101190001)";

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// The columns of a game write, in the order of the statements below ($1..$21).
std::vector<PgParam> game_columns(const GameWrite& w, const std::string& state) {
  const Session::Saved& s = w.saved;
  const Outcome& outcome = w.outcome;
  const char* status = outcome.verdict == Verdict::Aborted ? "aborted" : outcome.over() ? "over" : "ongoing";
  return {s.id,
          s.setup.game,
          s.setup.variant,
          std::string(status),
          score_text(outcome),
          std::string(name_of(outcome.termination)),
          w.ending.en,
          w.ending.zh,
          s.setup.seats[0].name,
          s.setup.seats[1].name,
          pg_param(s.setup.seats[0].player_id),
          pg_param(s.setup.seats[1].player_id),
          pg_param(std::int64_t{s.setup.seats[0].level}),
          pg_param(std::int64_t{s.setup.seats[1].level}),
          pg_param(std::int64_t{w.plies}),
          pg_param(std::int64_t{s.setup.rated}),
          std::string(w.to_move == Side::First ? "first" : "second"),
          pg_param(s.created_ms),
          pg_param(s.updated_ms),
          pg_param(static_cast<std::int64_t>(s.version)),
          state};
}

constexpr const char* kUpsertGame =
    "INSERT INTO games (id, game, variant, status, score, termination, reason, reason_zh, first_name, "
    "second_name, first_player, second_player, first_level, second_level, plies, rated, to_move, created_ms, "
    "updated_ms, version, state) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,"
    "$20,$21) ON CONFLICT (id) DO UPDATE SET game = EXCLUDED.game, variant = EXCLUDED.variant, status = "
    "EXCLUDED.status, score = EXCLUDED.score, termination = EXCLUDED.termination, reason = EXCLUDED.reason, "
    "reason_zh = EXCLUDED.reason_zh, first_name = EXCLUDED.first_name, second_name = EXCLUDED.second_name, "
    "first_player = EXCLUDED.first_player, second_player = EXCLUDED.second_player, first_level = "
    "EXCLUDED.first_level, second_level = EXCLUDED.second_level, plies = EXCLUDED.plies, rated = "
    "EXCLUDED.rated, to_move = EXCLUDED.to_move, created_ms = EXCLUDED.created_ms, updated_ms = "
    "EXCLUDED.updated_ms, version = EXCLUDED.version, state = EXCLUDED.state";

// Writes only over the expected version ($22); a row comes back if it did.
// Under READ COMMITTED a concurrent writer's committed change is seen by the
// WHERE (the row is re-checked after the other's lock is released), so of
// two writers expecting one version exactly one matches.
constexpr const char* kConditionalUpdate =
    "UPDATE games SET game = $2, variant = $3, status = $4, score = $5, termination = $6, reason = $7, "
    "reason_zh = $8, first_name = $9, second_name = $10, first_player = $11, second_player = $12, "
    "first_level = $13, second_level = $14, plies = $15, rated = $16, to_move = $17, created_ms = $18, "
    "updated_ms = $19, version = $20, state = $21 WHERE id = $1 AND version = $22 RETURNING 1";

// The writes with the announcement of their change, in one statement: the
// announcement ($22 for the upsert, $23 for the conditional update) goes
// out only if the write was made.
const std::string kUpsertGameAnnounced = std::string("WITH written AS (") + kUpsertGame +
                                         " RETURNING 1) SELECT pg_notify('qi_games', $22) FROM written";
const std::string kConditionalUpdateAnnounced = std::string("WITH written AS (") + kConditionalUpdate +
                                                ") SELECT pg_notify('qi_games', $23) FROM written";

Status write_rating(PgConnection& conn, const Rating& r, const std::string& game_id, std::int64_t at_ms) {
  auto up = conn.exec(
      "INSERT INTO ratings (player, game, elo, games, level_points) VALUES ($1,$2,$3,$4,$5) ON CONFLICT "
      "(player, game) DO UPDATE SET elo = EXCLUDED.elo, games = EXCLUDED.games, level_points = "
      "EXCLUDED.level_points",
      {pg_param(r.player_id), r.game, pg_param(r.elo), pg_param(std::int64_t{r.games}), r.level_points});
  if (!up) return up.error();
  auto history = conn.exec(
      "INSERT INTO rating_history (player, game, game_id, elo, at_ms, points) VALUES ($1,$2,$3,$4,$5,$6)",
      {pg_param(r.player_id), r.game, game_id, pg_param(r.elo), pg_param(at_ms),
       pg_param(std::int64_t{level_points_of(r)})});
  if (!history) return history.error();
  return Ok{};
}

}  // namespace

Expected<std::unique_ptr<PostgresStore>> PostgresStore::open(const std::string& uri,
                                                             const std::string& instance, int connections) {
  auto pool = PgPool::open(uri, connections);
  if (!pool) return make_error("database: " + pool.error().message);
  std::unique_ptr<PostgresStore> store(new PostgresStore(std::move(*pool), instance));
  if (Status st = store->migrate(); !st) return make_error("database: " + st.error().message);
  if (Status st = store->backfill_name_keys(); !st) return make_error("database: " + st.error().message);
  return store;
}

Status PostgresStore::migrate() {
  auto conn = pool_->take();
  auto run = [&](const std::string& sql, const std::vector<PgParam>& params = {}) {
    return conn->exec(sql, params);
  };
  if (auto r = run("BEGIN"); !r) return r.error();
  auto fail = [&](const std::string& what, const Error& e) -> Status {
    (void)run("ROLLBACK");
    return make_error(what + ": " + e.message);
  };
  if (auto r = run(kMigrationLock); !r) return fail("migration lock", r.error());
  if (auto r = run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)"); !r)
    return fail("schema_version", r.error());
  auto current = run("SELECT version FROM schema_version");
  if (!current) return fail("schema_version", current.error());
  int version = 0;
  if (current->rows() == 0) {
    if (auto r = run("INSERT INTO schema_version (version) VALUES (0)"); !r)
      return fail("schema_version", r.error());
  } else {
    version = static_cast<int>(current->integer(0, 0));
  }
  const auto& steps = postgres_migrations();
  if (version > static_cast<int>(steps.size())) {
    (void)run("ROLLBACK");
    return make_error("database schema " + std::to_string(version) + " is newer than this qi knows (" +
                      std::to_string(steps.size()) + ")");
  }
  for (int n = version; n < static_cast<int>(steps.size()); ++n)
    if (auto r = run(std::string(steps[n])); !r) return fail("migration " + std::to_string(n + 1), r.error());
  if (auto r = run("UPDATE schema_version SET version = $1", {pg_param(std::int64_t(steps.size()))}); !r)
    return fail("schema_version", r.error());
  if (auto r = run("COMMIT"); !r) return fail("migration", r.error());
  return Ok{};
}

int PostgresStore::schema_version() {
  auto r = read("SELECT version FROM schema_version", {});
  return r && r->rows() > 0 ? static_cast<int>(r->integer(0, 0)) : 0;
}

void PostgresStore::note(const Status& status) {
  std::lock_guard lock(health_mutex_);
  if (status) {
    health_.last_error.clear();
    return;
  }
  ++health_.failed_commits;
  health_.last_error = status.error().message;
  health_.last_error_ms = now_ms();
}

StoreHealth PostgresStore::health() {
  std::lock_guard lock(health_mutex_);
  return health_;
}

Status PostgresStore::transaction(const std::function<Status(PgConnection&)>& body, bool one_statement) {
  auto conn = pool_->take();
  Status st = [&]() -> Status {
    if (one_statement) return body(*conn);
    if (auto r = conn->exec("BEGIN"); !r) return r.error();
    if (Status inner = body(*conn); !inner) {
      (void)conn->exec("ROLLBACK");
      return inner;
    }
    if (auto r = conn->exec("COMMIT"); !r) return r.error();
    return Ok{};
  }();
  // The app's own refusals pass as they are; what the database said fails
  // the write as not saved.
  if (!st && st.error().code != "name_taken" && st.error().code != "too_many_challenges") {
    note(st);
    return make_error("not_saved", st.error().message);
  }
  return st;
}

Expected<PgResult> PostgresStore::read(const std::string& sql, const std::vector<PgParam>& params) {
  auto r = pool_->read(sql, params);
  if (!r) return store_unavailable(r.error().message);
  return std::move(*r);
}

Status PostgresStore::save_game(const GameWrite& write) {
  auto batch = save_games({write});
  if (!batch) return batch.error();
  if (!batch->empty()) return stale_error(write.saved.id);
  return Ok{};
}

Expected<StaleWrites> PostgresStore::save_games(const std::vector<GameWrite>& writes) {
  StaleWrites stale;
  Status st = transaction(
      [&](PgConnection& conn) -> Status {
        stale.clear();
        for (std::size_t i = 0; i < writes.size(); ++i) {
          const GameWrite& w = writes[i];
          const std::optional<std::int64_t> expected =
              w.expected_version ? std::optional<std::int64_t>(static_cast<std::int64_t>(*w.expected_version))
                                 : std::nullopt;
          // A result's rating changes were computed from the ratings as read
          // before the game: if another server has rated this player since (a
          // game of theirs ended there at the same time), the write is stale and
          // the result is rated again from the ratings as they now are. The
          // lock orders the servers' rating writes for one player and game.
          bool ratings_moved = false;
          for (const RatingWrite& r : w.ratings) {
            auto lock = conn.exec("SELECT pg_advisory_xact_lock(hashtext($1))",
                                  {"rating " + std::to_string(r.rating.player_id) + " " + r.rating.game});
            if (!lock) return lock.error();
            auto now = conn.exec("SELECT games FROM ratings WHERE player = $1 AND game = $2",
                                 {pg_param(r.rating.player_id), r.rating.game});
            if (!now) return now.error();
            const std::int64_t rated_games = now->rows() ? now->integer(0, 0) : 0;
            if (rated_games != r.rating.games - 1) ratings_moved = true;
          }
          if (ratings_moved && expected) {
            stale.push_back(i);
            continue;
          }
          // The other servers are told of the change when it commits: "id
          // version instance", version 0 for a removal (which keeps the version
          // it had). A write announces itself in its own statement.
          const std::string payload =
              w.saved.id + " " + std::to_string(w.remove ? 0 : w.saved.version) + " " + instance_;
          Expected<PgResult> done = make_error("");
          if (w.remove) {
            done = conn.exec(
                "DELETE FROM games WHERE id = $1 AND ($2::bigint IS NULL OR version = $2) RETURNING 1",
                {w.saved.id, pg_param(expected)});
          } else {
            std::vector<PgParam> columns = game_columns(w, to_json(w.saved).dump());
            if (expected) columns.push_back(pg_param(*expected));
            columns.push_back(payload);
            done = conn.exec(expected ? kConditionalUpdateAnnounced : kUpsertGameAnnounced, columns);
          }
          if (!done) return done.error();
          // A conditional write that matched no row changed nothing: stale.
          if (expected && done->rows() == 0) {
            stale.push_back(i);
            continue;
          }
          for (const RatingWrite& r : w.ratings)
            if (Status rs = write_rating(conn, r.rating, w.saved.id, r.at_ms); !rs) return rs;
          if (w.remove)
            if (auto n = conn.exec("SELECT pg_notify('qi_games', $1)", {payload}); !n) return n.error();
        }
        return Ok{};
      },
      writes.size() == 1 && !writes[0].remove && writes[0].ratings.empty());
  if (!st) return st.error();
  note(Ok{});
  return stale;
}

Expected<std::vector<Session::Saved>> PostgresStore::unfinished_games() {
  std::vector<Session::Saved> out;
  auto r = read("SELECT id, state FROM games WHERE status = 'ongoing' ORDER BY created_ms, id", {});
  if (!r) return r.error();
  for (int i = 0; i < r->rows(); ++i)
    if (auto s = read_stored_game(r->text(i, 0), r->text(i, 1))) out.push_back(std::move(*s));
  return out;
}

Expected<std::optional<Session::Saved>> PostgresStore::load_game(const std::string& id) {
  auto r = read("SELECT state FROM games WHERE id = $1", {id});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<Session::Saved>();
  auto saved = read_stored_game(id, r->text(0, 0));
  if (!saved) return saved.error();
  return std::optional<Session::Saved>(std::move(*saved));
}

Expected<std::vector<GameSummary>> PostgresStore::list_games(int limit, std::optional<std::int64_t> player) {
  std::vector<GameSummary> out;
  auto r = read(
      "SELECT id, game, variant, status, score, termination, reason, first_name, second_name, first_player, "
      "second_player, first_level, second_level, plies, rated, created_ms, updated_ms, reason_zh, to_move "
      "FROM games WHERE status <> 'aborted' AND ($1::bigint IS NULL OR first_player = $1 OR second_player = "
      "$1) ORDER BY updated_ms DESC, id LIMIT $2",
      {pg_param(player), pg_param(std::int64_t{std::max(limit, 0)})});
  if (!r) return r.error();
  for (int i = 0; i < r->rows(); ++i) {
    GameSummary g;
    g.id = r->text(i, 0);
    g.game = r->text(i, 1);
    g.variant = r->text(i, 2);
    g.status = r->text(i, 3);
    g.score = r->text(i, 4);
    g.termination = r->text(i, 5);
    g.ending = {r->text(i, 6), r->text(i, 17)};
    g.names = {r->text(i, 7), r->text(i, 8)};
    g.player_ids = {r->optional_integer(i, 9), r->optional_integer(i, 10)};
    g.levels = {static_cast<int>(r->integer(i, 11)), static_cast<int>(r->integer(i, 12))};
    g.plies = static_cast<int>(r->integer(i, 13));
    g.rated = r->integer(i, 14) != 0;
    g.created_ms = r->integer(i, 15);
    g.updated_ms = r->integer(i, 16);
    g.to_move = r->text(i, 18);
    out.push_back(std::move(g));
  }
  return out;
}

Expected<Player> PostgresStore::add_player(const std::string& name, const std::string& password_hash) {
  const std::int64_t now = now_ms();
  const std::string key = name_key(name);
  std::int64_t id = 0;
  bool lookalike = false;
  Status st = transaction([&](PgConnection& conn) -> Status {
    auto r =
        conn.exec("INSERT INTO players (name, created_ms, password_hash) VALUES ($1, $2, $3) RETURNING id",
                  {name, pg_param(now), password_hash});
    if (!r) {
      if (r.error().code == kPgUniqueViolation)
        return make_error("name_taken", "a player named '" + name + "' already exists");
      return r.error();
    }
    id = r->integer(0, 0);
    // The name's key in the same transaction: a name that passes for
    // another's is refused as a name taken (the key is unique).
    auto k =
        conn.exec("INSERT INTO player_name_keys (name_key, player) VALUES ($1, $2)", {key, pg_param(id)});
    if (!k) {
      lookalike = k.error().code == kPgUniqueViolation;
      if (lookalike) return make_error("name_taken", "the name '" + name + "' looks like another's");
      return k.error();
    }
    return Ok{};
  });
  if (lookalike) {
    auto holder =
        read("SELECT p.name FROM player_name_keys k JOIN players p ON p.id = k.player WHERE k.name_key = $1",
             {key});
    const std::string other = holder && holder->rows() > 0 ? holder->text(0, 0) : "another player";
    return make_error("name_taken", "the name '" + name + "' looks like " + other + "'s: choose another");
  }
  if (!st) return st.error();
  return Player{id, name, now, !password_hash.empty()};
}

Status PostgresStore::backfill_name_keys() {
  auto missing = read(
      "SELECT id, name FROM players WHERE id NOT IN (SELECT player FROM player_name_keys) ORDER BY id", {});
  if (!missing) return make_error("the players' name keys cannot be read");
  if (missing->rows() == 0) return Ok{};
  return transaction([&](PgConnection& conn) -> Status {
    for (int i = 0; i < missing->rows(); ++i) {
      // Of two older profiles whose names look alike, the older keeps the
      // key (and both their names): only new names are held to it.
      // Instances starting together insert the same keys: the first wins.
      if (auto r = conn.exec(
              "INSERT INTO player_name_keys (name_key, player) VALUES ($1, $2) ON CONFLICT DO NOTHING",
              {name_key(missing->text(i, 1)), pg_param(missing->integer(i, 0))});
          !r)
        return r.error();
    }
    return Ok{};
  });
}

Expected<std::vector<Player>> PostgresStore::players() {
  std::vector<Player> out;
  auto r = read("SELECT id, name, created_ms, password_hash <> '' FROM players ORDER BY name", {});
  if (!r) return r.error();
  for (int i = 0; i < r->rows(); ++i)
    out.push_back({r->integer(i, 0), r->text(i, 1), r->integer(i, 2), r->text(i, 3) == "t"});
  return out;
}

Expected<std::optional<Player>> PostgresStore::player(std::int64_t id) {
  auto r =
      read("SELECT id, name, created_ms, password_hash <> '' FROM players WHERE id = $1", {pg_param(id)});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<Player>();
  return std::optional<Player>(
      Player{r->integer(0, 0), r->text(0, 1), r->integer(0, 2), r->text(0, 3) == "t"});
}

Expected<std::optional<Rating>> PostgresStore::rating(std::int64_t player, const std::string& game) {
  auto r = read("SELECT elo, games, level_points FROM ratings WHERE player = $1 AND game = $2",
                {pg_param(player), game});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<Rating>();
  return std::optional<Rating>(
      Rating{player, game, r->real(0, 0), static_cast<int>(r->integer(0, 1)), r->text(0, 2)});
}

Status PostgresStore::save_rating(const Rating& rating, const std::string& game_id, std::int64_t at_ms) {
  return transaction([&](PgConnection& conn) { return write_rating(conn, rating, game_id, at_ms); });
}

Expected<std::vector<RatingPoint>> PostgresStore::rating_history(std::int64_t player,
                                                                 const std::string& game) {
  std::vector<RatingPoint> out;
  auto r = read(
      "SELECT game_id, elo, points, at_ms FROM rating_history WHERE player = $1 AND game = $2 ORDER BY "
      "at_ms, id",
      {pg_param(player), game});
  if (!r) return r.error();
  for (int i = 0; i < r->rows(); ++i)
    out.push_back({r->text(i, 0), r->real(i, 1), static_cast<int>(r->integer(i, 2)), r->integer(i, 3)});
  return out;
}

Expected<bool> PostgresStore::rated_already(const std::string& game_id) {
  auto r = read("SELECT 1 FROM rating_history WHERE game_id = $1 LIMIT 1", {game_id});
  if (!r) return r.error();
  return r->rows() > 0;
}

Expected<std::optional<std::string>> PostgresStore::password_hash(std::int64_t player) {
  auto r = read("SELECT password_hash FROM players WHERE id = $1", {pg_param(player)});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<std::string>();
  return std::optional<std::string>(r->text(0, 0));
}

namespace {

// Within a transaction: `player`'s new password, which ends the profile's
// other logins and its claim codes (it is claimed).
Status write_password(PgConnection& conn, std::int64_t player, const std::string& hash) {
  if (auto r = conn.exec("UPDATE players SET password_hash = $2 WHERE id = $1", {pg_param(player), hash}); !r)
    return r.error();
  if (auto r = conn.exec("DELETE FROM logins WHERE player = $1", {pg_param(player)}); !r) return r.error();
  if (auto r = conn.exec("DELETE FROM claim_codes WHERE player = $1", {pg_param(player)}); !r)
    return r.error();
  return Ok{};
}

}  // namespace

Status PostgresStore::set_password_hash(std::int64_t player, const std::string& hash) {
  return transaction([&](PgConnection& conn) { return write_password(conn, player, hash); });
}

Status PostgresStore::add_login(const std::string& token_hash, std::int64_t player, std::int64_t now_ms,
                                std::int64_t expires_ms) {
  return transaction([&](PgConnection& conn) -> Status {
    if (auto r = conn.exec("DELETE FROM logins WHERE expires_ms <= $1", {pg_param(now_ms)}); !r)
      return r.error();
    if (auto r =
            conn.exec("INSERT INTO logins (token_hash, player, created_ms, expires_ms) VALUES ($1,$2,$3,$4)",
                      {token_hash, pg_param(player), pg_param(now_ms), pg_param(expires_ms)});
        !r)
      return r.error();
    return Ok{};
  });
}

Expected<std::optional<std::int64_t>> PostgresStore::login_player(const std::string& token_hash,
                                                                  std::int64_t now_ms) {
  auto r = read("SELECT player FROM logins WHERE token_hash = $1 AND expires_ms > $2",
                {token_hash, pg_param(now_ms)});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<std::int64_t>();
  return std::optional<std::int64_t>(r->integer(0, 0));
}

Status PostgresStore::remove_login(const std::string& token_hash) {
  return transaction([&](PgConnection& conn) -> Status {
    if (auto r = conn.exec("DELETE FROM logins WHERE token_hash = $1", {token_hash}); !r) return r.error();
    return Ok{};
  });
}

Status PostgresStore::set_claim_code(const ClaimCode& code) {
  return transaction(
      [&](PgConnection& conn) -> Status {
        if (auto r = conn.exec(
                "INSERT INTO claim_codes (player, origin, code_hash, created_ms, expires_ms) VALUES "
                "($1, $2, $3, $4, $5) ON CONFLICT (player, origin) DO UPDATE SET code_hash = "
                "EXCLUDED.code_hash, created_ms = EXCLUDED.created_ms, expires_ms = EXCLUDED.expires_ms",
                {pg_param(code.player), code.origin, code.code_hash, pg_param(code.created_ms),
                 pg_param(code.expires_ms)});
            !r)
          return r.error();
        return Ok{};
      },
      true);
}

Expected<bool> PostgresStore::claim_with_code(std::int64_t player, const std::string& code_hash,
                                              const std::string& password_hash, std::int64_t now_ms) {
  bool claimed = false;
  Status st = transaction([&](PgConnection& conn) -> Status {
    // The code is spent by the statement that finds it: of two requests
    // with one code (on any instances), one claims.
    auto spent = conn.exec(
        "DELETE FROM claim_codes WHERE player = $1 AND code_hash = $2 AND (expires_ms = 0 OR expires_ms > "
        "$3) "
        "RETURNING 1",
        {pg_param(player), code_hash, pg_param(now_ms)});
    if (!spent) return spent.error();
    claimed = spent->rows() > 0;
    if (!claimed) return Ok{};
    return write_password(conn, player, password_hash);
  });
  if (!st) return st.error();
  return claimed;
}

// --- The lobby's challenges (as in sqlite_store.cpp) -------------------------

namespace {

constexpr const char* kChallengeColumns =
    "id, secret, client, status, setup, created_ms, expires_ms, game_id, creator_side, creator_token";

std::optional<Challenge> challenge_at(const PgResult& r, int row) {
  return challenge_from_row({r.text(row, 0), r.text(row, 1), r.text(row, 2), r.text(row, 3), r.text(row, 4)},
                            r.integer(row, 5), r.integer(row, 6),
                            {r.text(row, 7), r.text(row, 8), r.text(row, 9)});
}

}  // namespace

Status PostgresStore::add_challenge(const Challenge& c, const ChallengeBounds& bounds) {
  return transaction([&](PgConnection& conn) -> Status {
    // One lobby for every server: the bounds are counted under a lock of
    // the database's own, held to the commit.
    if (auto r = conn.exec("SELECT pg_advisory_xact_lock(7007)"); !r) return r.error();
    auto count = conn.exec(
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN client = $2 THEN 1 ELSE 0 END), 0) FROM challenges "
        "WHERE status = 'open' AND expires_ms > $1",
        {pg_param(c.created_ms), c.client});
    if (!count) return count.error();
    if (count->integer(0, 0) >= bounds.total)
      return make_error("too_many_challenges", "the lobby is full: try again in a few minutes");
    if (count->integer(0, 1) >= bounds.per_client)
      return make_error("too_many_challenges", "you have " + std::to_string(bounds.per_client) +
                                                   " open challenges already: cancel one first");
    auto r = conn.exec(
        "INSERT INTO challenges (id, secret, client, status, setup, created_ms, expires_ms) "
        "VALUES ($1, $2, $3, 'open', $4, $5, $6)",
        {c.id, c.secret, c.client, challenge_setup(c), pg_param(c.created_ms), pg_param(c.expires_ms)});
    if (!r) return r.error();
    return Ok{};
  });
}

Expected<std::vector<Challenge>> PostgresStore::open_challenges(std::int64_t now_ms, int limit) {
  std::vector<Challenge> out;
  auto r = read(std::string("SELECT ") + kChallengeColumns +
                    " FROM challenges WHERE status = 'open' AND expires_ms > $1 "
                    "ORDER BY created_ms DESC, id LIMIT $2",
                {pg_param(now_ms), pg_param(std::int64_t{limit})});
  if (!r) return r.error();
  for (int i = 0; i < r->rows(); ++i)
    if (auto c = challenge_at(*r, i)) out.push_back(std::move(*c));
  return out;
}

Expected<std::optional<Challenge>> PostgresStore::challenge(const std::string& id) {
  auto r = read(std::string("SELECT ") + kChallengeColumns + " FROM challenges WHERE id = $1", {id});
  if (!r) return r.error();
  if (r->rows() == 0) return std::optional<Challenge>();
  return challenge_at(*r, 0);
}

Expected<bool> PostgresStore::change_challenge(const ChallengeChange& c) {
  bool changed = false;
  Status st = transaction([&](PgConnection& conn) -> Status {
    // One conditional UPDATE: of two accepts at once, only one finds it open.
    auto r = conn.exec(
        "UPDATE challenges SET status = $3, game_id = $4, creator_side = $5, creator_token = $6 "
        "WHERE id = $1 AND status = $2 AND ($2 <> 'open' OR expires_ms > $7) RETURNING 1",
        {c.id, c.from, c.to, c.game_id, c.creator_side, c.creator_token, pg_param(c.now_ms)});
    if (!r) return r.error();
    changed = r->rows() == 1;
    return Ok{};
  });
  if (!st) return st.error();
  return changed;
}

Status PostgresStore::renew_challenge(const std::string& id, std::int64_t expires_ms) {
  return transaction([&](PgConnection& conn) -> Status {
    auto r = conn.exec("UPDATE challenges SET expires_ms = $2 WHERE id = $1 AND status = 'open'",
                       {id, pg_param(expires_ms)});
    if (!r) return r.error();
    return Ok{};
  });
}

void PostgresStore::purge_challenges(std::int64_t before_ms) {
  (void)transaction([&](PgConnection& conn) -> Status {
    auto r = conn.exec("DELETE FROM challenges WHERE created_ms < $1 OR status = 'cancelled'",
                       {pg_param(before_ms)});
    if (!r) return r.error();
    return Ok{};
  });
}

}  // namespace qi::app
