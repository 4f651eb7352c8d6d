// A full disk, as SQLite meets it (the faulty VFS of faulty_vfs.h fails its
// writes with SQLITE_FULL): every move made while the disk is full is
// refused with "not_saved", and after space returns, nothing acknowledged is
// missing from the file when it is opened again.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "faulty_vfs.h"
#include "server/api.h"

namespace qi::app {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  fs::path path = fs::temp_directory_path() / ("qi-disk-full-" + std::to_string(::getpid()) + "-" +
                                               std::to_string(reinterpret_cast<std::uintptr_t>(this)));
  TempDir() { fs::create_directories(path); }
  ~TempDir() { fs::remove_all(path); }
};

struct DiskFull : ::testing::Test {
  void TearDown() override { test::g_disk_full = false; }
  TempDir dir;
  std::string db = (dir.path / "qi.db").string();
};

// Ten moves a side that never repeat a position.
const char* kWhiteMoves[] = {"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4"};
const char* kBlackMoves[] = {"a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "a5", "b5"};

TEST_F(DiskFull, NothingAcknowledgedIsLostWhenTheDiskFillsAndIsFreedAgain) {
  ASSERT_TRUE(test::faulty_vfs());
  // Per game, the moves the server acknowledged.
  std::map<std::string, std::size_t> acknowledged;
  int refused = 0;
  {
    auto sqlite = SqliteStore::open(db, Durability::ProcessCrash, test::faulty_vfs());
    ASSERT_TRUE(sqlite) << sqlite.error().message;
    GroupCommitStore store(**sqlite);
    FakeClock time;
    BuiltinOpponent opponent;
    SessionManager manager(store, opponent, time, ManagerOptions::driven_by_caller());
    std::vector<std::pair<std::string, std::array<std::string, 2>>> games;
    for (int g = 0; g < 10; ++g) {
      SessionSetup setup;
      auto created = manager.create(setup);
      ASSERT_TRUE(created);
      games.push_back({(*created)["id"], {(*created)["tokens"]["first"], (*created)["tokens"]["second"]}});
    }
    for (int ply = 0; ply < 20; ++ply) {
      // The disk is full for plies 8 to 13.
      test::g_disk_full = ply >= 8 && ply < 14;
      for (auto& [id, tokens] : games) {
        const char* move = ply % 2 == 0 ? kWhiteMoves[ply / 2] : kBlackMoves[ply / 2];
        auto moved = manager.act(id, tokens[ply % 2], SessionManager::Action::Move, move);
        if (moved) {
          acknowledged[id] = (*moved)["moves"].size();
        } else {
          EXPECT_EQ(moved.error().code, "not_saved") << moved.error().message;
          ++refused;
        }
      }
    }
    EXPECT_GT(refused, 0) << "the full disk refused nothing: the test did not test";
    EXPECT_GT(store.health().failed_commits, 0u);
    test::g_disk_full = false;
    store.flush();
  }
  auto reopened = SqliteStore::open(db);
  ASSERT_TRUE(reopened) << reopened.error().message;
  for (const auto& [id, moves] : acknowledged) {
    auto saved = (*reopened)->load_game(id).value();
    ASSERT_TRUE(saved) << id;
    EXPECT_GE(saved->moves.size(), moves) << "game " << id << " lost acknowledged moves";
  }
}

TEST_F(DiskFull, AProfileCreatedOnAFullDiskIsAFailureNotANameTaken) {
  ASSERT_TRUE(test::faulty_vfs());
  auto sqlite = SqliteStore::open(db, Durability::ProcessCrash, test::faulty_vfs());
  ASSERT_TRUE(sqlite);
  GroupCommitStore store(**sqlite);
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager(store, opponent, time, ManagerOptions::driven_by_caller());
  server::Api api(manager, store);
  test::g_disk_full = true;
  server::ApiResponse r = api.handle({"POST", "/api/players", {}, R"({"name":"Ada"})"});
  EXPECT_EQ(r.status, 503) << r.body.dump();
  EXPECT_EQ(r.body["code"], "not_saved");
  test::g_disk_full = false;
  EXPECT_EQ(api.handle({"POST", "/api/players", {}, R"({"name":"Ada"})"}).status, 201);
}

TEST_F(DiskFull, AServerDoesNotStartOnADiskItCannotWrite) {
  ASSERT_TRUE(SqliteStore::open(db));  // the file exists and is sound
  ASSERT_TRUE(test::faulty_vfs());
  test::g_disk_full = true;
  auto refused = SqliteStore::open(db, Durability::ProcessCrash, test::faulty_vfs());
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("cannot write"), std::string::npos) << refused.error().message;
}

}  // namespace
}  // namespace qi::app
