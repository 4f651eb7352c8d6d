// Chess960 through the API: a new game starts from one of the 960 start
// positions (chosen at random, or by the number asked for), and its players
// are rated apart from chess; and a FEN's dropped castling right is said.
#include <gtest/gtest.h>

#include <set>

#include "../support/api_answer.h"
#include "app/engine_opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "games/chess/chess960.h"
#include "server/api.h"

namespace qi::server {
namespace {

using nlohmann::json;

class Chess960ApiTest : public ::testing::Test {
 protected:
  Chess960ApiTest()
      : engine_(app::EngineOpponentOptions::minimal()),
        store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, engine_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}

  ApiResponse post(const std::string& path, const json& body) {
    return test::answer(api_.handle({"POST", path, {}, body.dump()}));
  }
  ApiResponse get(const std::string& path) { return test::answer(api_.handle({"GET", path, {}, ""})); }

  // A game between two people at one screen; its first position's FEN, or
  // the refusal's status.
  std::pair<int, std::string> start(json extra) {
    json body = {
        {"game", "chess"}, {"variant", "chess960"}, {"seats", {{{"kind", "human"}}, {{"kind", "human"}}}}};
    if (extra.is_object()) body.update(extra);
    ApiResponse g = post("/api/games", body);
    if (g.status != 201) return {g.status, g.body.dump()};
    return {g.status, g.body["fens"][0].get<std::string>()};
  }

  FakeClock time_;
  app::EngineOpponent engine_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  Api api_;
};

TEST_F(Chess960ApiTest, ANewGameStartsFromARandomOrAChosenStart) {
  const json info = get("/api/info").body;
  bool described = false;
  for (const json& g : info["games"])
    if (g["name"] == "chess")
      for (const json& v : g["variants"])
        if (v["name"] == "chess960") described = v["numbered_starts"] == 960;
  EXPECT_TRUE(described) << info.dump();

  // Without a number: one of the 960, chosen at random (twenty games show
  // more than one).
  std::set<std::string> starts;
  for (int i = 0; i < 20; ++i) {
    auto [status, fen] = start(json::object());
    ASSERT_EQ(status, 201) << fen;
    const std::string rank = fen.substr(fen.rfind('/') + 1, fen.find(' ') - fen.rfind('/') - 1);
    EXPECT_TRUE(chess::chess960_number(rank).has_value()) << fen;
    EXPECT_NE(fen.find(" w KQkq - 0 1"), std::string::npos) << fen;
    starts.insert(rank);
  }
  EXPECT_GT(starts.size(), 1u);
  EXPECT_EQ(start({{"start_number", 0}}).second, chess::chess960_fen(0));
  EXPECT_EQ(start({{"start_number", 518}}).second, chess::chess960_fen(518));
  // A FEN given is the start.
  EXPECT_EQ(start({{"fen", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"}}).second,
            "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1");
  // Refused: a number out of range, a number with a FEN, a number for chess.
  EXPECT_EQ(start({{"start_number", 960}}).first, 422);
  EXPECT_EQ(start({{"start_number", 3}, {"fen", chess::chess960_fen(3)}}).first, 422);
  EXPECT_EQ(start({{"start_number", 3}, {"variant", ""}}).first, 422);
  EXPECT_EQ(start({{"start_number", -1}}).first, 400);
}

// A castling right the board cannot have is dropped, and the answer says
// so, for a FEN and for a record's FEN tag.
TEST_F(Chess960ApiTest, DroppedCastlingRightsAreReportedToTheCaller) {
  const json seats = {{{"kind", "human"}}, {{"kind", "human"}}};
  ApiResponse by_fen =
      post("/api/games", {{"game", "chess"}, {"fen", "4k3/8/8/8/8/8/8/4K2R w KQ - 0 1"}, {"seats", seats}});
  ASSERT_EQ(by_fen.status, 201) << by_fen.body.dump();
  EXPECT_EQ(by_fen.body["fen"], "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ(by_fen.body["fen_warnings"],
            json({"FEN: castling right Q dropped: there is no white rook on a1"}));
  ApiResponse by_record =
      post("/api/games", {{"game", "chess"},
                          {"record", "[FEN \"4k3/8/8/8/8/8/8/4K2R w KQ - 0 1\"]\n1. Kf1 *"},
                          {"seats", seats}});
  ASSERT_EQ(by_record.status, 201) << by_record.body.dump();
  EXPECT_EQ(by_record.body["fen_warnings"],
            json({"FEN: castling right Q dropped: there is no white rook on a1"}));
  ApiResponse clean = post("/api/games", {{"game", "chess"}, {"seats", seats}});
  EXPECT_FALSE(clean.body.contains("fen_warnings"));
}

TEST_F(Chess960ApiTest, AChess960GameIsRatedApartFromChess) {
  std::int64_t ada = post("/api/players", {{"name", "Ada"}}).body["id"];
  std::int64_t bo = post("/api/players", {{"name", "Bo"}}).body["id"];
  ApiResponse g =
      post("/api/games",
           {{"game", "chess"},
            {"variant", "chess960"},
            {"rated", true},
            {"seats", {{{"kind", "human"}, {"player_id", ada}}, {{"kind", "human"}, {"player_id", bo}}}}});
  ASSERT_EQ(g.status, 201) << g.body.dump();
  ASSERT_EQ(post("/api/games/" + g.body["id"].get<std::string>() + "/resign",
                 {{"token", g.body["tokens"]["second"]}})
                .status,
            200);
  const json ratings = get("/api/players/" + std::to_string(ada)).body["ratings"];
  EXPECT_FALSE(ratings.contains("chess")) << ratings.dump();
  ASSERT_TRUE(ratings.contains("chess960")) << ratings.dump();
  EXPECT_GT(ratings["chess960"]["elo"].get<double>(), 1500);
  EXPECT_EQ(ratings["chess960"]["games"], 1);
  EXPECT_EQ(ratings["chess960"]["game"], "chess");
  EXPECT_EQ(ratings["chess960"]["variant"], "chess960");
  EXPECT_EQ(store_->rating(bo, "chess").value(), std::nullopt);
  EXPECT_LT(store_->rating(bo, "chess960").value()->elo, 1500);
}

}  // namespace
}  // namespace qi::server
