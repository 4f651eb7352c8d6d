// Every code a refusal can carry has its Chinese sentence in the C++ tables
// the server words refusals from: each game's (its descriptor's refusals,
// refusal_codes.h), the referee's (core/referee.h) and the app's
// (app/refusal_codes.h). And the API answers a refused move with its words
// in both languages.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../support/api_answer.h"
#include "app/opponent.h"
#include "app/refusal_codes.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "core/referee.h"
#include "core/refusal_code.h"
#include "engine/registry.h"
#include "games/checkers/refusal_codes.h"
#include "games/chess/refusal_codes.h"
#include "games/tictactoe/refusal_codes.h"
#include "games/xiangqi/refusal_codes.h"
#include "server/api.h"

namespace qi {
namespace {

using nlohmann::json;

template <class Table>
void expect_words(const std::string& whose, const Table& table) {
  EXPECT_FALSE(std::empty(table)) << whose;
  std::set<std::string_view> seen;
  for (const RefusalWords& w : table) {
    EXPECT_FALSE(w.code.empty()) << whose;
    EXPECT_FALSE(w.zh.empty()) << whose << ": no Chinese sentence for the refusal code " << w.code;
    EXPECT_TRUE(seen.insert(w.code).second) << whose << ": " << w.code << " is listed twice";
  }
}

TEST(RefusalWords, EveryChessCodeHasAChineseSentence) { expect_words("chess", chess::kRefusalCodes); }
TEST(RefusalWords, EveryXiangqiCodeHasAChineseSentence) { expect_words("xiangqi", xiangqi::kRefusalCodes); }
TEST(RefusalWords, EveryCheckersCodeHasAChineseSentence) {
  expect_words("checkers", checkers::kRefusalCodes);
}
TEST(RefusalWords, EveryTicTacToeCodeHasAChineseSentence) {
  expect_words("tictactoe", tictactoe::kRefusalCodes);
}
TEST(RefusalWords, EveryRefereeAndAppCodeHasAChineseSentence) {
  expect_words("referee", kRefereeRefusals);
  expect_words("app", app::kRefusalCodes);
}

// The descriptors the server words refusals from carry the whole of each
// game's table.
TEST(RefusalWords, EveryRegisteredGameDescribesItsRefusals) {
  for (const engine::GameRegistration* game : engine::registered_games()) {
    const GameDescriptor& d = game->descriptor();
    expect_words(d.name, d.refusals);
  }
  auto same = [](const auto& table, const std::string& name) {
    const std::vector<RefusalWords>& described = engine::find_game(name)->descriptor().refusals;
    ASSERT_EQ(described.size(), table.size()) << name;
    for (std::size_t i = 0; i < table.size(); ++i) {
      EXPECT_EQ(described[i].code, table[i].code) << name;
      EXPECT_EQ(described[i].zh, table[i].zh) << name;
    }
  };
  same(chess::kRefusalCodes, "chess");
  same(xiangqi::kRefusalCodes, "xiangqi");
  same(checkers::kRefusalCodes, "checkers");
  same(tictactoe::kRefusalCodes, "tictactoe");
}

// --- Through the API ---------------------------------------------------------

class RefusalWordsApi : public ::testing::Test {
 protected:
  RefusalWordsApi()
      : store_(app::SqliteStore::open(":memory:").value()),
        manager_(*store_, opponent_, time_, app::ManagerOptions::driven_by_caller()),
        api_(manager_, *store_) {}

  server::ApiResponse post(const std::string& path, const json& body) {
    return test::answer(api_.handle({"POST", path, {}, body.dump()}));
  }

  // A new game between two people: its id and the seats' tokens.
  struct Game {
    std::string id, first, second;
  };
  Game new_game(const json& setup) {
    server::ApiResponse r = post("/api/games", setup);
    EXPECT_EQ(r.status, 201) << r.body.dump();
    return {r.body["id"], r.body["tokens"]["first"], r.body["tokens"]["second"]};
  }

  // The refusal of a move, with its words.
  json refused(const Game& g, const std::string& token, const std::string& move) {
    server::ApiResponse r = post("/api/games/" + g.id + "/move", {{"token", token}, {"move", move}});
    EXPECT_GE(r.status, 400) << move << ": " << r.body.dump();
    return r.body;
  }

  void expect_words_of(const json& body, std::string_view zh) {
    ASSERT_TRUE(body.contains("words")) << body.dump();
    EXPECT_EQ(body["words"]["zh"], std::string(zh)) << body.dump();
    EXPECT_FALSE(body["words"]["en"].get<std::string>().empty()) << body.dump();
  }

  FakeClock time_;
  app::BuiltinOpponent opponent_;
  std::unique_ptr<app::SqliteStore> store_;
  app::SessionManager manager_;
  server::Api api_;
};

TEST_F(RefusalWordsApi, ARefusedMoveOfEachGameComesWithItsChineseSentence) {
  struct Sample {
    json setup;
    std::string move, code;
    std::string_view zh;
  };
  const Sample samples[] = {
      {{{"game", "chess"}}, "e2e5", "pawn_move_shape", chinese_of(chess::kRefusalCodes, "pawn_move_shape")},
      {{{"game", "xiangqi"}},
       "b0d1",
       "horse_leg_blocked",
       chinese_of(xiangqi::kRefusalCodes, "horse_leg_blocked")},
      {{{"game", "checkers"}, {"variant", "english"}},
       "22-18",
       "no_own_piece",
       chinese_of(checkers::kRefusalCodes, "no_own_piece")},
  };
  for (const Sample& s : samples) {
    ASSERT_FALSE(s.zh.empty()) << s.code;
    Game g = new_game(s.setup);
    json body = refused(g, g.first, s.move);
    EXPECT_EQ(body["code"], s.code) << body.dump();
    expect_words_of(body, s.zh);
  }
  Game t = new_game({{"game", "tictactoe"}});
  ASSERT_EQ(post("/api/games/" + t.id + "/move", {{"token", t.first}, {"move", "b2"}}).status, 200);
  json taken = refused(t, t.second, "b2");
  EXPECT_EQ(taken["code"], "occupied") << taken.dump();
  expect_words_of(taken, chinese_of(tictactoe::kRefusalCodes, "occupied"));
}

TEST_F(RefusalWordsApi, TheAppsAndTheRefereesRefusalsComeWithTheirChineseSentences) {
  Game g = new_game({{"game", "chess"}});
  json turn = refused(g, g.second, "e7e5");
  EXPECT_EQ(turn["code"], "not_your_turn") << turn.dump();
  expect_words_of(turn, chinese_of(app::kRefusalCodes, "not_your_turn"));

  ASSERT_EQ(post("/api/games/" + g.id + "/resign", {{"token", g.first}}).status, 200);
  json over = refused(g, g.second, "e7e5");
  EXPECT_EQ(over["code"], "game_over") << over.dump();
  expect_words_of(over, chinese_of(kRefereeRefusals, "game_over"));
}

}  // namespace
}  // namespace qi
