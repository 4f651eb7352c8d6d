// The Store in a PostgreSQL database, for several `qi serve` instances that
// behave as one site (cluster.h). The schema is its own numbered migrations
// (postgres_migrations.cpp), applied at open under an advisory lock, so that
// instances starting together migrate once. A small pool of connections
// serves the server's threads side by side. Every committed game write
// announces itself on the channel `qi_games` ("<game id> <version>
// <instance>"), in the transaction that writes it, so the announcement goes
// out exactly when the write commits.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <string>

#include "app/storage/pg_pool.h"
#include "app/storage/store.h"

namespace qi::app {

class PostgresStore final : public Store {
 public:
  static constexpr int kDefaultConnections = 4;
  // `uri`: postgresql://user@host:port/db or postgresql:///db?host=/socket/dir;
  // `instance`: this server's name in the cluster (its announcements carry it).
  static Expected<std::unique_ptr<PostgresStore>> open(const std::string& uri, const std::string& instance,
                                                       int connections = kDefaultConnections);

  int schema_version();

  Status save_game(const GameWrite& write) override;
  Expected<StaleWrites> save_games(const std::vector<GameWrite>& writes) override;
  Expected<std::vector<Session::Saved>> unfinished_games() override;
  Expected<std::optional<Session::Saved>> load_game(const std::string& id) override;
  Expected<std::vector<GameSummary>> list_games(int limit, std::optional<std::int64_t> player) override;

  Expected<Player> add_player(const std::string& name, const std::string& password_hash = {}) override;
  Expected<std::vector<Player>> players() override;
  Expected<std::optional<Player>> player(std::int64_t id) override;

  Expected<std::optional<Rating>> rating(std::int64_t player, const std::string& game) override;
  Status save_rating(const Rating& rating, const std::string& game_id, std::int64_t at_ms) override;
  Expected<std::vector<RatingPoint>> rating_history(std::int64_t player, const std::string& game) override;
  Expected<bool> rated_already(const std::string& game_id) override;
  Expected<std::optional<std::string>> password_hash(std::int64_t player) override;
  Status set_password_hash(std::int64_t player, const std::string& hash) override;
  Status add_login(const std::string& token_hash, std::int64_t player, std::int64_t now_ms,
                   std::int64_t expires_ms) override;
  Expected<std::optional<std::int64_t>> login_player(const std::string& token_hash,
                                                     std::int64_t now_ms) override;
  Status remove_login(const std::string& token_hash) override;
  Status set_claim_code(const ClaimCode& code) override;
  Expected<bool> claim_with_code(std::int64_t player, const std::string& code_hash,
                                 const std::string& password_hash, std::int64_t now_ms) override;
  Status record_lesson_stars(const LessonProgress& done) override;
  Expected<std::vector<LessonProgress>> lesson_progress(std::int64_t player) override;
  Expected<bool> save_tournament(const StoredTournament& t, std::uint64_t expected_version) override;
  Expected<std::optional<StoredTournament>> tournament(const std::string& id) override;
  Expected<std::vector<StoredTournament>> tournaments(int limit) override;
  Expected<int> unfinished_tournaments(std::int64_t organiser) override;
  StoreHealth health() override;

  Status add_challenge(const Challenge& c, const ChallengeBounds& bounds) override;
  Expected<std::vector<Challenge>> open_challenges(std::int64_t now_ms, int limit) override;
  Expected<std::optional<Challenge>> challenge(const std::string& id) override;
  Expected<bool> change_challenge(const ChallengeChange& change) override;
  Status renew_challenge(const std::string& id, std::int64_t expires_ms) override;
  void purge_challenges(std::int64_t before_ms) override;

 private:
  PostgresStore(std::unique_ptr<PgPool> pool, std::string instance)
      : pool_(std::move(pool)), instance_(std::move(instance)) {}
  Status migrate();
  // The name keys of profiles made before they were kept (player_name.h).
  Status backfill_name_keys();
  // Runs `body` in a transaction on one connection; a failure rolls back
  // and is reported with code "not_saved" (a lost connection too: the
  // write is not repeated, since it may have committed).
  // `body` in a transaction; `one_statement`: the body runs a single
  // statement, atomic by itself, so no BEGIN and COMMIT go with it.
  Status transaction(const std::function<Status(PgConnection&)>& body, bool one_statement = false);
  // A read; its failure is code "store_unavailable".
  Expected<PgResult> read(const std::string& sql, const std::vector<PgParam>& params);
  void note(const Status& status);

  std::unique_ptr<PgPool> pool_;
  std::string instance_;
  std::mutex health_mutex_;
  StoreHealth health_;
};

}  // namespace qi::app
