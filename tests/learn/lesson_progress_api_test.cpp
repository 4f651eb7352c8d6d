// Lesson progress over the API: a step done by someone logged in keeps its
// stars (the server's, from its replay) for that player, the best of each
// step's plays, before the answer says "saved"; without a login nothing is
// kept; a write that fails fails the play; GET /api/players/<id>/lessons
// answers a player's rows, also of steps no course has any more.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "../support/forwarding_store.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace qi {
namespace {

using nlohmann::json;

// Chess's first rook step: the rook onto a4, f4 and f7 in three moves is
// three stars; a move more is two.
const json kRookStarsStep = {{"game", "chess"}, {"step", "rook-stars"}};

json rook_stars_played(const std::vector<std::string>& moves_before, const std::string& last) {
  json body = kRookStarsStep;
  body["moves"] = moves_before;
  body["move"] = last;
  return body;
}

// The stars a player earns on a step cannot be written: every write of
// progress fails, as on a failing disk; the rest (accounts) works.
class ProgressUnwritable final : public test::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  Status record_lesson_stars(const app::LessonProgress&) override {
    return make_error("not_saved", "database: disk I/O error");
  }
};

class LessonProgressApi : public ::testing::Test {
 protected:
  explicit LessonProgressApi(bool progress_unwritable = false)
      : sqlite_(app::SqliteStore::open(":memory:").value()),
        unwritable_(*sqlite_),
        store_(progress_unwritable ? static_cast<app::Store&>(unwritable_) : *sqlite_),
        manager_(store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, store_) {}

  server::ApiResponse play(const json& body, const std::string& cookie = {}) {
    server::ApiRequest r{"POST", "/api/lessons/play", {}, body.dump()};
    if (!cookie.empty()) r.headers["cookie"] = cookie;
    return test::answer(api_.handle(r));
  }
  server::ApiResponse get(const std::string& path) {
    return test::answer(api_.handle({"GET", path, {}, ""}));
  }
  // A new profile with a password, logged in: its id and its cookie.
  std::pair<std::int64_t, std::string> logged_in_player(const std::string& name) {
    server::ApiRequest r{
        "POST", "/api/players", {}, json{{"name", name}, {"password", "correct horse"}}.dump()};
    server::ApiResponse made = test::answer(api_.handle(r));
    EXPECT_EQ(made.status, 201) << made.body.dump();
    for (const auto& [header, value] : made.headers)
      if (header == "Set-Cookie")
        return {made.body.at("id").get<std::int64_t>(), value.substr(0, value.find(';'))};
    ADD_FAILURE() << "no login cookie";
    return {0, ""};
  }
  json progress_of(std::int64_t player) {
    server::ApiResponse r = get("/api/players/" + std::to_string(player) + "/lessons");
    EXPECT_EQ(r.status, 200) << r.body.dump();
    EXPECT_EQ(r.body.at("player"), player);
    return r.body.at("steps");
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> sqlite_;
  ProgressUnwritable unwritable_;
  app::Store& store_;
  app::SessionManager manager_;
  server::Api api_;
};

TEST_F(LessonProgressApi, AStepDoneWhileLoggedInKeepsItsBestStarsForThePlayer) {
  auto [ada, cookie] = logged_in_player("Ada");
  server::ApiResponse two = play(rook_stars_played({"a1a2", "a2a4", "a4f4"}, "f4f7"), cookie);
  ASSERT_EQ(two.status, 200) << two.body.dump();
  ASSERT_EQ(two.body.at("answer"), "done");
  EXPECT_EQ(two.body.at("stars"), 2);
  EXPECT_EQ(two.body.at("saved"), true);
  json steps = progress_of(ada);
  ASSERT_EQ(steps.size(), 1u) << steps.dump();
  EXPECT_EQ(steps[0].at("game"), "chess");
  EXPECT_EQ(steps[0].at("variant"), "");
  EXPECT_EQ(steps[0].at("step"), "rook-stars");
  EXPECT_EQ(steps[0].at("stars"), 2);
  EXPECT_GT(steps[0].at("at").get<std::int64_t>(), 0);

  server::ApiResponse three = play(rook_stars_played({"a1a4", "a4f4"}, "f4f7"), cookie);
  EXPECT_EQ(three.body.at("stars"), 3);
  EXPECT_EQ(progress_of(ada).at(0).at("stars"), 3);

  server::ApiResponse worse = play(rook_stars_played({"a1a2", "a2a4", "a4f4"}, "f4f7"), cookie);
  EXPECT_EQ(worse.body.at("stars"), 2);
  EXPECT_EQ(worse.body.at("saved"), true);
  steps = progress_of(ada);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].at("stars"), 3) << "a worse play keeps the best";
}

TEST_F(LessonProgressApi, WithoutALoginNothingIsKept) {
  auto [ada, cookie] = logged_in_player("Ada");
  server::ApiResponse done = play(rook_stars_played({"a1a4", "a4f4"}, "f4f7"));
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(done.body.at("answer"), "done");
  EXPECT_EQ(done.body.at("saved"), false);
  // A login that is no one's is no login.
  server::ApiResponse stranger =
      play(rook_stars_played({"a1a4", "a4f4"}, "f4f7"), "qi_session=" + std::string(64, 'a'));
  EXPECT_EQ(stranger.body.at("saved"), false);
  EXPECT_TRUE(progress_of(ada).empty());
}

TEST_F(LessonProgressApi, AShownSolutionEarnsNothing) {
  auto [ada, cookie] = logged_in_player("Ada");
  json shown = rook_stars_played({"a1a4", "a4f4"}, "f4f7");
  shown["demo"] = true;
  server::ApiResponse done = play(shown, cookie);
  ASSERT_EQ(done.status, 200) << done.body.dump();
  EXPECT_EQ(done.body.at("answer"), "done");
  EXPECT_EQ(done.body.at("saved"), false);
  EXPECT_TRUE(progress_of(ada).empty());
}

TEST_F(LessonProgressApi, OnlyADoneStepIsKept) {
  auto [ada, cookie] = logged_in_player("Ada");
  server::ApiResponse going = play(rook_stars_played({}, "a1a4"), cookie);
  ASSERT_EQ(going.status, 200) << going.body.dump();
  EXPECT_EQ(going.body.at("answer"), "going");
  EXPECT_EQ(going.body.at("saved"), false);
  server::ApiResponse start = play(kRookStarsStep, cookie);
  EXPECT_EQ(start.body.at("saved"), false);
  EXPECT_TRUE(progress_of(ada).empty());
}

TEST_F(LessonProgressApi, APlayersProgressIsPublicAndHoldsEveryRowKept) {
  auto [ada, cookie] = logged_in_player("Ada");
  // A step since taken out of its course is still answered (the page shows
  // the steps it knows).
  ASSERT_TRUE(store_.record_lesson_stars({ada, "chess", "", "a-step-since-removed", 1, 1000, 1000}));
  ASSERT_EQ(play(rook_stars_played({"a1a4", "a4f4"}, "f4f7"), cookie).status, 200);
  json steps = progress_of(ada);
  ASSERT_EQ(steps.size(), 2u) << steps.dump();
  EXPECT_EQ(steps[0].at("step"), "a-step-since-removed");
  EXPECT_EQ(steps[0].at("at"), 1000);
  EXPECT_EQ(steps[1].at("step"), "rook-stars");
}

TEST_F(LessonProgressApi, AnUnknownPlayerIsNotFound) {
  EXPECT_EQ(get("/api/players/999/lessons").status, 404);
  EXPECT_EQ(get("/api/players/ada/lessons").status, 400);
  EXPECT_EQ(get("/api/players/0/lessons").status, 400);
}

class LessonProgressUnwritable : public LessonProgressApi {
 protected:
  LessonProgressUnwritable() : LessonProgressApi(true) {}
};

TEST_F(LessonProgressUnwritable, AWriteThatFailsFailsThePlay) {
  auto [ada, cookie] = logged_in_player("Ada");
  server::ApiResponse done = play(rook_stars_played({"a1a4", "a4f4"}, "f4f7"), cookie);
  EXPECT_EQ(done.status, 503) << done.body.dump();
  EXPECT_EQ(done.body.at("code"), "not_saved");
  EXPECT_FALSE(done.body.contains("saved"));
  // Without a login nothing is written, so nothing fails.
  EXPECT_EQ(play(rook_stars_played({"a1a4", "a4f4"}, "f4f7")).status, 200);
}

}  // namespace
}  // namespace qi
