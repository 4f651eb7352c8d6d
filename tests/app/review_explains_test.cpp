// A review explains each move where the move is: the entry of the position
// after a move names that move (played), the engine's choice in its place
// (better) and its mark, each move in every notation of the game; and a
// general walked into a lost position is marked at the app's own budget
// (the rule itself: review_marks_test.cpp).
#include <gtest/gtest.h>

#include "app/engine_opponent.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "review_budget.h"

namespace qi::app {
namespace {

struct Reviewed {
  std::vector<std::string> moves;
  nlohmann::json review;
};

// A game between two people, its moves played through the manager, then
// its review as the API sends it.
Reviewed review_of(Opponent& engine, const std::string& game, const std::vector<std::string>& moves) {
  auto store = SqliteStore::open(":memory:").value();
  FakeClock time;
  SessionManager manager{*store, engine, time, ManagerOptions::driven_by_caller()};
  SessionSetup setup;
  setup.game = game;
  auto created = manager.create(setup);
  EXPECT_TRUE(created);
  const std::string id = (*created)["id"];
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string token = (*created)["tokens"][i % 2 == 0 ? "first" : "second"];
    EXPECT_TRUE(manager.act(id, token, SessionManager::Action::Move, moves[i])) << moves[i];
  }
  auto review = manager.review(id);
  EXPECT_TRUE(review) << review.error().message;
  return {moves, review ? *review : nlohmann::json{}};
}

TEST(ReviewExplains, EachEntryNamesTheMoveIntoItsPositionAndTheEnginesChoiceInItsPlace) {
  EngineOpponent engine(small_review_budget());
  const Reviewed r = review_of(engine, "chess", {"e4", "e5", "Nf3", "d6", "d4", "f6", "Bc4", "g5"});
  const auto& plies = r.review["plies"];
  ASSERT_EQ(plies.size(), r.moves.size() + 1);
  EXPECT_FALSE(plies[0].contains("played"));  // the start: no move leads to it
  int betters = 0;
  for (std::size_t i = 1; i < plies.size(); ++i) {
    SCOPED_TRACE("position " + std::to_string(i));
    ASSERT_TRUE(plies[i].contains("played"));
    EXPECT_EQ(plies[i]["played"]["id"], plies[i]["move"]);  // the move into it, not the next one
    EXPECT_EQ(plies[i]["played"]["notations"]["san"], r.moves[i - 1]);
    // The engine's choice in the position before, when the move was another.
    const nlohmann::json& choice = plies[i - 1]["best"];
    if (choice == plies[i]["played"]["id"]) {
      EXPECT_TRUE(plies[i]["better"].is_null());
    } else {
      ASSERT_TRUE(plies[i]["better"].is_object());
      EXPECT_EQ(plies[i]["better"]["id"], choice);
      EXPECT_EQ(plies[i]["better"]["squares"], plies[i - 1]["best_squares"]);
      ++betters;
    }
  }
  EXPECT_GT(betters, 0);  // 3...f6 and 4...g5 are nobody's choice
}

TEST(ReviewExplains, TheMovesOfAReviewComeInEveryNotationOfTheGame) {
  EngineOpponent engine(small_review_budget());
  const Reviewed r = review_of(engine, "xiangqi", {"h2e2", "h9g7", "h0g2", "g6g5", "c3c4", "a9a8"});
  const auto& plies = r.review["plies"];
  ASSERT_EQ(plies.size(), 7u);
  for (std::size_t i = 1; i < plies.size(); ++i)
    for (const char* key : {"played", "better"}) {
      ASSERT_TRUE(plies[i].contains(key)) << "position " << i << " names no move " << key;
      if (plies[i][key].is_null()) continue;
      SCOPED_TRACE(std::to_string(i) + " " + key);
      for (const char* notation : {"chinese", "wxf", "iccs"})
        EXPECT_TRUE(plies[i][key]["notations"].contains(notation)) << plies[i][key].dump();
    }
  EXPECT_EQ(plies[1]["played"]["notations"]["wxf"], "C2=5");
  EXPECT_EQ(plies[1]["played"]["notations"]["chinese"], "炮二平五");
}

// A xiangqi game where Black, worse, walks the general about while Red
// presses: 14.将5平6 is no loss, 15.将6平5 lets Red's attack through (from
// about -3.4 to -7.6 by the review's search) and went unmarked.
TEST(ReviewMarks, AGeneralWalkedIntoALostPositionIsMarkedAtTheAppsBudget) {
  EngineOpponent engine;  // the app's own review budget
  const std::vector<std::string> moves = {"g3g4", "f9e8", "h0g2", "h9g7", "c3c4", "g9e7", "i0i1",
                                          "e9f9", "b0c2", "f9e9", "a0a1", "i9f9", "a1f1", "a6a5",
                                          "f1f9", "g7f9", "g2f4", "b9c7", "f4g6", "h7g7", "c0e2",
                                          "f9h8", "g6i7", "b7b8", "i1d1", "e9f9", "d1d8", "f9e9"};
  const Reviewed r = review_of(engine, "xiangqi", moves);
  const auto& plies = r.review["plies"];
  ASSERT_EQ(plies.size(), moves.size() + 1);
  const nlohmann::json& walk = plies[28];
  EXPECT_EQ(walk["move"], "f9e9");  // 将6平5
  ASSERT_TRUE(walk["mark"].is_string()) << walk.dump();
  EXPECT_TRUE(walk["mark"] == "?" || walk["mark"] == "??") << walk["mark"];
}

}  // namespace
}  // namespace qi::app
