// The search finds the quickest forced win in every game, and the line it
// reports really ends the game.
#include <gtest/gtest.h>

#include "engine_test_util.h"

namespace qi::engine::test {
namespace {

struct MateCase {
  const char* game;
  const char* variant;
  const char* fen;
  int moves;  // the winner's moves to the end
};

void expect_mate(const MateCase& c) {
  auto engine = engine_for(c.game, c.fen, c.variant);
  SearchResult r = search_depth(*engine, 2 * c.moves + 2);
  ASSERT_FALSE(r.best.empty());
  ASSERT_GE(r.score, kMateBound) << c.fen;
  EXPECT_EQ(mate_moves(r.score), c.moves) << c.fen;
  ASSERT_FALSE(r.lines.empty());
  const auto& pv = r.lines[0].pv;
  ASSERT_EQ(static_cast<int>(pv.size()), 2 * c.moves - 1) << c.fen;
  Outcome o = play_line(*engine, pv);
  ASSERT_EQ(o.verdict, Verdict::Win) << c.fen;
  EXPECT_EQ(o.winner, engine->game().side_to_move());
}

TEST(FindsMate, ChessMateInOne) { expect_mate({"chess", "", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1}); }
TEST(FindsMate, ChessMateInTwo) { expect_mate({"chess", "", "k7/8/8/8/8/8/6R1/K6R w - - 0 1", 2}); }
TEST(FindsMate, ChessMateInThree) {
  // Scholar's-mate pattern a move early is not mate yet; this ladder is.
  expect_mate({"chess", "", "8/k7/8/8/8/8/8/K5RR w - - 0 1", 3});
}
TEST(FindsMate, XiangqiMateInOne) { expect_mate({"xiangqi", "", "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1", 1}); }
TEST(FindsMate, XiangqiMateInTwo) {
  // Two chariots far from the general: one takes the eighth rank, the other
  // checks on the ninth.
  expect_mate({"xiangqi", "", "4k4/9/9/9/9/9/9/R8/1R7/3K5 w - - 0 1", 2});
}
TEST(FindsMate, CheckersWinInOne) { expect_mate({"checkers", "english", "W:W23:B18", 1}); }
TEST(FindsMate, TictactoeWinInOne) { expect_mate({"tictactoe", "", "xx./oo./... x", 1}); }
}  // namespace
}  // namespace qi::engine::test

namespace qi::engine::test {
namespace {

// Two threads share one table, so a shorter mate can stay hidden behind a
// longer one's bounds for a few iterations; the search must not stop on the
// longer mate. The threads' timing differs from run to run: search several
// times.
TEST(LazySmp, TwoThreadsFindTheSameMateAndALegalMove) {
  for (int run = 0; run < 20; ++run) {
    auto engine = engine_for("chess", "8/k7/8/8/8/8/8/K5RR w - - 0 1");
    engine->options().threads = 2;
    SearchResult r = search_depth(*engine, 20);
    ASSERT_GE(r.score, kMateBound);
    EXPECT_EQ(mate_moves(r.score), 3) << "run " << run;
    EXPECT_TRUE(engine->game().parse_move(r.best).has_value());
  }
  auto x = engine_for("xiangqi", "startpos");
  x->options().threads = 2;
  SearchResult rx = search_depth(*x, 5);
  EXPECT_TRUE(x->game().parse_move(rx.best).has_value());
}

}  // namespace
}  // namespace qi::engine::test
