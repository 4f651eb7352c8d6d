#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"
#include "server/http_server.h"

namespace qi::server {
namespace {

using nlohmann::json;

class ApiTest : public ::testing::Test {
 protected:
  ApiTest()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}

  ApiResponse post(const std::string& path, const std::string& body) {
    return test::answer(api_.handle({"POST", path, {}, body}));
  }
  ApiResponse get(const std::string& path) { return test::answer(api_.handle({"GET", path, {}, ""})); }

  json new_game(const std::string& body) {
    ApiResponse r = post("/api/games", body);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return r.body;
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
};

TEST_F(ApiTest, CreatesAGameAndPlaysAMove) {
  json g = new_game(R"({"game":"chess"})");
  std::string id = g["id"], token = g["tokens"]["first"];
  ApiResponse r = post("/api/games/" + id + "/move", json{{"token", token}, {"move", "e4"}}.dump());
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["moves"][0]["display"], "e4");
  EXPECT_EQ(r.body["fens"].size(), 2u);
  EXPECT_FALSE(r.body.dump().find(token) != std::string::npos) << "the public view must not show tokens";
}

TEST_F(ApiTest, IllegalMoveIsRefusedWithTheReasonAndChangesNothing) {
  json g = new_game(R"({"game":"chess"})");
  std::string id = g["id"], token = g["tokens"]["first"];
  ApiResponse r = post("/api/games/" + id + "/move", json{{"token", token}, {"move", "e2e5"}}.dump());
  EXPECT_EQ(r.status, 422);
  EXPECT_FALSE(r.body["error"].get<std::string>().empty());
  EXPECT_EQ(r.body["code"], "pawn_move_shape");
  EXPECT_EQ(get("/api/games/" + id).body["moves"].size(), 0u);
}

TEST_F(ApiTest, RefusalsCarryTheRuleCode) {
  json g = new_game(R"({"game":"xiangqi"})");
  std::string id = g["id"], token = g["tokens"]["first"];
  ApiResponse r = post("/api/games/" + id + "/move", json{{"token", token}, {"move", "b0d1"}}.dump());
  EXPECT_EQ(r.status, 422);
  EXPECT_EQ(r.body["code"], "horse_leg_blocked");
  EXPECT_EQ(r.body["error"], "b0d1: the horse's leg at c0 is blocked");
  ApiResponse undo = post("/api/games/" + id + "/undo", json{{"token", token}}.dump());
  EXPECT_EQ(undo.status, 422);
  EXPECT_EQ(undo.body["code"], "nothing_to_undo");
}

TEST_F(ApiTest, UndoAfterTheEndReopensAnUnratedGameAndTheViewSaysSo) {
  json g = new_game(R"({"game":"chess"})");
  std::string id = g["id"], white = g["tokens"]["first"], black = g["tokens"]["second"];
  for (auto [token, move] : {std::pair{white, "f3"}, {black, "e5"}, {white, "g4"}, {black, "Qh4#"}})
    ASSERT_EQ(post("/api/games/" + id + "/move", json{{"token", token}, {"move", move}}.dump()).status, 200);
  json view = get("/api/games/" + id).body;
  ASSERT_EQ(view["outcome"]["termination"], "checkmate");
  EXPECT_TRUE(view["undo"]["first"]["allowed"].get<bool>());
  // Two people at one screen: the page sends both seats' tokens.
  ApiResponse undo =
      post("/api/games/" + id + "/undo", json{{"token", white}, {"other_token", black}}.dump());
  ASSERT_EQ(undo.status, 200) << undo.body.dump();
  EXPECT_EQ(undo.body["outcome"]["verdict"], "ongoing");
  EXPECT_EQ(undo.body["moves"].size(), 2u);
}

TEST_F(ApiTest, DraughtsMovesCarryTheirWholePath) {
  json g = new_game(R"({"game":"checkers","variant":"english","fen":"B:W14,23:B9"})");
  bool found = false;
  for (const json& m : g["legal_moves"])
    if (m["squares"] == json::array({"9", "18", "27"})) found = true;
  EXPECT_TRUE(found) << g["legal_moves"].dump();
}

TEST_F(ApiTest, WrongTokenIsForbidden) {
  json g = new_game(R"({"game":"chess"})");
  std::string id = g["id"];
  EXPECT_EQ(post("/api/games/" + id + "/move", R"({"token":"nope","move":"e4"})").status, 403);
  EXPECT_EQ(post("/api/games/" + id + "/resign", R"({})").status, 401);
  EXPECT_EQ(post("/api/games/" + id + "/resign", json{{"token", g["tokens"]["second"]}}.dump()).status, 200);
}

TEST_F(ApiTest, MalformedJsonIsABadRequest) {
  EXPECT_EQ(post("/api/games", "{\"game\":").status, 400);
  EXPECT_EQ(post("/api/games", "[1,2]").status, 400);
  EXPECT_EQ(post("/api/games", "").status, 400);
}

TEST_F(ApiTest, UnknownFieldsAreRefused) {
  ApiResponse r = post("/api/games", R"({"game":"chess","colour":"white"})");
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"].get<std::string>().find("colour"), std::string::npos);
  EXPECT_EQ(post("/api/games", R"({"game":"chess","seats":[{"kind":"human","rank":3},{}]})").status, 400);
  EXPECT_EQ(post("/api/games", R"({"game":5})").status, 400);
}

TEST_F(ApiTest, OversizedBodiesAreRefused) {
  std::string big = R"({"game":")";
  big.append(kMaxBodyBytes, 'x').append("\"}");
  EXPECT_EQ(post("/api/games", big).status, 413);
}

TEST_F(ApiTest, UnknownGameAndBadSetupsAreClearErrors) {
  EXPECT_EQ(post("/api/games", R"({"game":"go"})").status, 422);
  EXPECT_EQ(post("/api/games", R"({"game":"chess","fen":"not a fen"})").status, 422);
  EXPECT_EQ(post("/api/games", R"({"game":"chess","seats":[{"kind":"engine","level":11},{}]})").status, 422);
  EXPECT_EQ(post("/api/games", R"({"game":"chess","time_control":{"kind":"hourglass"}})").status, 400);
  EXPECT_EQ(get("/api/games/ffffff").status, 404);
  EXPECT_EQ(get("/api/nothing").status, 404);
}

TEST_F(ApiTest, HandicapRemovesTheEngineSidePiece) {
  json g = new_game(
      R"({"game":"chess","handicap":"queen","seats":[{"kind":"human"},{"kind":"engine","level":2}]})");
  EXPECT_EQ(g["fen"].get<std::string>().substr(0, 8), "rnb1kbnr");
}

TEST_F(ApiTest, PlayersHaveStatisticsAndRatings) {
  ApiResponse p = post("/api/players", R"({"name":"Ada"})");
  ASSERT_EQ(p.status, 201);
  EXPECT_EQ(post("/api/players", R"({"name":"Ada"})").status, 409);
  std::int64_t id = p.body["id"];
  json g = new_game(
      json{{"game", "tictactoe"}, {"seats", {{{"kind", "human"}, {"player_id", id}}, {{"kind", "human"}}}}}
          .dump());
  post("/api/games/" + g["id"].get<std::string>() + "/resign", json{{"token", g["tokens"]["second"]}}.dump());
  ApiResponse view = get("/api/players/" + std::to_string(id));
  ASSERT_EQ(view.status, 200);
  EXPECT_EQ(view.body["statistics"]["by_game"]["tictactoe"]["wins"], 1);
}

TEST(StaticFiles, NoPathOutsideTheWebRoot) {
  auto root = std::filesystem::temp_directory_path() / ("qi-web-" + app::new_token());
  std::filesystem::create_directories(root / "assets");
  { std::ofstream(root / "index.html") << "<html></html>"; }
  { std::ofstream(root / "assets/app.js") << "1"; }
  EXPECT_TRUE(resolve_static_path(root.string(), "/"));
  EXPECT_TRUE(resolve_static_path(root.string(), "/assets/app.js"));
  EXPECT_TRUE(resolve_static_path(root.string(), "/game/abc"));  // the page routes it
  EXPECT_FALSE(resolve_static_path(root.string(), "/../etc/passwd"));
  EXPECT_FALSE(resolve_static_path(root.string(), "/assets/../../x"));
  EXPECT_FALSE(resolve_static_path(root.string(), "/.hidden"));
  EXPECT_FALSE(resolve_static_path(root.string(), "/missing.js"));
  std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace qi::server
