// SQLite's write-ahead log on the disk: bounded however many games are
// saved (it is written back into the database and cut back to its bound,
// not kept at its largest), and a database whose log filled the disk still
// opens: the log is written back and emptied first, which frees its space
// for the writes that follow. The small disk is the faulty VFS's
// (faulty_vfs.h): a folder that holds so many bytes and no more.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>

#include "../support/game_writes.h"
#include "app/storage/sqlite_store.h"
#include "faulty_vfs.h"

namespace qi::app {
namespace {

namespace fs = std::filesystem;

struct SqliteLog : ::testing::Test {
  void TearDown() override { test::g_disk_bytes = 0; }
  fs::path dir =
      fs::temp_directory_path() / ("qi-sqlite-log-" + std::to_string(::getpid()) + "-" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::string db = (dir / "qi.db").string();
  SqliteLog() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~SqliteLog() override { fs::remove_all(dir); }

  std::int64_t log_bytes() const {
    std::error_code ec;
    const auto size = fs::file_size(db + "-wal", ec);
    return ec ? 0 : static_cast<std::int64_t>(size);
  }
  // Ten games in the database, the log written back into it (the store
  // closes).
  void ten_games() {
    auto store = SqliteStore::open(db);
    ASSERT_TRUE(store) << store.error().message;
    for (int g = 0; g < 10; ++g)
      ASSERT_TRUE((*store)->save_game(test::game_write("g" + std::to_string(g), 100)));
  }
};

TEST_F(SqliteLog, TheLogStaysBoundedHoweverManyGamesAreSaved) {
  auto store = SqliteStore::open(db);
  ASSERT_TRUE(store) << store.error().message;
  std::int64_t peak = 0;
  for (std::uint64_t version = 1; version <= 300; ++version)
    for (int g = 0; g < 10; ++g) {
      ASSERT_TRUE((*store)->save_game(test::game_write("g" + std::to_string(g), version)));
      peak = std::max(peak, log_bytes());
    }
  // The log reached its bound (the test wrote enough to test it), and no more
  // than one more write beyond it.
  EXPECT_GE(peak, SqliteStore::kLogCheckpointBytes / 2);
  EXPECT_LE(peak, 2 * SqliteStore::kLogCheckpointBytes);
  EXPECT_EQ((*store)->load_game("g9").value()->version, 300u);
}

TEST_F(SqliteLog, ADatabaseWhoseLogFilledTheDiskOpensAndWritesAgain) {
  ten_games();
  {
    // Another writer fills the log with changes that need no more room in
    // the database (no checkpoint, and none at its close, as when a process
    // is killed).
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
    ASSERT_EQ(sqlite3_db_config(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(raw, "PRAGMA wal_autocheckpoint=0", nullptr, nullptr, nullptr), SQLITE_OK);
    for (int i = 0; i < 1000; ++i)
      ASSERT_EQ(sqlite3_exec(raw, "UPDATE games SET updated_ms = updated_ms + 1", nullptr, nullptr, nullptr),
                SQLITE_OK);
    sqlite3_close(raw);
  }
  const std::int64_t log_before = log_bytes();
  ASSERT_GT(log_before, 2 * SqliteStore::kLogCheckpointBytes)
      << "the log did not grow: the test did not test";
  // The disk has less room left than one more page of the log.
  ASSERT_TRUE(test::faulty_vfs());
  test::g_disk_bytes = test::folder_bytes(dir) + 1024;
  auto store = SqliteStore::open(db, Durability::ProcessCrash, test::faulty_vfs());
  ASSERT_TRUE(store) << store.error().message;
  EXPECT_LT(log_bytes(), log_before / 2) << "the log was not written back and emptied";
  ASSERT_TRUE((*store)->save_game(test::game_write("g1", 101)));
  EXPECT_EQ((*store)->load_game("g1").value()->version, 101u);
  EXPECT_EQ((*store)->list_games(100, std::nullopt).value().size(), 10u);
}

}  // namespace
}  // namespace qi::app
