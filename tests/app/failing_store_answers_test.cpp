// What the API answers while its store fails: 503 with code "not_saved" for
// a change and "store_unavailable" for a read, at every kind of endpoint
// (a new game, a move, a game that is not in memory, a player's page, a
// login with the right password, the lists), never "not found", "wrong
// password", an empty list or a refusal that claims a retry nobody makes;
// and once the store is back, the same requests are answered. The store
// fails as it does in life: SQLite on a disk that fails (the faulty VFS of
// faulty_vfs.h) or full, and PostgreSQL when its database is down (a real
// server: tests/support/postgres_server.h).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <functional>

#include "../support/postgres_outage.h"
#include "../support/postgres_server.h"
#include "app/storage/postgres_store.h"
#include "app/storage/sqlite_store.h"
#include "faulty_vfs.h"
#include "served_store.h"

namespace qi::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const json kPassword = "a long enough password";

// The answer is the store's failure, in words, and says the server tries
// again only where it does (`retried`).
void expect_store_failure(const server::ApiResponse& r, const std::string& kind, const std::string& code,
                          bool retried = false) {
  EXPECT_EQ(r.status, 503) << kind << ": " << r.body.dump();
  EXPECT_EQ(r.body.value("code", ""), code) << kind << ": " << r.body.dump();
  EXPECT_FALSE(r.body.value("words", json::object()).value("zh", "").empty()) << kind;
  const std::string said = r.body.value("error", "");
  EXPECT_EQ(said.find("tries again") != std::string::npos, retried) << kind << ": " << said;
  EXPECT_EQ(said.find("retried"), std::string::npos) << kind << ": " << said;
}

// Every kind of endpoint while `fail(true)` holds, then again after `fail(false)`.
void expect_failing_store_answers_503(Store& database, const std::function<void(bool)>& fail) {
  test::ServedStore served(database);
  // While the store works: a protected profile, a game left in the store
  // only, and a game in memory.
  auto ada = served.post("/api/players", {{"name", "Ada"}, {"password", kPassword}});
  ASSERT_EQ(ada.status, 201) << ada.body.dump();
  const std::string player = "/api/players/" + std::to_string(ada.body["id"].get<std::int64_t>());
  auto stored = served.post("/api/games", {{"game", "chess"}});
  auto loaded = served.post("/api/games", {{"game", "chess"}});
  ASSERT_EQ(stored.status, 201);
  ASSERT_EQ(loaded.status, 201);
  const std::string stored_id = stored.body["id"], loaded_id = loaded.body["id"];
  served.restart();
  ASSERT_EQ(served.get("/api/games/" + loaded_id).status, 200);

  fail(true);
  expect_store_failure(served.post("/api/games", {{"game", "chess"}}), "a new game", "not_saved");
  expect_store_failure(served.post("/api/games/" + loaded_id + "/move",
                                   {{"token", loaded.body["tokens"]["first"]}, {"move", "e4"}}),
                       "a move", "not_saved", true);
  expect_store_failure(served.get("/api/games/" + stored_id), "a game not in memory", "store_unavailable");
  expect_store_failure(served.post("/api/games/" + stored_id + "/move",
                                   {{"token", stored.body["tokens"]["first"]}, {"move", "e4"}}),
                       "a move in a game not in memory", "store_unavailable");
  expect_store_failure(served.get(player), "a player's page", "store_unavailable");
  expect_store_failure(served.post("/api/login", {{"name", "Ada"}, {"password", kPassword}}),
                       "a login with the right password", "store_unavailable");
  expect_store_failure(served.get("/api/games"), "the games", "store_unavailable");
  expect_store_failure(served.get("/api/players"), "the players", "store_unavailable");
  expect_store_failure(served.get("/api/challenges"), "the challenges", "store_unavailable");

  fail(false);
  // What was said to be tried again was: the move is stored; the game that
  // was refused is not.
  served.restart();  // the old server's store writes what waits before it goes
  EXPECT_EQ(served.get("/api/games/" + loaded_id).body["moves"].size(), 1u);
  EXPECT_EQ(served.get("/api/games/" + stored_id).status, 200);
  EXPECT_EQ(served.get(player).status, 200);
  EXPECT_EQ(served.post("/api/login", {{"name", "Ada"}, {"password", kPassword}}).status, 200);
  EXPECT_EQ(served.get("/api/games").body.size(), 2u);
}

struct SqliteFailing : ::testing::Test {
  void TearDown() override {
    test::g_disk_broken = false;
    test::g_disk_full = false;
  }
  fs::path dir =
      fs::temp_directory_path() / ("qi-failing-store-" + std::to_string(::getpid()) + "-" +
                                   ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::string db = (dir / "qi.db").string();
  SqliteFailing() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~SqliteFailing() override { fs::remove_all(dir); }
};

TEST_F(SqliteFailing, EveryEndpointAnswers503WhileTheDiskFails) {
  ASSERT_TRUE(test::faulty_vfs());
  auto sqlite = SqliteStore::open(db, Durability::ProcessCrash, test::faulty_vfs());
  ASSERT_TRUE(sqlite) << sqlite.error().message;
  expect_failing_store_answers_503(**sqlite, [](bool failing) { test::g_disk_broken = failing; });
}

TEST_F(SqliteFailing, ANewGameOnAFullDiskIs503NotSavedAndIsNotCreated) {
  ASSERT_TRUE(test::faulty_vfs());
  auto sqlite = SqliteStore::open(db, Durability::ProcessCrash, test::faulty_vfs());
  ASSERT_TRUE(sqlite) << sqlite.error().message;
  test::ServedStore served(**sqlite);
  test::g_disk_full = true;
  auto refused = served.post("/api/games", {{"game", "chess"}});
  expect_store_failure(refused, "a new game on a full disk", "not_saved");
  test::g_disk_full = false;
  EXPECT_EQ(served.get("/api/games").body, json::array()) << "a game was made after all";
}

TEST(PostgresDown, EveryEndpointAnswers503WhileTheDatabaseIsDown) {
  auto uri = test::fresh_postgres_database();
  ASSERT_TRUE(uri) << uri.error().message;
  auto pg = PostgresStore::open(*uri, "test-instance");
  ASSERT_TRUE(pg) << pg.error().message;
  expect_failing_store_answers_503(**pg, [&](bool failing) {
    Status st = test::set_database_reachable(*uri, !failing);
    ASSERT_TRUE(st) << st.error().message;
  });
}

// A name the server never made (bytes that are not text) is no game on any
// store: PostgreSQL, which refuses such text as a fault, never sees it, so
// it is never taken for the store failing.
TEST(PostgresUp, AnIdThatIsNotTextNamesNoGameRatherThanAFailingStore) {
  auto uri = test::fresh_postgres_database();
  ASSERT_TRUE(uri) << uri.error().message;
  auto pg = PostgresStore::open(*uri, "test-instance");
  ASSERT_TRUE(pg) << pg.error().message;
  test::ServedStore served(**pg);
  for (const char* path :
       {"/api/games/\xFF", "/api/games/\xFF/review", "/api/players/\xFE", "/api/challenges/\xFF"}) {
    auto r = served.get(path);
    EXPECT_EQ(r.status, 404) << path << ": " << r.body.dump();
  }
  EXPECT_EQ(served.post("/api/games/\xFF\xFE/move", {{"token", "x"}, {"move", "e4"}}).status, 404);
}

}  // namespace
}  // namespace qi::app
