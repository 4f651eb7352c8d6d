// A stored game whose row cannot be read (its state overwritten with "{}")
// is an error that says so, never a game that vanished: the API answers 500
// with code "game_damaged" and words naming the game, the operator reads
// the game's id and why on stderr, and the other games are listed, read and
// resumed as before. On SQLite and on PostgreSQL (a real server).
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <functional>

#include "../support/postgres_server.h"
#include "app/storage/postgres_store.h"
#include "app/storage/sqlite_store.h"
#include "served_store.h"

namespace qi::app {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

void expect_damaged_game_is_an_error(Store& database, const std::function<void(const std::string&)>& damage) {
  test::ServedStore served(database);
  auto damaged = served.post("/api/games", {{"game", "chess"}});
  auto sound = served.post("/api/games", {{"game", "chess"}});
  ASSERT_EQ(damaged.status, 201);
  ASSERT_EQ(sound.status, 201);
  const std::string id = damaged.body["id"];
  served.restart();  // nothing in memory: the next requests read the store
  damage(id);

  ::testing::internal::CaptureStderr();
  auto view = served.get("/api/games/" + id);
  auto move =
      served.post("/api/games/" + id + "/move", {{"token", damaged.body["tokens"]["first"]}, {"move", "e4"}});
  const std::string logged = ::testing::internal::GetCapturedStderr();
  for (const auto& [what, r] : {std::pair{"its view", view}, std::pair{"a move in it", move}}) {
    EXPECT_EQ(r.status, 500) << what << ": " << r.body.dump();
    EXPECT_EQ(r.body.value("code", ""), "game_damaged") << what;
    EXPECT_NE(r.body.value("error", "").find(id), std::string::npos) << what << ": " << r.body.dump();
    EXPECT_FALSE(r.body["words"].value("zh", "").empty()) << what;
  }
  EXPECT_NE(logged.find(id), std::string::npos) << "stderr: " << logged;
  EXPECT_NE(logged.find("cannot be read"), std::string::npos) << "stderr: " << logged;

  // The others as before.
  EXPECT_EQ(served.get("/api/games/" + sound.body["id"].get<std::string>()).status, 200);
  auto list = served.get("/api/games");
  ASSERT_EQ(list.status, 200);
  EXPECT_EQ(list.body.size(), 2u) << "a damaged game is still listed by its summary";
  ::testing::internal::CaptureStderr();
  auto unfinished = served.store().unfinished_games();
  (void)::testing::internal::GetCapturedStderr();
  ASSERT_TRUE(unfinished) << unfinished.error().message;
  ASSERT_EQ(unfinished->size(), 1u);
  EXPECT_EQ((*unfinished)[0].id, sound.body["id"]);
  EXPECT_TRUE(served.manager().resume_unfinished());
}

TEST(DamagedGame, OnSqliteIsAnErrorNamingItAndTheOthersGoOn) {
  const fs::path dir = fs::temp_directory_path() / ("qi-damaged-game-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string db = (dir / "qi.db").string();
  {
    auto sqlite = SqliteStore::open(db);
    ASSERT_TRUE(sqlite) << sqlite.error().message;
    expect_damaged_game_is_an_error(**sqlite, [&](const std::string& id) {
      sqlite3* raw = nullptr;
      ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
      const std::string sql = "UPDATE games SET state = '{}' WHERE id = '" + id + "'";
      EXPECT_EQ(sqlite3_exec(raw, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
      EXPECT_EQ(sqlite3_changes(raw), 1);
      sqlite3_close(raw);
    });
  }
  fs::remove_all(dir);
}

TEST(DamagedGame, OnPostgresIsAnErrorNamingItAndTheOthersGoOn) {
  auto uri = test::fresh_postgres_database();
  ASSERT_TRUE(uri) << uri.error().message;
  auto pg = PostgresStore::open(*uri, "test-instance");
  ASSERT_TRUE(pg) << pg.error().message;
  expect_damaged_game_is_an_error(**pg, [&](const std::string& id) {
    PGconn* conn = PQconnectdb(uri->c_str());
    ASSERT_EQ(PQstatus(conn), CONNECTION_OK) << PQerrorMessage(conn);
    PGresult* r = PQexec(conn, ("UPDATE games SET state = '{}' WHERE id = '" + id + "'").c_str());
    EXPECT_EQ(PQresultStatus(r), PGRES_COMMAND_OK) << PQerrorMessage(conn);
    EXPECT_STREQ(PQcmdTuples(r), "1");
    PQclear(r);
    PQfinish(conn);
  });
}

}  // namespace
}  // namespace qi::app
