// The API with the engine as the opponent (small budgets): review, import,
// record export, ratings after a rated game, draw offers and hints.
#include <gtest/gtest.h>

#include "../support/api_answer.h"
#include "app/engine_opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "engine/level_elo.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

app::EngineOpponentOptions small() { return app::EngineOpponentOptions::minimal(); }

class EngineApiTest : public ::testing::Test {
 protected:
  EngineApiTest()
      : engine_(small()),
        store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, engine_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}

  ApiResponse post(const std::string& path, const json& body) {
    return test::answer(api_.handle({"POST", path, {}, body.dump()}));
  }
  ApiResponse get(const std::string& path) { return test::answer(api_.handle({"GET", path, {}, ""})); }

  FakeClock time_;
  app::EngineOpponent engine_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
};

TEST_F(EngineApiTest, ReviewHasTheDocumentedShape) {
  ApiResponse g = post("/api/games", {{"game", "xiangqi"}, {"record", "1. h2e2 h9g7 2. h0g2 *"}});
  ASSERT_EQ(g.status, 201) << g.body.dump();
  ApiResponse r = get("/api/games/" + g.body["id"].get<std::string>() + "/review");
  ASSERT_EQ(r.status, 200) << r.body.dump();
  EXPECT_EQ(r.body["first_player"], "Red");
  const json& plies = r.body["plies"];
  ASSERT_EQ(plies.size(), 4u);
  for (std::size_t i = 0; i < plies.size(); ++i) {
    const json& p = plies[i];
    EXPECT_EQ(p["ply"], i);
    EXPECT_TRUE(p["fen"].is_string());
    EXPECT_EQ(p["move"].is_null(), i == 0);
    EXPECT_EQ(p["display"].is_null(), i == 0);
    EXPECT_TRUE(p["score"].contains("cp") || p["score"].contains("mate"));
    for (const char* k : {"win", "draw", "loss"}) {
      EXPECT_GE(p[k].get<double>(), 0.0);
      EXPECT_LE(p[k].get<double>(), 1.0);
    }
    EXPECT_TRUE(p["best"].is_string());
    EXPECT_TRUE(p["best_display"].is_string());
  }
  EXPECT_EQ(plies[1]["move"], "h2e2");
  EXPECT_EQ(get("/api/games/ffffffffffff/review").status, 404);
}

TEST_F(EngineApiTest, ImportsAGoodRecordAndExportsIt) {
  ApiResponse g =
      post("/api/games", {{"game", "checkers"}, {"record", "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 *"}});
  ASSERT_EQ(g.status, 201) << g.body.dump();
  EXPECT_EQ(g.body["variant"], "english");
  EXPECT_EQ(g.body["moves"].size(), 3u);
  ApiResponse rec = get("/api/games/" + g.body["id"].get<std::string>() + "/record");
  ASSERT_EQ(rec.status, 200);
  EXPECT_EQ(rec.body["format"], "pdn");
  EXPECT_NE(rec.body["record"].get<std::string>().find("11-15"), std::string::npos);
}

TEST_F(EngineApiTest, ABadRecordIsA400WithTheParsersError) {
  ApiResponse r = post("/api/games", {{"game", "chess"}, {"record", "1. e4 e5 2. Ke3 *"}});
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body["error"].get<std::string>().find("Ke3"), std::string::npos) << r.body.dump();
  EXPECT_EQ(post("/api/games", {{"game", "chess"}, {"record", 5}}).status, 400);
  EXPECT_EQ(
      post("/api/games", {{"game", "chess"}, {"record", "e4"}, {"fen", "8/8/8/8/8/8/8/8 w - - 0 1"}}).status,
      400);
}

// A record longer than a game may be is readable but refused by the app's
// bound (422, its own code, the bound in the words); /api/info states it.
TEST_F(EngineApiTest, ARecordPastThePlyBoundIsA422NamingTheBound) {
  const std::size_t bound = get("/api/info").body["max_plies"];
  EXPECT_EQ(bound, app::kMaxGamePlies);
  std::string record;
  for (std::size_t plies = 0; plies <= bound; plies += 4) record += "h0g2 h9g7 g2h0 g7h9 ";
  ApiResponse r = post("/api/games", {{"game", "xiangqi"}, {"record", record}});
  EXPECT_EQ(r.status, 422) << r.body.dump();
  EXPECT_EQ(r.body["code"], "game_too_long");
  EXPECT_NE(r.body["error"].get<std::string>().find(std::to_string(bound)), std::string::npos)
      << r.body.dump();
  EXPECT_FALSE(r.body["words"]["zh"].get<std::string>().empty());
}

TEST_F(EngineApiTest, RatingsAfterARatedGameAgainstAnEngineLevel) {
  std::int64_t ada = post("/api/players", {{"name", "Ada"}}).body["id"];
  ApiResponse g =
      post("/api/games",
           {{"game", "chess"},
            {"rated", true},
            {"seats", {{{"kind", "human"}, {"player_id", ada}}, {{"kind", "engine"}, {"level", 4}}}}});
  ASSERT_EQ(g.status, 201) << g.body.dump();
  ASSERT_EQ(post("/api/games/" + g.body["id"].get<std::string>() + "/resign",
                 {{"token", g.body["tokens"]["first"]}})
                .status,
            200);
  ApiResponse p = get("/api/players/" + std::to_string(ada));
  ASSERT_EQ(p.status, 200);
  const json& chess = p.body["ratings"]["chess"];
  EXPECT_LT(chess["elo"].get<double>(), 1500);
  EXPECT_EQ(chess["games"], 1);
  EXPECT_TRUE(chess["level_points"].contains("points"));
  EXPECT_TRUE(chess["level_points"].contains("level"));
  ASSERT_EQ(chess["history"].size(), 1u);
  EXPECT_TRUE(chess["history"][0].contains("points"));
  EXPECT_EQ(p.body["statistics"]["by_opponent"]["engine level 4"]["losses"], 1);
  EXPECT_EQ(p.body["statistics"]["streaks"]["current"]["result"], "loss");
}

TEST_F(EngineApiTest, DrawOfferIsAnsweredByTheEnginesDrawPolicy) {
  auto offer = [&](const std::string& fen, const std::string& move) {
    json setup = {{"game", "chess"}, {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}}}}};
    if (!fen.empty()) setup["fen"] = fen;
    ApiResponse g = post("/api/games", setup);
    EXPECT_EQ(g.status, 201) << g.body.dump();
    ApiResponse r = post("/api/games/" + g.body["id"].get<std::string>() + "/move",
                         {{"token", g.body["tokens"]["first"]}, {"move", move}, {"offer_draw", true}});
    EXPECT_EQ(r.status, 200) << r.body.dump();
    return r.body;
  };
  // 1. e4 and a draw offer: level 10 plays on, and says why.
  json farmed = offer("", "e2e4");
  EXPECT_EQ(farmed["outcome"]["verdict"], "ongoing");
  EXPECT_FALSE(farmed["draw_offer"]["answer"]["accepted"]);
  EXPECT_FALSE(farmed["draw_offer"]["answer"]["words"]["zh"].get<std::string>().empty());
  // A dead position for the engine: accepted at any move.
  EXPECT_EQ(offer("4k3/8/8/8/8/8/8/4K2R w - - 0 1", "Rh2")["outcome"]["termination"], "agreement");
}

TEST_F(EngineApiTest, HintHasItsKindReasonAndDisplay) {
  ApiResponse g = post("/api/games", {{"game", "tictactoe"}, {"record", "b2 a1"}});
  ASSERT_EQ(g.status, 201);
  ApiResponse h =
      post("/api/games/" + g.body["id"].get<std::string>() + "/hint", {{"token", g.body["tokens"]["first"]}});
  ASSERT_EQ(h.status, 200) << h.body.dump();
  EXPECT_EQ(h.body["kind"], "note");
  EXPECT_FALSE(h.body["note"].get<std::string>().empty()) << "the rule of thumb's id";
  EXPECT_FALSE(h.body["reason"].get<std::string>().empty());
  EXPECT_EQ(h.body["words"]["en"], h.body["reason"]);
  EXPECT_FALSE(h.body["words"]["zh"].get<std::string>().empty()) << "the page never words a hint itself";
  EXPECT_FALSE(h.body["move"]["display"].get<std::string>().empty());
}

TEST_F(EngineApiTest, MovetimeSeatFieldIsCheckedAndKept) {
  ApiResponse g =
      post("/api/games",
           {{"game", "chess"},
            {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}, {"movetime_ms", 10}}}}});
  ASSERT_EQ(g.status, 201) << g.body.dump();
  EXPECT_EQ(g.body["seats"][1]["movetime_ms"], 10);
  EXPECT_EQ(
      post("/api/games",
           {{"game", "chess"},
            {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}, {"movetime_ms", 100000}}}}})
          .status,
      422);
  ASSERT_EQ(post("/api/games/" + g.body["id"].get<std::string>() + "/move",
                 {{"token", g.body["tokens"]["first"]}, {"move", "d4"}})
                .status,
            200);
  manager_.run_engine_moves();
  EXPECT_EQ(get("/api/games/" + g.body["id"].get<std::string>()).body["moves"].size(), 2u);
}

// Each game whose levels were measured says their Elo; tic-tac-toe's were
// not (docs/levels.md), and it says none rather than another game's.
TEST_F(EngineApiTest, EachGameSaysTheEloOfItsLevels) {
  const json info = get("/api/info").body;
  int games = 0, rated = 0;
  for (const json& g : info["games"]) {
    const std::string name = g["name"];
    ++games;
    EXPECT_EQ(g.contains("level_elo"), engine::elo_of_level(name, 1).has_value()) << name;
    if (!g.contains("level_elo")) continue;
    ++rated;
    ASSERT_EQ(g["level_elo"].size(), 10u) << name;
    for (int level = 1; level <= 10; ++level)
      EXPECT_EQ(g["level_elo"][level - 1], engine::elo_of_level(name, level).value()) << name << " " << level;
  }
  EXPECT_EQ(games, 4);
  EXPECT_EQ(rated, 3);
}

TEST_F(EngineApiTest, NoCentreHandicapIsOfferedForTicTacToe) {
  ApiResponse info = get("/api/info");
  bool found = false;
  for (const json& g : info.body["games"])
    if (g["name"] == "tictactoe") {
      ASSERT_EQ(g["variants"].size(), 1u);
      const json& handicaps = g["variants"][0]["handicaps"];
      found = handicaps.size() == 1 && handicaps[0]["name"] == "no_centre" &&
              handicaps[0]["default_giver"] == "second";
    }
  EXPECT_TRUE(found) << info.body.dump();
  EXPECT_EQ(post("/api/games", {{"game", "tictactoe"}, {"handicap", "no_centre"}}).status, 422);
  EXPECT_EQ(post("/api/games", {{"game", "tictactoe"},
                                {"handicap", "no_centre"},
                                {"seats", {{{"kind", "human"}}, {{"kind", "engine"}, {"level", 10}}}}})
                .status,
            201);
}

TEST_F(EngineApiTest, APollerGetsUnchangedUntilTheGameMoves) {
  ApiResponse g = post("/api/games", {{"game", "chess"}});
  std::string id = g.body["id"];
  std::uint64_t version = g.body["version"];
  ApiResponse same =
      test::answer(api_.handle({"GET", "/api/games/" + id, {{"since", std::to_string(version)}}, ""}));
  ASSERT_EQ(same.status, 200);
  EXPECT_EQ(same.body["unchanged"], true);
  EXPECT_FALSE(same.body.contains("moves"));
  ASSERT_EQ(post("/api/games/" + id + "/move", {{"token", g.body["tokens"]["first"]}, {"move", "e4"}}).status,
            200);
  ApiResponse moved =
      test::answer(api_.handle({"GET", "/api/games/" + id, {{"since", std::to_string(version)}}, ""}));
  EXPECT_EQ(moved.body["moves"].size(), 1u);
  EXPECT_EQ(test::answer(api_.handle({"GET", "/api/games/" + id, {{"since", "x"}}, ""})).status, 400);
}

}  // namespace
}  // namespace qi::server
