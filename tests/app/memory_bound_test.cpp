// Games in memory are bounded: an unfinished game with nothing pending
// leaves memory when idle, or when too many are in memory, and comes back
// from the store on its next request as it was (tokens, version, clocks,
// engine seats); games the engine or a clock is busy with stay.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <future>
#include <mutex>

#include "../support/builtin_opponent_base.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;
using nlohmann::json;

ManagerOptions small_memory(std::size_t cap = 5000) {
  ManagerOptions o = ManagerOptions::driven_by_caller();
  o.max_games_in_memory = cap;
  return o;
}

struct MemoryBoundWorld {
  explicit MemoryBoundWorld(ManagerOptions o = small_memory())
      : options(o), manager(*store, opponent, time, o) {}
  ManagerOptions options;
  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager;

  json create(SessionSetup setup = {}) {
    auto created = manager.create(setup);
    EXPECT_TRUE(created) << created.error().message;
    return *created;
  }
  void idle() {
    time.advance(options.idle_game_ms + 1);
    manager.tick();
  }
  std::uint64_t version(const json& g) {
    auto v = manager.view(g["id"]);
    EXPECT_TRUE(v);
    return (*v)["version"];
  }
};

SessionSetup against_engine() {
  SessionSetup setup;
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 1;
  return setup;
}

TEST(MemoryBound, AnIdleGameLeavesMemoryAndPlaysOnWithItsTokensVersionAndEngineSeat) {
  MemoryBoundWorld w;
  json g = w.create(against_engine());
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  w.manager.run_engine_moves();
  // A seat gone quiet is a new version that no move saved: it survives too.
  w.time.advance(Session::kGoneAfterMs + 1);
  w.manager.tick();
  const std::uint64_t before = w.version(g);
  w.idle();
  EXPECT_EQ(w.manager.active_games(), 0u);

  EXPECT_EQ(w.manager.check_token(g["id"], g["tokens"]["first"]).value(), SessionManager::Access::Ok);
  EXPECT_EQ(w.manager.active_games(), 1u);
  EXPECT_EQ(w.version(g), before);
  auto played = w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "d2d4");
  ASSERT_TRUE(played) << played.error().message;
  EXPECT_GT((*played)["version"].get<std::uint64_t>(), before);
  w.manager.run_engine_moves();  // the engine still holds its seat
  auto view = w.manager.view(g["id"]);
  ASSERT_TRUE(view);
  EXPECT_EQ((*view)["moves"].size(), 4u);
  EXPECT_EQ((*view)["side_to_move"], "first");
}

TEST(MemoryBound, AClientPollingWithTheVersionItSawIsToldOfTheChangeAfterTheGameCameBack) {
  MemoryBoundWorld w;
  json g = w.create();
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  w.time.advance(Session::kGoneAfterMs + 1);  // both seats gone quiet: a version no move saved
  w.manager.tick();
  const std::uint64_t seen = w.version(g);
  w.idle();
  ASSERT_EQ(w.manager.active_games(), 0u);
  auto unchanged = w.manager.view_if_changed(g["id"], seen);
  ASSERT_TRUE(unchanged);
  EXPECT_TRUE(json::parse(*unchanged->text).contains("unchanged"));
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["second"], Action::Move, "e7e5"));
  auto changed = w.manager.view_if_changed(g["id"], seen);
  ASSERT_TRUE(changed);
  const json view = json::parse(*changed->text);
  EXPECT_FALSE(view.contains("unchanged"));
  EXPECT_EQ(view["moves"].size(), 2u);
}

TEST(MemoryBound, TheCapHoldsWithManyGamesAndEveryGameStillPlays) {
  MemoryBoundWorld w(small_memory(20));
  std::vector<json> games;
  for (int i = 0; i < 100; ++i) games.push_back(w.create());
  w.manager.tick();
  EXPECT_LE(w.manager.active_games(), 20u);
  for (const json& g : games) ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  w.manager.tick();
  EXPECT_LE(w.manager.active_games(), 20u);
  for (const json& g : games) {
    auto v = w.manager.view(g["id"]);
    ASSERT_TRUE(v);
    EXPECT_EQ((*v)["moves"].size(), 1u);
  }
}

TEST(MemoryBound, TheLeastRecentlyUsedGamesLeaveFirst) {
  MemoryBoundWorld w(small_memory(2));
  std::vector<json> games;
  for (int i = 0; i < 3; ++i) {
    games.push_back(w.create());
    w.time.advance(1);
  }
  const json &a = games[0], &b = games[1], &c = games[2];
  ASSERT_TRUE(w.manager.view(a["id"]));  // a is now the most recently used
  w.manager.tick();
  ASSERT_EQ(w.manager.active_games(), 2u);
  ASSERT_TRUE(w.manager.view(a["id"]));
  ASSERT_TRUE(w.manager.view(c["id"]));
  EXPECT_EQ(w.manager.active_games(), 2u) << "b left, not a or c";
  ASSERT_TRUE(w.manager.view(b["id"]));
  EXPECT_EQ(w.manager.active_games(), 3u);
}

// What games hold grows with their plies (kGameBytesPerPly a ply): the plies
// in memory have a cap of their own. Three games of 40 plies under a cap of
// 100: the least recently used leaves, the others stay.
TEST(MemoryBound, BeyondThePliesInMemoryTheLeastRecentlyUsedGamesLeave) {
  ManagerOptions o = small_memory();
  o.max_plies_in_memory = 100;
  MemoryBoundWorld w(o);
  std::string record;
  for (int i = 0; i < 10; ++i) record += "Nf3 Nf6 Ng1 Ng8 ";
  std::vector<std::string> ids;
  for (int i = 0; i < 3; ++i) {
    auto created = w.manager.create(SessionSetup{}, record);
    ASSERT_TRUE(created) << created.error().message;
    ids.push_back((*created)["id"]);
    w.time.advance(1);
  }
  ASSERT_TRUE(w.manager.view(ids[0]));  // the first is now the most recently used
  w.manager.tick();
  EXPECT_EQ(w.manager.active_games(), 2u);
  ASSERT_TRUE(w.manager.view(ids[0]));
  ASSERT_TRUE(w.manager.view(ids[2]));
  EXPECT_EQ(w.manager.active_games(), 2u) << "the second left, not the first or the third";
  auto back = w.manager.view(ids[1]);
  ASSERT_TRUE(back);
  EXPECT_EQ((*back)["moves"].size(), 40u);
}

TEST(MemoryBound, AGameTheEngineIsToMoveInStays) {
  MemoryBoundWorld w;
  json g = w.create(against_engine());
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  w.idle();  // the engine's move is queued, not yet played
  EXPECT_EQ(w.manager.active_games(), 1u);
  w.manager.run_engine_moves();
  auto view = w.manager.view(g["id"]);
  ASSERT_TRUE(view);
  EXPECT_EQ((*view)["moves"].size(), 2u);
}

// An opponent whose move waits until the test lets it go: the engine thinks.
class ThinkingOpponent final : public test::BuiltinOpponentBase {
 public:
  MoveText choose_move(const Game& game, const MoveRequest& request) override {
    {
      std::unique_lock lock(mutex_);
      thinking_ = true;
      changed_.notify_all();
      changed_.wait(lock, [&] { return released_; });
    }
    return BuiltinOpponentBase::choose_move(game, request);
  }
  bool wait_until_thinking() {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(30), [&] { return thinking_; });
  }
  void release() {
    std::lock_guard lock(mutex_);
    released_ = true;
    changed_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  bool thinking_ = false, released_ = false;
};

TEST(MemoryBound, AnEngineGameIsNotEvictedMidThink) {
  auto store = SqliteStore::open(":memory:").value();
  FakeClock time;
  ThinkingOpponent engine;
  ManagerOptions options;  // with its engine workers
  options.max_games_in_memory = 0;
  SessionManager manager(*store, engine, time, options);
  auto g = manager.create(against_engine());
  ASSERT_TRUE(g);
  auto moved = manager.act((*g)["id"], (*g)["tokens"]["first"], Action::Move, "e2e4");
  ASSERT_TRUE(moved);
  ASSERT_TRUE(engine.wait_until_thinking());
  time.advance(options.idle_game_ms + 1);
  manager.tick();
  EXPECT_EQ(manager.active_games(), 1u);
  engine.release();
  // Versions that time alone made (a seat gone quiet) may come first.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  json view;
  do {
    auto v = manager.view((*g)["id"]);
    ASSERT_TRUE(v);
    view = *v;
    if (view["moves"].size() >= 2) break;
    (void)manager.wait_for_change((*g)["id"], view["version"], 1000);
  } while (std::chrono::steady_clock::now() < deadline);
  EXPECT_EQ(view["moves"].size(), 2u);
}

TEST(MemoryBound, ARunningClockKeepsAGameInMemory) {
  MemoryBoundWorld w(small_memory(0));
  SessionSetup timed;
  timed.time_control = TimeControl::sudden_death(3'600'000);
  json g = w.create(timed);
  w.manager.tick();
  EXPECT_EQ(w.manager.active_games(), 1u) << "the first-move rule is watched";
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["second"], Action::Move, "e7e5"));
  w.idle();
  EXPECT_EQ(w.manager.active_games(), 1u);
}

TEST(MemoryBound, AGameWaitedForStaysAndItsWaiterIsToldWhenAFinishedGameLeaves) {
  MemoryBoundWorld w;
  json g = w.create();
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  // The seats go quiet first: that new version would end the wait.
  w.time.advance(Session::kGoneAfterMs + 1);
  w.manager.tick();
  const std::uint64_t seen = w.version(g);
  auto waiting =
      std::async(std::launch::async, [&] { return w.manager.wait_for_change(g["id"], seen, 60'000); });
  // The waiter holds the game. (Had it not begun waiting before the first
  // idle tick, it brings the game back and holds it through the second.)
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  w.idle();
  w.idle();
  ASSERT_EQ(w.manager.active_games(), 1u);
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["second"], Action::Resign));
  EXPECT_GT(waiting.get(), seen);

  // A finished game leaves 10 minutes after its end even while watched; its
  // waiter is told it left (0).
  const std::uint64_t over = w.version(g);
  auto watching =
      std::async(std::launch::async, [&] { return w.manager.wait_for_change(g["id"], over, 60'000); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  w.idle();
  ASSERT_EQ(watching.wait_for(std::chrono::seconds(30)), std::future_status::ready);
  EXPECT_EQ(watching.get(), 0u);
  EXPECT_EQ(w.manager.active_games(), 0u);
}

TEST(MemoryBound, ResumeLoadsOnlyTheGamesSomethingIsPendingFor) {
  auto store = SqliteStore::open(":memory:").value();
  FakeClock time;
  BuiltinOpponent opponent;
  std::string idle_id;
  {
    SessionManager before(*store, opponent, time, ManagerOptions::driven_by_caller());
    for (int i = 0; i < 10; ++i) {
      auto g = before.create(SessionSetup{});
      ASSERT_TRUE(g);
      idle_id = (*g)["id"];
    }
    SessionSetup timed;
    timed.time_control = TimeControl::sudden_death(3'600'000);
    ASSERT_TRUE(before.create(timed));
    auto engine_game = before.create(against_engine());
    ASSERT_TRUE(engine_game);
    ASSERT_TRUE(before.act((*engine_game)["id"], (*engine_game)["tokens"]["first"], Action::Move, "e2e4"));
  }
  SessionManager after(*store, opponent, time, ManagerOptions::driven_by_caller());
  EXPECT_EQ(after.resume_unfinished().value(), 2);
  EXPECT_EQ(after.active_games(), 2u);
  ASSERT_TRUE(after.view(idle_id));  // the others come back on demand
  EXPECT_EQ(after.active_games(), 3u);
  after.run_engine_moves();
}

TEST(MemoryBound, AGameOutOfMemoryNobodyTouchesStillExpires) {
  MemoryBoundWorld w;
  json g = w.create();
  ASSERT_TRUE(w.manager.act(g["id"], g["tokens"]["first"], Action::Move, "e2e4"));
  w.idle();
  ASSERT_EQ(w.manager.active_games(), 0u);
  w.time.advance(w.options.expire_after_ms);
  w.manager.tick();
  EXPECT_FALSE(w.manager.view(g["id"]));
  EXPECT_TRUE(w.store->list_games(10, std::nullopt).value().empty());
}

}  // namespace
}  // namespace qi::app
