#include "arena/scheduler.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

namespace qi::arena {
namespace {

// Stands in for a player that could not be made or started: it loses every
// game it is given at the start, with the reason.
class UnavailablePlayer : public Player {
 public:
  UnavailablePlayer(std::string name, std::string why) : name_(std::move(name)), why_(std::move(why)) {}
  const std::string& name() const override { return name_; }
  Status start() override { return make_error(why_); }
  Status new_game(std::uint64_t) override { return make_error(why_); }
  MoveReply go(const MoveRequest&) override { return MoveReply::failed(Failure::Crash, why_); }
  bool alive() const override { return false; }
  void quit() override {}

 private:
  std::string name_, why_;
};

class PlayerCache {
 public:
  PlayerCache(const std::vector<PlayerSpec>& specs, const GameSettings& settings)
      : specs_(specs), settings_(settings), players_(specs.size()) {}
  ~PlayerCache() {
    for (auto& p : players_)
      if (p) p->quit();
  }

  Player& get(int i) {
    std::unique_ptr<Player>& p = players_[i];
    if (p && p->alive()) return *p;
    if (p) p->quit();
    const std::string name = specs_[i].display_name();
    Expected<std::unique_ptr<Player>> made = make_player(specs_[i], settings_.game, settings_.variant);
    if (!made) {
      p = std::make_unique<UnavailablePlayer>(name, made.error().message);
      return *p;
    }
    p = std::move(*made);
    if (Status s = p->start(); !s) {
      p->quit();
      p = std::make_unique<UnavailablePlayer>(name, s.error().message);
    }
    return *p;
  }

 private:
  const std::vector<PlayerSpec>& specs_;
  const GameSettings& settings_;
  std::vector<std::unique_ptr<Player>> players_;
};

}  // namespace

void run_games(const std::vector<GameJob>& jobs, const std::vector<PlayerSpec>& players,
               const GameSettings& settings, int concurrency, const GameDone& done) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex report;
  auto work = [&] {
    PlayerCache cache(players, settings);
    while (!stop) {
      const std::size_t i = next++;
      if (i >= jobs.size()) break;
      const GameJob& job = jobs[i];
      GameSettings game_settings = settings;
      game_settings.extra_tags.insert(game_settings.extra_tags.end(), job.tags.begin(), job.tags.end());
      Player& first = cache.get(job.first);
      Player& second = cache.get(job.second);
      GameResult result = run_game(first, second, job.opening, game_settings, job.seed);
      std::lock_guard lock(report);
      if (!done(job, result)) stop = true;
    }
  };
  const int threads = std::max(1, std::min<int>(concurrency, static_cast<int>(jobs.size())));
  if (threads == 1) {
    work();
    return;
  }
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(work);
  for (std::thread& t : pool) t.join();
}

}  // namespace qi::arena
