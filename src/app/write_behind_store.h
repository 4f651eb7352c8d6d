// A Store that never makes a request wait for the disk: game saves go into a
// queue (the latest state of each game replaces an older one still waiting)
// and one writer thread puts each batch into the underlying store in one
// transaction. Reads of games first wait for the queue to drain, so they see
// every save made before them; a saved game not yet written is read from the
// queue. Players and ratings go straight through (they change rarely). On
// destruction the queue is written out. A crash loses at most the saves of
// the last few milliseconds.
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

#include "app/store.h"

namespace qi::app {

class WriteBehindStore final : public Store {
 public:
  explicit WriteBehindStore(Store& inner);
  ~WriteBehindStore() override;
  WriteBehindStore(const WriteBehindStore&) = delete;
  WriteBehindStore& operator=(const WriteBehindStore&) = delete;

  // Waits until every save queued so far is written.
  void flush();
  // Saves written so far, and batches (transactions) used.
  std::uint64_t written() const;
  std::uint64_t batches() const;

  Status save_game(const GameWrite& write) override;
  std::vector<Session::Saved> unfinished_games() override;
  std::optional<Session::Saved> load_game(const std::string& id) override;
  std::vector<GameSummary> list_games(int limit, std::optional<std::int64_t> player) override;

  Expected<Player> add_player(const std::string& name) override { return inner_.add_player(name); }
  std::vector<Player> players() override { return inner_.players(); }
  std::optional<Player> player(std::int64_t id) override { return inner_.player(id); }
  std::optional<Rating> rating(std::int64_t player, const std::string& game) override {
    return inner_.rating(player, game);
  }
  Status save_rating(const Rating& rating, const std::string& game_id, std::int64_t at_ms) override {
    return inner_.save_rating(rating, game_id, at_ms);
  }
  std::vector<RatingPoint> rating_history(std::int64_t player, const std::string& game) override {
    return inner_.rating_history(player, game);
  }
  bool rated_already(const std::string& game_id) override { return inner_.rated_already(game_id); }

 private:
  void writer();

  Store& inner_;
  mutable std::mutex mutex_;
  std::condition_variable wake_, drained_;
  std::map<std::string, GameWrite> pending_;
  bool writing_ = false, stopping_ = false;
  std::uint64_t written_ = 0, batches_ = 0;
  std::thread thread_;
};

}  // namespace qi::app
