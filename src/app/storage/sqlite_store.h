// The Store in one SQLite file. Schema changes are numbered migrations
// (migrations.cpp), applied in order at open; the file records how far it got
// in PRAGMA user_version. The journal is a write-ahead log (readers never
// wait for writers), bounded in size (kLogCheckpointBytes), and how far a
// commit goes before it returns is the caller's choice (Durability).
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "app/storage/store.h"

struct sqlite3;

namespace qi::app {

// What a committed transaction survives.
enum class Durability {
  // In the operating system's hands (synchronous=NORMAL): a killed server
  // loses nothing; a power cut or a kernel crash may lose the last commits
  // since the log was last synced (at each checkpoint).
  ProcessCrash,
  // On the disk (synchronous=FULL: the log is synced at every commit): a
  // power cut loses nothing either, at the cost of a sync per commit.
  PowerLoss,
};

class SqliteStore final : public Store {
 public:
  // ":memory:" for a database that lives as long as the object.
  // Refuses a database it cannot write, that fails SQLite's integrity check
  // or whose tables are missing, saying which. `vfs`: an SQLite VFS by name
  // (tests inject faults with one); empty for the default.
  static Expected<std::unique_ptr<SqliteStore>> open(const std::string& path,
                                                     Durability durability = Durability::ProcessCrash,
                                                     const std::string& vfs = {});
  ~SqliteStore() override;

  // The write-ahead log is written back into the database (a checkpoint)
  // once it holds about this much, and the file is cut back to it when the
  // log starts over: its size on the disk stays near this bound.
  static constexpr std::int64_t kLogCheckpointBytes = 1 << 20;

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

  Status add_challenge(const Challenge& challenge, const ChallengeBounds& bounds) override;
  Expected<std::vector<Challenge>> open_challenges(std::int64_t now_ms, int limit) override;
  Expected<std::optional<Challenge>> challenge(const std::string& id) override;
  Expected<bool> change_challenge(const ChallengeChange& change) override;
  Status renew_challenge(const std::string& id, std::int64_t expires_ms) override;
  void purge_challenges(std::int64_t before_ms) override;

 private:
  explicit SqliteStore(sqlite3* db) : db_(db) {}
  Status migrate();
  // The checks of open(): integrity, tables, a write.
  Status check_usable(const std::string& path);
  // The name keys of profiles made before they were kept (player_name.h).
  Status backfill_name_keys();
  // Sets the log's checkpoint size and its size limit (kLogCheckpointBytes).
  Status bound_log();
  // Writes the whole log back into the database and truncates it to
  // nothing (SQLite's TRUNCATE checkpoint), giving its space back to the
  // disk. Under mutex_ once open.
  Status empty_log();
  // Under mutex_, within a transaction: `player`'s new password, which ends
  // the profile's other logins and its claim codes (it is claimed); false
  // when a statement failed.
  bool write_password(std::int64_t player, const std::string& hash);
  Status exec(const std::string& sql);
  // Under mutex_: the version of the game as stored; none if it is not.
  Expected<std::optional<std::uint64_t>> stored_version(const std::string& id);
  // Under mutex_.
  Status write_game(const GameWrite& write, const std::string& state);
  Status write_rating(const Rating& rating, const std::string& game_id, std::int64_t at_ms);

  sqlite3* db_;
  std::mutex mutex_;  // one connection, shared by the server's threads
};

// Copies the live database at `from` into a new file `to` with SQLite's
// online backup (writers may go on meanwhile), then checks the copy.
Status backup_database(const std::string& from, const std::string& to);

// The default database file: $XDG_DATA_HOME/qi/qi.db, else ~/.local/share/qi/qi.db.
std::string default_database_path();

}  // namespace qi::app
