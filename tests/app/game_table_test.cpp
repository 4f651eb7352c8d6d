// The table of games in memory on its own (game_table.h): an idle game
// leaves memory and comes back from the store as it was; a game someone
// waits for stays; beyond the cap the least recently used leaves first.
#include "app/game_table.h"

#include <gtest/gtest.h>

#include "app/storage/sqlite_store.h"
#include "app/storage/stored_game.h"
#include "core/clock.h"

namespace qi::app {
namespace {

struct TableWorld {
  TableWorld() {
    options.idle_game_ms = 60'000;
    table.set_hooks({.refresh_if_stale = [](GameEntry&) -> Status { return Ok{}; },
                     .brought_back = [this](const GameEntry&) { ++brought_back; }});
  }
  // A game between two people, in the store only.
  void store_game(const std::string& id) {
    auto session = Session::create(id, SessionSetup{}, time.now_ms());
    ASSERT_TRUE(session) << session.error().message;
    ASSERT_TRUE((*session)->move(Side::First, "e2e4", time.now_ms()));
    ASSERT_TRUE(store->save_game(write_of(**session, time.now_ms())));
  }
  // One round of eviction over every game in memory.
  void evict() {
    GameTable::Eviction round;
    for (const auto& e : table.entries()) {
      std::lock_guard lock(e->mutex);
      table.consider(round, e, time.now_ms());
    }
    (void)table.evict(std::move(round), false);
  }

  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  FakeClock time;
  ManagerOptions options = ManagerOptions::driven_by_caller();
  GameTable table{*store, time, options};
  int brought_back = 0;
};

TEST(GameTable, AnIdleGameLeavesMemoryAndComesBackFromTheStoreAsItWas) {
  TableWorld w;
  w.store_game("g1");
  auto found = w.table.find("g1");
  ASSERT_TRUE(found && *found);
  const std::shared_ptr<GameEntry> first = *found;
  const std::uint64_t version = first->session->version();
  EXPECT_EQ(w.brought_back, 1);
  EXPECT_EQ(w.table.active_games(), 1u);

  w.time.advance(w.options.idle_game_ms - 1);
  w.evict();
  EXPECT_EQ(w.table.active_games(), 1u) << "not idle long enough";

  w.time.advance(2);
  w.evict();
  EXPECT_EQ(w.table.active_games(), 0u);
  EXPECT_TRUE(first->evicted) << "whoever still holds the entry must find the game again";
  EXPECT_EQ(w.table.peek("g1"), nullptr);

  std::unique_lock<std::mutex> lock;
  auto again = w.table.lock_game("g1", lock, false);
  ASSERT_TRUE(again && *again);
  EXPECT_NE(again->get(), first.get());
  EXPECT_EQ((*again)->session->version(), version);
  EXPECT_EQ((*again)->session->moves().size(), 1u);
  EXPECT_EQ(w.brought_back, 2);
}

TEST(GameTable, AGameSomeoneWaitsForIsNotIdle) {
  TableWorld w;
  w.store_game("g1");
  auto found = w.table.find("g1");
  ASSERT_TRUE(found && *found);
  {
    std::lock_guard lock((*found)->mutex);
    ++(*found)->holds;
  }
  w.time.advance(w.options.idle_game_ms + 1);
  w.evict();
  EXPECT_EQ(w.table.active_games(), 1u);
}

TEST(GameTable, BeyondTheCapTheLeastRecentlyUsedLeavesFirst) {
  TableWorld w;
  w.options.max_games_in_memory = 1;
  w.store_game("old");
  w.store_game("new");
  ASSERT_TRUE(w.table.find("old"));
  w.time.advance(1000);
  ASSERT_TRUE(w.table.find("new"));
  w.evict();
  EXPECT_EQ(w.table.active_games(), 1u);
  EXPECT_EQ(w.table.peek("old"), nullptr);
  EXPECT_NE(w.table.peek("new"), nullptr);
}

}  // namespace
}  // namespace qi::app
