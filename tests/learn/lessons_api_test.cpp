// The lessons over the API: GET /api/lessons maps every registered game's
// courses, and POST /api/lessons/play plays a step by the rules, keeping
// nothing on the server (the page sends the moves so far). The test-only
// pawn race carries a small course.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi {
namespace {

class LessonsApi : public ::testing::Test {
 protected:
  LessonsApi()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}
  server::ApiResponse play(const nlohmann::json& body) {
    return test::answer(api_.handle({"POST", "/api/lessons/play", {}, body.dump()}));
  }
  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  server::Api api_;
};

TEST_F(LessonsApi, TheMapHasEveryRegisteredCourseWithItsStepsGoalsInBothLanguages) {
  const server::ApiResponse r = test::answer(api_.handle({"GET", "/api/lessons", {}, ""}));
  ASSERT_EQ(r.status, 200);
  bool found = false;
  for (const nlohmann::json& course : r.body.at("courses"))
    if (course.at("game") == "pawnrace") {
      found = true;
      const nlohmann::json& step = course.at("stages").at(0).at("steps").at(0);
      EXPECT_EQ(step.at("id"), "capture");
      EXPECT_EQ(step.at("goal"), "capture");
      EXPECT_FALSE(step.at("zh").get<std::string>().empty());
      EXPECT_EQ(step.at("solution"), nlohmann::json::array({"c2d3"}));
    }
  EXPECT_TRUE(found);
}

TEST_F(LessonsApi, AStepIsPlayedByTheRulesFromTheMovesThePageSends) {
  server::ApiResponse start = play({{"game", "pawnrace"}, {"step", "capture"}});
  ASSERT_EQ(start.status, 200) << start.body.dump();
  EXPECT_FALSE(start.body.contains("answer"));
  EXPECT_FALSE(start.body.at("position").at("legal_moves").empty());

  server::ApiResponse refused = play({{"game", "pawnrace"}, {"step", "capture"}, {"squares", {"c2", "c4"}}});
  ASSERT_EQ(refused.status, 200);
  EXPECT_EQ(refused.body.at("answer"), "refused");
  EXPECT_EQ(refused.body.at("refusal").at("code"), "not_legal");

  server::ApiResponse missed = play({{"game", "pawnrace"}, {"step", "capture"}, {"move", "c2c3"}});
  EXPECT_EQ(missed.body.at("answer"), "missed");
  EXPECT_FALSE(missed.body.at("missed").at("zh").get<std::string>().empty());

  server::ApiResponse done = play({{"game", "pawnrace"}, {"step", "capture"}, {"move", "c2d3"}});
  EXPECT_EQ(done.body.at("answer"), "done");
  EXPECT_EQ(done.body.at("stars"), 3);
}

TEST_F(LessonsApi, UnknownStepsAndMovesOffTheWayAreClearErrors) {
  EXPECT_EQ(play({{"game", "pawnrace"}, {"step", "nope"}}).status, 404);
  EXPECT_EQ(play({{"game", "nogame"}, {"step", "capture"}}).status, 404);
  EXPECT_EQ(play({{"game", "pawnrace"}, {"step", "capture"}, {"moves", {"c2c3"}}}).status, 422);
  EXPECT_EQ(play({{"game", "pawnrace"}, {"step", "capture"}, {"what", 1}}).status, 400);
  nlohmann::json many = nlohmann::json::array();
  for (int i = 0; i < 201; ++i) many.push_back("c2c3");
  EXPECT_EQ(play({{"game", "pawnrace"}, {"step", "capture"}, {"moves", many}}).status, 400);
}

}  // namespace
}  // namespace qi
