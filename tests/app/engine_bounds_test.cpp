// Engine work is bounded by the server, not by the client: a game that no
// longer needs its search (resigned, aborted, removed) stops it at once and
// frees its worker; one client's searches never keep another client's turn
// waiting behind its second search; the server stopping ends every search.
// Level 10's searches here wait until they are stopped or the test releases
// them, so what is checked is what happens, never how long it takes: the
// only bound on time is a watchdog that says the test hung.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>
#include <thread>

#include "../support/builtin_opponent_base.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;
using nlohmann::json;

// Polls until `condition` holds; false after 30 s (the test has hung).
bool comes(const std::function<bool()>& condition) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return true;
}

// Level 10 thinks until its search is stopped or the test releases it;
// every other level is the built-in player, at once.
class LongThinker final : public test::BuiltinOpponentBase {
 public:
  MoveText choose_move(const Game& game, const MoveRequest& request) override {
    if (request.level == 10) {
      std::unique_lock lock(mutex_);
      ++thinking_;
      // The stop flag is set without a word to this object: look at it often.
      while (!released_ && !(request.stop && request.stop->load()))
        changed_.wait_for(lock, std::chrono::milliseconds(1));
      --thinking_;
      if (request.stop && request.stop->load()) ++stopped_;
    }
    return BuiltinOpponentBase::choose_move(game, request);
  }

  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }
  int thinking() const { return read(thinking_); }
  int stopped() const { return read(stopped_); }

 private:
  int read(const int& n) const {
    std::lock_guard lock(mutex_);
    return n;
  }
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  int thinking_ = 0, stopped_ = 0;
  bool released_ = false;
};

ManagerOptions with_engine_workers(int n) {
  ManagerOptions o;
  o.engine_threads = n;
  o.watch_delay_ms = 0;
  return o;
}

struct BoundsWorld {
  explicit BoundsWorld(int engine_workers)
      : manager(std::make_unique<SessionManager>(*store, engine, time, with_engine_workers(engine_workers))) {
  }
  // Whatever happened, nothing waits for ever once the test ends.
  ~BoundsWorld() {
    engine.release();
    manager.reset();
  }
  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  SteadyClock time;
  LongThinker engine;
  std::unique_ptr<SessionManager> manager;

  // A person (first) against the engine at `level`, made by `client`, who
  // plays e4: the engine's turn is then `client`'s.
  json game_after_e4(int level, const std::string& client) {
    SessionSetup setup;
    setup.seats[1].kind = SeatKind::Engine;
    setup.seats[1].level = level;
    auto created = manager->create(setup, {}, client);
    EXPECT_TRUE(created) << created.error().message;
    auto moved = manager->act((*created)["id"], (*created)["tokens"]["first"], Action::Move, "e2e4", false,
                              {}, client);
    EXPECT_TRUE(moved) << moved.error().message;
    return *created;
  }
  std::size_t moves(const json& game) {
    auto v = manager->view(game["id"]);
    return v ? (*v)["moves"].size() : 0;
  }
};

// A resign, an abort and removing the game each end the game's search at
// once: the one engine worker is then free, and another game's engine move
// comes while level 10 would still be thinking.
TEST(EngineBounds, EndingOrRemovingAGameStopsItsSearchAndFreesItsWorker) {
  for (Action ending : {Action::Resign, Action::Abort, Action::Remove}) {
    BoundsWorld w(1);
    const json long_game = w.game_after_e4(10, "ann");
    ASSERT_TRUE(comes([&] { return w.engine.thinking() == 1; }));
    const json quick_game = w.game_after_e4(1, "bob");
    EXPECT_EQ(w.moves(quick_game), 1u);  // its turn waits for the one worker

    auto ended = w.manager->act(long_game["id"], long_game["tokens"]["first"], ending, {}, false, {}, "ann");
    ASSERT_TRUE(ended) << ended.error().message;
    EXPECT_TRUE(comes([&] { return w.moves(quick_game) == 2; })) << "the worker was not freed";
    EXPECT_EQ(w.engine.stopped(), 1);
    EXPECT_EQ(w.engine.thinking(), 0);
    if (ending != Action::Remove) {
      EXPECT_EQ(w.moves(long_game), 1u);  // the stopped search played nothing
    }
  }
}

// One client's two level-10 games take both workers while nobody else
// waits; another client's engine turn then has its move at once: the first
// client's newer search gives way (stopped, searched again later), and its
// first search goes on.
TEST(EngineBounds, OneClientsLongSearchesDoNotStarveAnotherClientsTurn) {
  BoundsWorld w(2);
  const json first = w.game_after_e4(10, "greedy");
  const json second = w.game_after_e4(10, "greedy");
  ASSERT_TRUE(comes([&] { return w.engine.thinking() == 2; }));

  const json polite = w.game_after_e4(1, "polite");
  EXPECT_TRUE(comes([&] { return w.moves(polite) == 2; })) << "the other client's turn waited";
  EXPECT_EQ(w.manager->engine_counts().gave_way, 1u);
  EXPECT_EQ(w.engine.stopped(), 1);
  // The greedy client's games are still the engine's to move: one searched,
  // the other searched again as soon as a worker was free.
  EXPECT_TRUE(comes([&] { return w.engine.thinking() == 2; }));
  EXPECT_EQ(w.moves(first) + w.moves(second), 2u);

  w.engine.release();
  EXPECT_TRUE(comes([&] { return w.moves(first) == 2 && w.moves(second) == 2; }));
}

// The server stopping ends the searches running: the manager's end does
// not wait for them, and their moves are not played (the games resume with
// the engine to move at the next start).
TEST(EngineBounds, StoppingTheServerEndsEverySearch) {
  BoundsWorld w(2);
  const json a = w.game_after_e4(10, "ann");
  const json b = w.game_after_e4(10, "bob");
  ASSERT_TRUE(comes([&] { return w.engine.thinking() == 2; }));
  auto ended = std::async(std::launch::async, [&] { w.manager.reset(); });
  const bool in_time = ended.wait_for(std::chrono::seconds(30)) == std::future_status::ready;
  if (!in_time) w.engine.release();  // let it end, and fail
  ended.wait();
  EXPECT_TRUE(in_time) << "the manager waited for the searches";
  EXPECT_EQ(w.engine.stopped(), 2);
  for (const json* g : {&a, &b}) {
    auto saved = w.store->load_game((*g)["id"]);
    ASSERT_TRUE(saved && *saved);
    auto session = Session::restore(**saved, w.time.now_ms());
    ASSERT_TRUE(session);
    EXPECT_EQ((*session)->moves().size(), 1u);
    EXPECT_TRUE((*session)->engine_to_move());
  }
}

}  // namespace
}  // namespace qi::app
