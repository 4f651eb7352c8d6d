// A Store whose saves are durable when they return, at the cost of one
// commit per batch rather than one per save (group commit): each save goes
// into a queue and waits; one writer thread puts everything queued into the
// underlying store in one transaction and wakes the waiters with its result.
// Under load many requests share a commit; alone, a save costs one commit.
//
// The latest state of a game replaces an older one still queued (its rating
// changes are kept with it). Reads see every save made before them: a
// game with nothing queued or being written is read at once; one waiting
// unconditionally is read from the queue; otherwise the read waits for the
// queue to drain (lists always do). Players and ratings go straight through. A failed
// commit fails every save in it; those games are queued again and retried
// (each change saves a game's whole state, so the retry carries all of it).
// A conditional write (GameWrite::expected_version) that is stale fails its
// own waiters only, the rest of its batch is written, and it is not retried.
// A newer state merged into a queued one keeps the queued one's expected
// version (the store has not moved); one made against any other version than
// the queued state's is stale at once.
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "app/storage/store.h"

namespace qi::app {

class GroupCommitStore final : public Store {
 public:
  explicit GroupCommitStore(Store& inner);
  ~GroupCommitStore() override;
  GroupCommitStore(const GroupCommitStore&) = delete;
  GroupCommitStore& operator=(const GroupCommitStore&) = delete;

  // Waits until every save queued so far is written.
  void flush();
  // Saves written so far, and batches (transactions) used.
  std::uint64_t written() const;
  std::uint64_t batches() const;

  Status save_game(const GameWrite& write) override;
  void save_game_soon(const GameWrite& write) override;
  Expected<std::vector<Session::Saved>> unfinished_games() override;
  Expected<std::optional<Session::Saved>> load_game(const std::string& id) override;
  Expected<std::vector<GameSummary>> list_games(int limit, std::optional<std::int64_t> player) override;

  Expected<Player> add_player(const std::string& name, const std::string& password_hash = {}) override {
    return inner_.add_player(name, password_hash);
  }
  Expected<std::vector<Player>> players() override { return inner_.players(); }
  Expected<std::optional<Player>> player(std::int64_t id) override { return inner_.player(id); }
  Expected<std::optional<Rating>> rating(std::int64_t player, const std::string& game) override {
    return inner_.rating(player, game);
  }
  Status save_rating(const Rating& rating, const std::string& game_id, std::int64_t at_ms) override {
    return inner_.save_rating(rating, game_id, at_ms);
  }
  Expected<std::vector<RatingPoint>> rating_history(std::int64_t player, const std::string& game) override {
    return inner_.rating_history(player, game);
  }
  Expected<bool> rated_already(const std::string& game_id) override;
  Expected<std::optional<std::string>> password_hash(std::int64_t player) override {
    return inner_.password_hash(player);
  }
  Status set_password_hash(std::int64_t player, const std::string& hash) override {
    return inner_.set_password_hash(player, hash);
  }
  Status add_login(const std::string& token_hash, std::int64_t player, std::int64_t now_ms,
                   std::int64_t expires_ms) override {
    return inner_.add_login(token_hash, player, now_ms, expires_ms);
  }
  Expected<std::optional<std::int64_t>> login_player(const std::string& token_hash,
                                                     std::int64_t now_ms) override {
    return inner_.login_player(token_hash, now_ms);
  }
  Status remove_login(const std::string& token_hash) override { return inner_.remove_login(token_hash); }
  Status set_claim_code(const ClaimCode& code) override { return inner_.set_claim_code(code); }
  Expected<bool> claim_with_code(std::int64_t player, const std::string& code_hash,
                                 const std::string& password_hash, std::int64_t now_ms) override {
    return inner_.claim_with_code(player, code_hash, password_hash, now_ms);
  }
  // Lesson progress is not a game either: its writes are durable in the
  // store when they return.
  Status record_lesson_stars(const LessonProgress& done) override { return inner_.record_lesson_stars(done); }
  Expected<std::vector<LessonProgress>> lesson_progress(std::int64_t player) override {
    return inner_.lesson_progress(player);
  }
  Expected<bool> save_tournament(const StoredTournament& t, std::uint64_t expected_version) override {
    return inner_.save_tournament(t, expected_version);
  }
  Expected<std::optional<StoredTournament>> tournament(const std::string& id) override {
    return inner_.tournament(id);
  }
  Expected<std::vector<StoredTournament>> tournaments(int limit) override { return inner_.tournaments(limit); }
  Expected<int> unfinished_tournaments(std::int64_t organiser) override {
    return inner_.unfinished_tournaments(organiser);
  }
  // Challenges are not games: each goes straight to the store (an accept is
  // a conditional write there).
  Status add_challenge(const Challenge& challenge, const ChallengeBounds& bounds) override {
    return inner_.add_challenge(challenge, bounds);
  }
  Expected<std::vector<Challenge>> open_challenges(std::int64_t now_ms, int limit) override {
    return inner_.open_challenges(now_ms, limit);
  }
  Expected<std::optional<Challenge>> challenge(const std::string& id) override {
    return inner_.challenge(id);
  }
  Expected<bool> change_challenge(const ChallengeChange& change) override {
    return inner_.change_challenge(change);
  }
  Status renew_challenge(const std::string& id, std::int64_t expires_ms) override {
    return inner_.renew_challenge(id, expires_ms);
  }
  void purge_challenges(std::int64_t before_ms) override { inner_.purge_challenges(before_ms); }
  StoreHealth health() override;
  bool retries_failed_saves() const override { return true; }

 private:
  // Queues the write; the number of the batch that will carry it, or none
  // if it is stale already (made beside a queued write of its game).
  std::optional<std::uint64_t> enqueue(const GameWrite& write);
  void writer();
  // Under mutex_: counts a failed commit and reports it on stderr.
  void note_failure(const std::string& message, std::size_t games);

  Store& inner_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, committed_;
  std::map<std::string, GameWrite> pending_;
  std::set<std::string> in_flight_;                       // the games of the batch being written
  std::uint64_t next_batch_ = 1;                          // the batch being filled
  std::uint64_t done_batch_ = 0;                          // the last batch finished
  std::map<std::uint64_t, Status> failed_;                // batches that failed, for their waiters
  std::map<std::uint64_t, std::set<std::string>> stale_;  // games whose write was stale, by batch
  bool writing_ = false, stopping_ = false;
  std::uint64_t written_ = 0, batches_ = 0;
  StoreHealth health_;               // failures so far, the last error
  std::int64_t last_report_ms_ = 0;  // a failing disk is reported on stderr at most every 10 s
  std::thread thread_;
};

}  // namespace qi::app
