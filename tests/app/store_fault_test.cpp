// When the disk fails, nothing is acknowledged that is not stored: a move
// whose commit fails is answered with the error `not_saved`, a game whose
// creation cannot be stored is not created, and the group commit retries
// the failed writes so the game's whole state reaches the disk once the
// disk works again.
#include <gtest/gtest.h>

#include <atomic>

#include "../support/forwarding_store.h"
#include "app/session_manager.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

// A store in front of SQLite whose writes fail while `failing` is set (a full
// or read-only disk, as the store sees it).
class FailingDisk final : public test::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  std::atomic<bool> failing{false};

  Status save_game(const GameWrite& w) override {
    if (failing) return make_error("database: disk I/O error");
    return inner_.save_game(w);
  }
  Expected<StaleWrites> save_games(const std::vector<GameWrite>& writes) override {
    if (failing) return make_error("database: disk I/O error");
    return inner_.save_games(writes);
  }
};

struct FaultyWorld {
  std::unique_ptr<SqliteStore> sqlite = SqliteStore::open(":memory:").value();
  FailingDisk disk{*sqlite};
  GroupCommitStore store{disk};
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager{store, opponent, time, ManagerOptions::driven_by_caller()};
};

TEST(StoreFaults, AMoveWhoseCommitFailsIsAnsweredWithAnErrorAndRetried) {
  FaultyWorld w;
  auto created = w.manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  const std::string id = (*created)["id"];
  w.disk.failing = true;
  auto moved = w.manager.act(id, (*created)["tokens"]["first"], SessionManager::Action::Move, "e2e4");
  ASSERT_FALSE(moved) << "a move the disk did not take was acknowledged";
  EXPECT_EQ(moved.error().code, "not_saved");
  EXPECT_NE(moved.error().message.find("disk I/O error"), std::string::npos) << moved.error().message;
  EXPECT_EQ(w.sqlite->load_game(id).value()->moves.size(), 0u);
  // The disk works again: the retried write brings the game's state to it.
  w.disk.failing = false;
  w.store.flush();
  w.store.flush();
  auto stored = w.sqlite->load_game(id).value();
  ASSERT_TRUE(stored);
  EXPECT_EQ(stored->moves.size(), 1u);
}

TEST(StoreFaults, AGameThatCannotBeStoredIsNotCreated) {
  FaultyWorld w;
  w.disk.failing = true;
  auto created = w.manager.create(SessionSetup{});
  ASSERT_FALSE(created);
  EXPECT_EQ(created.error().code, "not_saved");
  EXPECT_EQ(w.manager.active_games(), 0u);
  // Nor does it appear later, when the disk works again.
  w.disk.failing = false;
  w.store.flush();
  w.store.flush();
  EXPECT_TRUE(w.sqlite->list_games(10, std::nullopt).value().empty());
}

TEST(StoreFaults, AServerStoppingOnAFailingDiskStopsAndGivesUp) {
  auto world = std::make_unique<FaultyWorld>();
  auto created = world->manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  world->disk.failing = true;
  EXPECT_FALSE(world->manager.act((*created)["id"], (*created)["tokens"]["first"],
                                  SessionManager::Action::Move, "e2e4"));
  world.reset();  // returns: the retry loop ends with the store
}

}  // namespace
}  // namespace qi::app
