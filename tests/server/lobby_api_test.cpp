// The routes of playing between devices: an open seat and its invite, a
// rematch, the lobby's challenges; bad input is a clear 4xx, and bounds hold.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

class LobbyApiTest : public ::testing::Test {
 protected:
  LobbyApiTest()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}

  ApiResponse post(const std::string& path, const json& body, const std::string& client = {}) {
    ApiRequest r{"POST", path, {}, body.dump()};
    r.client = client;
    return test::answer(api_.handle(r));
  }
  ApiResponse get(const std::string& path, std::map<std::string, std::string> query = {}) {
    return test::answer(api_.handle({"GET", path, std::move(query), ""}));
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
};

const json kWithAFriend = {{"game", "chess"},
                           {"seats", {{{"kind", "human"}}, {{"kind", "human"}, {"open", true}}}}};

TEST_F(LobbyApiTest, AnInviteTakesTheOpenSeatOnceAndTheSecondClaimIsAConflict) {
  ApiResponse created = post("/api/games", kWithAFriend);
  ASSERT_EQ(created.status, 201) << created.body.dump();
  const std::string id = created.body["id"], invite = created.body["invites"]["second"];
  ApiResponse joined = post("/api/games/" + id + "/join", {{"invite", invite}, {"name", "Mei"}});
  ASSERT_EQ(joined.status, 200) << joined.body.dump();
  EXPECT_EQ(joined.body["side"], "second");
  ApiResponse again = post("/api/games/" + id + "/join", {{"invite", invite}});
  EXPECT_EQ(again.status, 409);
  EXPECT_EQ(again.body["code"], "seat_taken");
  EXPECT_FALSE(again.body["words"]["zh"].get<std::string>().empty());
  ApiResponse moved =
      post("/api/games/" + id + "/move", {{"token", created.body["tokens"]["first"]}, {"move", "e4"}});
  EXPECT_EQ(moved.status, 200);
  EXPECT_EQ(post("/api/games/" + id + "/move", {{"token", joined.body["token"]}, {"move", "e5"}}).status,
            200);
}

TEST_F(LobbyApiTest, JoinRefusesBadInputClearly) {
  ApiResponse created = post("/api/games", kWithAFriend);
  const std::string id = created.body["id"];
  EXPECT_EQ(post("/api/games/" + id + "/join", json::object()).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"invite", 7}}).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"invite", "x"}, {"colour", "red"}}).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"invite", std::string(100, 'a')}}).status, 400);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"invite", "abc"}}).status, 403);
  EXPECT_EQ(post("/api/games/nosuchgame/join", {{"invite", "abc"}}).status, 404);
  EXPECT_EQ(post("/api/games/" + id + "/join", {{"invite", "abc"}, {"player_id", 99}}).status, 422);
  // Two open seats, or an open seat beside the engine, make no game.
  json both = {{"game", "chess"}, {"seats", {{{"open", true}}, {{"open", true}}}}};
  EXPECT_EQ(post("/api/games", both).status, 422);
  json engine = {{"game", "chess"}, {"seats", {{{"kind", "engine"}, {"level", 1}}, {{"open", true}}}}};
  EXPECT_EQ(post("/api/games", engine).status, 422);
}

TEST_F(LobbyApiTest, ARematchSwapsColours) {
  json g = post("/api/games", {{"game", "chess"}}).body;
  const std::string id = g["id"];
  ASSERT_EQ(post("/api/games/" + id + "/resign", {{"token", g["tokens"]["first"]}}).status, 200);
  ApiResponse offered = post("/api/games/" + id + "/rematch", {{"token", g["tokens"]["second"]}});
  ASSERT_EQ(offered.status, 200) << offered.body.dump();
  EXPECT_EQ(offered.body["rematch"]["offered_by"], "second");
  ApiResponse made = post("/api/games/" + id + "/rematch", {{"token", g["tokens"]["first"]}});
  ASSERT_EQ(made.status, 200);
  EXPECT_EQ(made.body["rematch"]["side"], "second");
  EXPECT_EQ(post("/api/games/" + id + "/rematch", json::object()).status, 401);
  EXPECT_EQ(post("/api/games/" + id + "/rematch", {{"token", "nobody"}}).status, 403);
  EXPECT_EQ(post("/api/games/nosuchgame/rematch", {{"token", "nobody"}}).status, 404);
  json live = post("/api/games", {{"game", "chess"}}).body;
  ApiResponse early =
      post("/api/games/" + live["id"].get<std::string>() + "/rematch", {{"token", live["tokens"]["first"]}});
  EXPECT_EQ(early.status, 422);
  EXPECT_EQ(early.body["code"], "rematch_not_over");
}

TEST_F(LobbyApiTest, AChallengeIsListedAcceptedOnceAndFoundByItsCreator) {
  ApiResponse made =
      post("/api/challenges",
           {{"game", "chess"},
            {"side", "first"},
            {"name", "Ann"},
            {"time_control", {{"kind", "increment"}, {"base_ms", 300000}, {"increment_ms", 3000}}}});
  ASSERT_EQ(made.status, 201) << made.body.dump();
  const std::string id = made.body["id"], secret = made.body["secret"];
  ApiResponse list = get("/api/challenges");
  ASSERT_EQ(list.body.size(), 1u);
  EXPECT_EQ(list.body[0]["time_control"]["increment_ms"], 3000);
  EXPECT_EQ(list.body.dump().find(secret), std::string::npos);
  ApiResponse accepted = post("/api/challenges/" + id + "/accept", {{"name", "Bo"}});
  ASSERT_EQ(accepted.status, 200) << accepted.body.dump();
  EXPECT_EQ(accepted.body["side"], "second");
  ApiResponse second = post("/api/challenges/" + id + "/accept", json::object());
  EXPECT_EQ(second.status, 409);
  EXPECT_EQ(second.body["code"], "challenge_taken");
  ApiResponse polled = get("/api/challenges/" + id, {{"secret", secret}});
  ASSERT_EQ(polled.status, 200);
  EXPECT_EQ(polled.body["game"], accepted.body["game"]);
  EXPECT_EQ(get("/api/challenges/" + id, {{"secret", "wrong"}}).status, 403);
  EXPECT_EQ(get("/api/challenges/" + id).status, 400);
  EXPECT_EQ(get("/api/challenges/nosuch", {{"secret", "x"}}).status, 404);
}

TEST_F(LobbyApiTest, ChallengesRefuseBadInputAndAreBoundedPerClient) {
  EXPECT_EQ(post("/api/challenges", {{"game", 1}}).status, 400);
  EXPECT_EQ(post("/api/challenges", {{"colour", "red"}}).status, 400);
  EXPECT_EQ(post("/api/challenges", {{"time_control", "fast"}}).status, 400);
  EXPECT_EQ(post("/api/challenges", {{"time_control", {{"kind", "blitz"}}}}).status, 400);
  EXPECT_EQ(post("/api/challenges", {{"game", "go"}}).status, 422);
  EXPECT_EQ(post("/api/challenges", {{"side", "middle"}}).status, 422);
  EXPECT_EQ(post("/api/challenges", {{"rated", true}}).status, 422);
  EXPECT_EQ(post("/api/challenges/x/accept", {{"player_id", "one"}}).status, 400);
  EXPECT_EQ(post("/api/challenges/x/accept", json::object()).status, 404);
  EXPECT_EQ(post("/api/challenges/x/cancel", json::object()).status, 400);
  EXPECT_EQ(post("/api/challenges/x/frobnicate", json::object()).status, 404);
  const int bound = app::ChallengeBounds{}.per_client;
  for (int i = 0; i < bound; ++i)
    ASSERT_EQ(post("/api/challenges", {{"game", "chess"}}, "10.0.0.1").status, 201);
  ApiResponse beyond = post("/api/challenges", {{"game", "chess"}}, "10.0.0.1");
  EXPECT_EQ(beyond.status, 429);
  EXPECT_EQ(beyond.body["code"], "too_many_challenges");
  EXPECT_EQ(post("/api/challenges", {{"game", "chess"}}, "10.0.0.2").status, 201);
}

TEST_F(LobbyApiTest, ACancelledChallengeLeavesTheList) {
  json made = post("/api/challenges", {{"game", "xiangqi"}}).body;
  const std::string id = made["id"];
  EXPECT_EQ(post("/api/challenges/" + id + "/cancel", {{"secret", "wrong"}}).status, 403);
  EXPECT_EQ(post("/api/challenges/" + id + "/cancel", {{"secret", made["secret"]}}).status, 200);
  EXPECT_TRUE(get("/api/challenges").body.empty());
  EXPECT_EQ(post("/api/challenges/" + id + "/accept", json::object()).status, 404);
}

}  // namespace
}  // namespace qi::server
