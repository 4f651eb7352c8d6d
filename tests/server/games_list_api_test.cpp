// The games list says who has left a game in play (`gone`): the people whose
// page has been out of touch for Session::kGoneAfterMs, from their contact
// while the game is in memory, and every person of a game that is not (a
// page in touch keeps its game in memory); never an engine, never a
// finished game, and nothing when the server cannot tell.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/session.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

class GamesListTest : public ::testing::Test {
 protected:
  GamesListTest()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(std::make_unique<app::SessionManager>(*store_, opponent_, time_,
                                                       app::ManagerOptions::driven_by_caller())),
        api_(std::make_unique<Api>(*manager_, *store_)) {}

  ApiResponse post(const std::string& path, const json& body) {
    return test::answer(api_->handle({"POST", path, {}, body.dump()}));
  }
  json listed(const std::string& id) {
    const ApiResponse r = test::answer(api_->handle({"GET", "/api/games", {}, ""}));
    EXPECT_EQ(r.status, 200);
    for (const json& g : r.body)
      if (g["id"] == id) return g;
    ADD_FAILURE() << id << " is not listed";
    return {};
  }
  json between_people() {
    const ApiResponse r =
        post("/api/games", {{"game", "chess"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}});
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body;
  }
  // The server restarted on the same store: no game in memory.
  void restart() {
    api_.reset();
    manager_ = std::make_unique<app::SessionManager>(*store_, opponent_, time_,
                                                     app::ManagerOptions::driven_by_caller());
    api_ = std::make_unique<Api>(*manager_, *store_);
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  std::unique_ptr<app::SessionManager> manager_;
  std::unique_ptr<Api> api_;
};

TEST_F(GamesListTest, AGameInPlaySaysWhoHasLeftIt) {
  const json g = between_people();
  const std::string id = g["id"];
  EXPECT_EQ(listed(id)["gone"], json::array());  // both just made it
  ASSERT_EQ(post("/api/games/" + id + "/move", {{"token", g["tokens"]["first"]}, {"move", "e4"}}).status,
            200);
  time_.advance(20'000);
  ASSERT_EQ(post("/api/games/" + id + "/presence", {{"token", g["tokens"]["first"]}}).status, 200);
  time_.advance(15'000);  // Black silent for 35 s, White for 15 s
  EXPECT_EQ(listed(id)["gone"], json::array({"second"}));
  ASSERT_EQ(post("/api/games/" + id + "/presence", {{"token", g["tokens"]["second"]}}).status, 200);
  EXPECT_EQ(listed(id)["gone"], json::array());
}

TEST_F(GamesListTest, AGameNobodyIsInTouchWithHasLostEveryPersonButNotTheEngine) {
  const ApiResponse r =
      post("/api/games",
           {{"game", "chess"}, {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 1}}}}});
  ASSERT_EQ(r.status, 201);
  const std::string id = r.body["id"];
  const std::string people = between_people()["id"];
  restart();
  EXPECT_FALSE(listed(id).contains("gone"));  // just started: it cannot tell yet
  time_.advance(app::Session::kGoneAfterMs + 1);
  EXPECT_EQ(listed(id)["gone"], json::array({"first"}));
  EXPECT_EQ(listed(people)["gone"], json::array({"first", "second"}));
}

TEST_F(GamesListTest, AFinishedGameNamesNobody) {
  const json g = between_people();
  const std::string id = g["id"];
  ASSERT_EQ(post("/api/games/" + id + "/move", {{"token", g["tokens"]["first"]}, {"move", "e4"}}).status,
            200);
  ASSERT_EQ(post("/api/games/" + id + "/move", {{"token", g["tokens"]["second"]}, {"move", "e5"}}).status,
            200);
  ASSERT_EQ(post("/api/games/" + id + "/resign", {{"token", g["tokens"]["first"]}}).status, 200);
  time_.advance(60'000);
  const json row = listed(id);
  EXPECT_EQ(row["status"], "over");
  EXPECT_FALSE(row.contains("gone"));
}

}  // namespace
}  // namespace qi::server
