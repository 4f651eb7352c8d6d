#include <gtest/gtest.h>

#include <sqlite3.h>

#include <filesystem>

#include "app/opponent.h"
#include "app/session_manager.h"
#include "app/storage/migrations.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

class TempFile {
 public:
  TempFile() : path_(std::filesystem::temp_directory_path() / ("qi-test-" + new_token() + ".db")) {}
  ~TempFile() {
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path_.string() + suffix);
  }
  std::string path() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

TEST(Storage, MigrationsBringANewFileToTheLatestSchema) {
  TempFile file;
  auto store = SqliteStore::open(file.path());
  ASSERT_TRUE(store) << store.error().message;
  EXPECT_GE((*store)->schema_version(), 1);
  // Opening again applies nothing and keeps the data.
  ASSERT_TRUE((*store)->add_player("Ada"));
  store->reset();
  auto again = SqliteStore::open(file.path());
  ASSERT_TRUE(again);
  ASSERT_EQ((*again)->players().value().size(), 1u);
  EXPECT_EQ((*again)->players().value()[0].name, "Ada");
}

// A store written by an older Qi (here: the schema before its last step,
// with a player in it) is brought up to date on opening and keeps its data.
TEST(Storage, MigrationsUpgradeAnOlderFileAndKeepItsData) {
  TempFile file;
  const auto& steps = schema_migrations();
  ASSERT_GE(steps.size(), 2u);
  {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(file.path().c_str(), &db), SQLITE_OK);
    std::string sql;
    for (std::size_t n = 0; n + 1 < steps.size(); ++n) sql += std::string(steps[n]);
    sql += "INSERT INTO players(name, created_ms) VALUES ('Ada', 0);";
    sql += "PRAGMA user_version=" + std::to_string(steps.size() - 1) + ";";
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK) << (error ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }
  auto store = SqliteStore::open(file.path());
  ASSERT_TRUE(store) << store.error().message;
  EXPECT_EQ((*store)->schema_version(), static_cast<int>(steps.size()));
  ASSERT_EQ((*store)->players().value().size(), 1u);
  EXPECT_EQ((*store)->players().value()[0].name, "Ada");
}

TEST(Storage, PlayerNamesAreUnique) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  ASSERT_TRUE((*store)->add_player("Ada"));
  EXPECT_FALSE((*store)->add_player("Ada"));
}

TEST(Resume, AnUnfinishedGameSurvivesARestartWithItsClock) {
  TempFile file;
  FakeClock time;
  BuiltinOpponent opponent;
  std::string id, token;
  {
    auto store = SqliteStore::open(file.path());
    ASSERT_TRUE(store);
    SessionManager manager(**store, opponent, time, ManagerOptions::driven_by_caller());
    SessionSetup setup;
    setup.game = "xiangqi";
    setup.time_control = TimeControl::sudden_death(300'000);
    auto created = manager.create(setup);
    ASSERT_TRUE(created) << created.error().message;
    id = (*created)["id"];
    token = (*created)["tokens"]["first"];
    // Each side's clock starts with its first move.
    ASSERT_TRUE(manager.act(id, token, SessionManager::Action::Move, "h2e2"));
    ASSERT_TRUE(manager.act(id, (*created)["tokens"]["second"], SessionManager::Action::Move, "h9g7"));
    time.advance(4'000);
    ASSERT_TRUE(manager.act(id, token, SessionManager::Action::Move, "b0c2"));
    time.advance(7'000);  // Black thinks for 7 s, then the server stops
    manager.tick();
  }
  time.advance(3'600'000);  // an hour later
  auto store = SqliteStore::open(file.path());
  ASSERT_TRUE(store);
  SessionManager manager(**store, opponent, time, ManagerOptions::driven_by_caller());
  EXPECT_EQ(manager.resume_unfinished().value(), 1);
  auto view = manager.view(id);
  ASSERT_TRUE(view);
  EXPECT_EQ((*view)["moves"].size(), 3u);
  EXPECT_EQ((*view)["moves"][2]["id"], "b0c2");
  EXPECT_EQ((*view)["clock"]["remaining_ms"][0], 296'000);
  // Black's time ran from the last save (at the move, or a later periodic save); never the hour.
  std::int64_t black = (*view)["clock"]["remaining_ms"][1];
  EXPECT_GE(black, 293'000);
  EXPECT_LE(black, 300'000);
  EXPECT_EQ((*view)["clock"]["running"], "second");
  // The tokens still hold their seats.
  EXPECT_EQ(manager.check_token(id, token).value(), SessionManager::Access::Ok);
}

TEST(Resume, AFinishedGameStaysFinished) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager(**store, opponent, time, ManagerOptions::driven_by_caller());
  auto created = manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  std::string id = (*created)["id"];
  ASSERT_TRUE(manager.act(id, (*created)["tokens"]["second"], SessionManager::Action::Resign));
  SessionManager later(**store, opponent, time, ManagerOptions::driven_by_caller());
  EXPECT_EQ(later.resume_unfinished().value(), 0);
  auto view = later.view(id);
  ASSERT_TRUE(view);
  EXPECT_EQ((*view)["outcome"]["termination"], "resignation");
}

TEST(EngineOpponent, RepliesAfterTheHumanMove) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager(**store, opponent, time, ManagerOptions::driven_by_caller());
  SessionSetup setup;
  setup.game = "tictactoe";
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 5;
  auto created = manager.create(setup);
  ASSERT_TRUE(created);
  std::string id = (*created)["id"], token = (*created)["tokens"]["first"];
  EXPECT_FALSE((*created)["tokens"].contains("second"));
  ASSERT_TRUE(manager.act(id, token, SessionManager::Action::Move, "b2"));
  manager.run_engine_moves();
  auto view = manager.view(id);
  EXPECT_EQ((*view)["moves"].size(), 2u);
  EXPECT_EQ((*view)["side_to_move"], "first");
}

TEST(Ratings, ARatedWinAgainstTheEngineRaisesElo) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  auto ada = (*store)->add_player("Ada");
  ASSERT_TRUE(ada);
  FakeClock time;
  BuiltinOpponent opponent;
  SessionManager manager(**store, opponent, time, ManagerOptions::driven_by_caller());
  SessionSetup setup;
  setup.rated = true;
  setup.seats[0].player_id = ada->id;
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 1;
  setup.fen = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";  // Ra8 mates
  auto created = manager.create(setup);
  ASSERT_TRUE(created) << created.error().message;
  ASSERT_TRUE(
      manager.act((*created)["id"], (*created)["tokens"]["first"], SessionManager::Action::Move, "a1a8"));
  auto rating = (*store)->rating(ada->id, "chess").value();
  ASSERT_TRUE(rating);
  EXPECT_GT(rating->elo, 1500);
  EXPECT_EQ(rating->games, 1);
  EXPECT_EQ((*store)->rating_history(ada->id, "chess").value().size(), 1u);
}

}  // namespace
}  // namespace qi::app
