// The games' draw and repetition rules inside the search.
#include <gtest/gtest.h>

#include "engine/games/xiangqi/traits.h"
#include "engine_test_util.h"

namespace qi::engine::test {
namespace {

TEST(DrawRulesInSearch, ChessLosingSideRepeatsForThreefold) {
  // Black has a bare king against a queen; the position after ...Kg7 has
  // already stood twice, so ...Kg7 draws by threefold repetition.
  auto engine = std::make_unique<Engine>();
  ASSERT_TRUE(engine->set_game("chess").has_value());
  ASSERT_TRUE(engine
                  ->set_position("7k/8/8/8/8/K7/8/2Q5 b - - 0 1",
                                 {"h8g7", "c1d1", "g7h8", "d1c1", "h8g7", "c1d1", "g7h8", "d1c1"})
                  .has_value());
  SearchResult r = search_depth(*engine, 6);
  EXPECT_EQ(r.best, "h8g7");
  EXPECT_EQ(r.score, 0);
}

TEST(DrawRulesInSearch, ChessFiftyMoveRuleSavesTheWeakerSide) {
  // 99 plies without capture or pawn move: any quiet move by Black draws,
  // and the search knows it is not lost.
  auto engine = engine_for("chess", "8/8/8/8/8/5k2/8/4K2Q b - - 99 120");
  SearchResult r = search_depth(*engine, 4);
  EXPECT_EQ(r.score, 0);
}

TEST(DrawRulesInSearch, ChessWinningSideAvoidsTheRepetition) {
  // The same history seen from White, a queen up: White does not walk into
  // the third occurrence.
  auto engine = std::make_unique<Engine>();
  ASSERT_TRUE(engine->set_game("chess").has_value());
  ASSERT_TRUE(engine
                  ->set_position("7k/8/8/8/8/K7/8/2Q5 b - - 0 1",
                                 {"h8g7", "c1d1", "g7h8", "d1c1", "h8g7", "c1d1", "g7h8"})
                  .has_value());
  SearchResult r = search_depth(*engine, 6);
  EXPECT_NE(r.best, "d1c1");
  EXPECT_GT(r.score, 500);
}

TEST(DrawRulesInSearch, XiangqiPerpetualCheckLosesForTheChecker) {
  // Red's chariot checks on a9 and a8 in turn; the general can only step
  // between e9 and e8. The fourth ply back to the start makes the cycle,
  // and the rule hook of the search scores it a loss for Red.
  auto pos = xiangqi::Position::from_fen("4k4/R8/9/4P4/9/9/9/9/9/3K1R3 w - - 0 1");
  ASSERT_TRUE(pos.has_value());
  for (const char* m : {"a8a9", "e9e8", "a9a8", "e8e9"}) {
    auto move = xiangqi::parse_move(*pos, m);
    ASSERT_TRUE(move.has_value()) << m;
    pos->make(*move);
  }
  // Red to move in the repeated position: Red has checked perpetually.
  EXPECT_EQ(XiangqiTraits::repetition_score(*pos, 4, 6), mated_in(6));
  // One ply earlier the side to move, Black, is the one that wins.
  auto last = pos->history().back().move;
  pos->unmake(last);
  pos->make(last);
  EXPECT_LT(XiangqiTraits::repetition_score(*pos, 4, 6), -kMateBound);
}

TEST(DrawRulesInSearch, XiangqiSearchAvoidsPerpetualCheckWhenAnythingElseIsBetter) {
  // After one full cycle the checker's search must not repeat it.
  auto engine = std::make_unique<Engine>();
  ASSERT_TRUE(engine->set_game("xiangqi").has_value());
  ASSERT_TRUE(engine->set_position("4k4/R8/9/4P4/9/9/9/9/9/3K1R3 w - - 0 1", {"a8a9", "e9e8", "a9a8", "e8e9"})
                  .has_value());
  SearchResult r = search_depth(*engine, 5);
  EXPECT_GT(r.score, 0);
}

}  // namespace
}  // namespace qi::engine::test
