// Conditional writes (GameWrite::expected_version) in SQLite and through the
// group commit: of two writers that read the same version, exactly one
// writes and the other is told "stale"; a stale write changes nothing and
// fails only itself.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "../support/game_writes.h"
#include "app/session_json.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/migrations.h"
#include "app/storage/sqlite_store.h"

namespace qi::app {
namespace {

using test::game_write;

std::unique_ptr<SqliteStore> memory_store() {
  auto store = SqliteStore::open(":memory:");
  EXPECT_TRUE(store) << store.error().message;
  return std::move(*store);
}

std::uint64_t stored_version(Store& store, const std::string& id) {
  auto saved = store.load_game(id).value();
  EXPECT_TRUE(saved.has_value()) << id;
  return saved ? saved->version : 0;
}

TEST(ConditionalWrite, OfTwoWritersAtTheSameVersionOnlyTheFirstWrites) {
  auto store = memory_store();
  ASSERT_TRUE(store->save_game(game_write("g1", 1)));
  ASSERT_TRUE(store->save_game(game_write("g1", 2, 1)));
  Status second = store->save_game(game_write("g1", 3, 1));
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, "stale");
  EXPECT_EQ(stored_version(*store, "g1"), 2u);
  // Written against the version now stored, it goes through.
  EXPECT_TRUE(store->save_game(game_write("g1", 3, 2)));
  EXPECT_EQ(stored_version(*store, "g1"), 3u);
}

TEST(ConditionalWrite, AWriteWithoutAnExpectedVersionReplacesWhateverIsStored) {
  auto store = memory_store();
  ASSERT_TRUE(store->save_game(game_write("g1", 5)));
  ASSERT_TRUE(store->save_game(game_write("g1", 1)));
  EXPECT_EQ(stored_version(*store, "g1"), 1u);
}

TEST(ConditionalWrite, AGameThatIsNotStoredIsStaleToEveryExpectedVersion) {
  auto store = memory_store();
  for (std::uint64_t expected : {0u, 1u}) {
    Status st = store->save_game(game_write("gone", 2, expected));
    ASSERT_FALSE(st);
    EXPECT_EQ(st.error().code, "stale");
  }
  EXPECT_FALSE(store->load_game("gone").value().has_value());
}

TEST(ConditionalWrite, AStaleRemovalRemovesNothing) {
  auto store = memory_store();
  ASSERT_TRUE(store->save_game(game_write("g1", 4)));
  GameWrite removal = game_write("g1", 4, 3);
  removal.remove = true;
  Status st = store->save_game(removal);
  ASSERT_FALSE(st);
  EXPECT_EQ(st.error().code, "stale");
  EXPECT_TRUE(store->load_game("g1").value().has_value());
  removal.expected_version = 4;
  EXPECT_TRUE(store->save_game(removal));
  EXPECT_FALSE(store->load_game("g1").value().has_value());
}

TEST(ConditionalWrite, AStaleWriteInABatchFailsOnlyItself) {
  auto store = memory_store();
  ASSERT_TRUE(store->save_game(game_write("a", 1)));
  ASSERT_TRUE(store->save_game(game_write("b", 1)));
  auto result = store->save_games({game_write("a", 2, 1), game_write("b", 2, 7), game_write("c", 1)});
  ASSERT_TRUE(result) << result.error().message;
  EXPECT_EQ(*result, StaleWrites{1});
  EXPECT_EQ(stored_version(*store, "a"), 2u);
  EXPECT_EQ(stored_version(*store, "b"), 1u);
  EXPECT_EQ(stored_version(*store, "c"), 1u);
}

// Many threads each write the next version against the one they all read:
// exactly one of them wins, however their writes are batched.
void race(Store& store, Store& reader) {
  ASSERT_TRUE(store.save_game(game_write("race", 1)));
  constexpr int kWriters = 8;
  std::atomic<int> won{0}, stale{0}, other{0};
  std::vector<std::thread> writers;
  for (int i = 0; i < kWriters; ++i)
    writers.emplace_back([&, i] {
      Status st = store.save_game(game_write("race", 2 + static_cast<std::uint64_t>(i), 1));
      if (st)
        ++won;
      else if (st.error().code == "stale")
        ++stale;
      else
        ++other;
    });
  for (auto& t : writers) t.join();
  EXPECT_EQ(won.load(), 1);
  EXPECT_EQ(stale.load(), kWriters - 1);
  EXPECT_EQ(other.load(), 0);
  EXPECT_GE(stored_version(reader, "race"), 2u);
}

TEST(ConditionalWrite, RacingWritersOnSqliteOneWins) {
  auto store = memory_store();
  race(*store, *store);
}

TEST(ConditionalWrite, RacingWritersThroughTheGroupCommitOneWins) {
  auto sqlite = memory_store();
  GroupCommitStore store(*sqlite);
  race(store, *sqlite);
}

TEST(ConditionalWrite, TheGroupCommitFailsAStaleWriteAndCommitsTheRestOfItsBatch) {
  auto sqlite = memory_store();
  ASSERT_TRUE(sqlite->save_game(game_write("a", 1)));
  ASSERT_TRUE(sqlite->save_game(game_write("b", 1)));
  GroupCommitStore store(*sqlite);
  // Queued without waiting, so both are likely in one batch; either way
  // each write's fate is its own.
  store.save_game_soon(game_write("a", 2, 1));
  Status stale = store.save_game(game_write("b", 2, 9));
  store.flush();
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, "stale");
  EXPECT_EQ(stored_version(*sqlite, "a"), 2u);
  EXPECT_EQ(stored_version(*sqlite, "b"), 1u);
  // A stale quiet save is dropped, not retried for ever.
  store.save_game_soon(game_write("b", 3, 9));
  store.flush();
  EXPECT_EQ(store.health().waiting_writes, 0u);
  EXPECT_EQ(stored_version(*sqlite, "b"), 1u);
}

TEST(ConditionalWrite, ANewerQueuedStateIsWrittenAgainstTheOlderOnesExpectedVersion) {
  auto sqlite = memory_store();
  ASSERT_TRUE(sqlite->save_game(game_write("g", 1)));
  GroupCommitStore store(*sqlite);
  // Two quick saves of one game may merge in the queue: the merged write
  // expects what the first expected (1), not what the second did (2, never
  // stored if they merged). Whether they merged or not, both end written.
  store.save_game_soon(game_write("g", 2, 1));
  EXPECT_TRUE(store.save_game(game_write("g", 3, 2)));
  EXPECT_EQ(stored_version(*sqlite, "g"), 3u);
}

// Migration 6 gives the games stored before it the version their saved
// state holds, so that the first conditional write after an upgrade expects
// what the game loaded from it says.
TEST(ConditionalWrite, MigrationSixTakesEachGamesVersionFromItsState) {
  const std::string path =
      (std::filesystem::temp_directory_path() / ("qi-test-" + new_token() + ".db")).string();
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
    std::string sql;
    for (std::size_t n = 0; n < 5; ++n) sql += std::string(schema_migrations()[n]);
    const std::string state = to_json(game_write("old", 7).saved).dump();
    sql +=
        "INSERT INTO games (id, game, variant, status, score, termination, reason, first_name, second_name, "
        "first_level, second_level, plies, rated, created_ms, updated_ms, state) VALUES ('old', "
        "'tictactoe', '', 'ongoing', '*', 'none', '', 'Ada', 'Grace', 0, 0, 7, 0, 0, 0, '" +
        state + "');";
    sql += "PRAGMA user_version=5;";
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }
  {
    auto store = SqliteStore::open(path);
    ASSERT_TRUE(store) << store.error().message;
    EXPECT_EQ(stored_version(**store, "old"), 7u);
    Status wrong = (*store)->save_game(game_write("old", 8, 0));
    ASSERT_FALSE(wrong);
    EXPECT_EQ(wrong.error().code, "stale");
    EXPECT_TRUE((*store)->save_game(game_write("old", 8, 7)));
  }
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
}

}  // namespace
}  // namespace qi::app
