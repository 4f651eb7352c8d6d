// Game end by repetition and by each federation's move counts.
#include <gtest/gtest.h>

#include "test_helpers.h"

namespace qi::checkers {
namespace {

using testing::game_at;
using testing::play_fresh_quiet_moves;

void play_all(Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) ASSERT_TRUE(g.play(m)) << m;
}

// Plays n-1 fresh quiet moves and checks the game goes on, then one more and
// checks it ended with `termination`.
void expect_draw_after(Game& g, int plies, std::string_view termination) {
  play_fresh_quiet_moves(g, plies - 1);
  EXPECT_FALSE(g.outcome().over()) << "ended early: " << g.outcome().reason;
  play_fresh_quiet_moves(g, 1);
  EXPECT_EQ(g.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(g.outcome().termination, termination) << g.outcome().reason;
}

TEST(CheckersDraws, ThreefoldRepetitionIsADraw) {
  auto g = game_at("english", "B:WK32:BK1");
  play_all(*g, {"1-5", "32-28", "5-1", "28-32"});
  EXPECT_FALSE(g->outcome().over());
  play_all(*g, {"1-5", "32-28", "5-1", "28-32"});
  EXPECT_EQ(g->outcome().termination, "threefold_repetition");
  EXPECT_FALSE(g->play("1-5")) << "no move after the game ended";
  EXPECT_TRUE(g->undo());
  EXPECT_FALSE(g->outcome().over());
}

TEST(CheckersDraws, EnglishFortyMoveRuleIsASetting) {
  auto g = game_at("english", "B:WK32,K31:BK1,K2", DrawSettings{2});
  expect_draw_after(*g, 4, "forty_move_rule");
  auto off = game_at("english", "B:WK32,K31:BK1,K2", DrawSettings{0});
  play_fresh_quiet_moves(*off, 12);
  EXPECT_FALSE(off->outcome().over());
}

TEST(CheckersDraws, EnglishFortyMovesEachByDefault) {
  auto g = game_at("english", "B:WK32,K31,K30:BK1,K2,K3");
  expect_draw_after(*g, 80, "forty_move_rule");
}

TEST(CheckersDraws, ManMoveRestartsTheCount) {
  auto g = game_at("english", "B:WK32,K31,21:BK1,K2", DrawSettings{2});
  play_all(*g, {"1-5", "21-17", "5-1"});
  EXPECT_FALSE(g->outcome().over());
}

TEST(CheckersDraws, InternationalTwentyFiveKingMovesEach) {
  auto g = game_at("international", "W:WK46,K47,K48,K49:BK1,K2,K3,K4");
  expect_draw_after(*g, 50, "twenty_five_move_rule");
}

TEST(CheckersDraws, InternationalSixteenMovesAgainstALoneKing) {
  auto g = game_at("international", "W:WK46,K47,K48:BK3");
  expect_draw_after(*g, 32, "sixteen_move_rule");
}

TEST(CheckersDraws, InternationalFiveMovesWithTwoPiecesAgainstALoneKing) {
  auto g = game_at("international", "W:WK46,K47:BK3");
  expect_draw_after(*g, 10, "five_move_rule");
}

TEST(CheckersDraws, BrazilianTwentyKingMovesEach) {
  auto g = game_at("brazilian", "W:WK29,K30:BK1,K2");
  expect_draw_after(*g, 40, "twenty_move_rule");
}

TEST(CheckersDraws, RussianFifteenKingMovesEach) {
  auto g = game_at("russian", "W:WK29,K30,K31:BK1,K2,K3");
  expect_draw_after(*g, 30, "fifteen_move_rule");
}

TEST(CheckersDraws, RussianThreeKingsHaveFifteenMovesAgainstALoneKing) {
  // The man's move restarts the king-move count but not this one. White,
  // the stronger side, moves first in the ending: its 15th move is the 29th
  // ply, and the game is drawn as soon as that move fails to take the king.
  auto g = game_at("russian", "W:WK30,K31,K32,21:BK1");
  play_all(*g, {"21-17"});
  expect_draw_after(*g, 28, "three_kings_rule");
}

TEST(CheckersDraws, RussianThreeKingsCountTheStrongerSidesMoves) {
  // Black, the lone king, moves first: White's 15th move is the 30th ply.
  // (The man's move keeps the king-move rule from ending the game first.)
  auto g = game_at("russian", "B:WK30,K31,K32,21:BK1");
  play_all(*g, {"1-5", "21-17"});
  expect_draw_after(*g, 28, "three_kings_rule");
}

TEST(CheckersDraws, RussianThreePieceKingEndingFiveMoves) {
  auto g = game_at("russian", "W:WK30:BK1,K3");
  expect_draw_after(*g, 10, "king_ending_rule");
}

}  // namespace
}  // namespace qi::checkers

namespace qi::checkers {
namespace {

// A history in which both sides keep `men` men and `kings` kings each, a man
// moving (without crowning) every 20 plies so that the king-move rule never
// applies, and no position repeating.
std::vector<PlyFacts> unchanged_king_ending(int plies, int men, int kings) {
  std::vector<PlyFacts> h;
  for (int i = 0; i <= plies; ++i) {
    PlyFacts f;
    f.hash = 1000 + static_cast<std::uint64_t>(i);
    f.resets_progress = i % 20 == 0;
    f.men[0] = f.men[1] = men;
    f.kings[0] = f.kings[1] = kings;
    f.to_move = i % 2;
    h.push_back(f);
  }
  return h;
}

TEST(CheckersDraws, RussianThirtyMovesInFourAndFivePieceKingEndings) {
  EXPECT_FALSE(draw_by_rule("russian", unchanged_king_ending(59, 1, 1), {}));
  auto d = draw_by_rule("russian", unchanged_king_ending(60, 1, 1), {});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->termination, "king_ending_rule");
}

TEST(CheckersDraws, RussianSixtyMovesInSixAndSevenPieceKingEndings) {
  EXPECT_FALSE(draw_by_rule("russian", unchanged_king_ending(119, 2, 1), {}));
  auto d = draw_by_rule("russian", unchanged_king_ending(120, 2, 1), {});
  ASSERT_TRUE(d);
  EXPECT_EQ(d->termination, "king_ending_rule");
  EXPECT_FALSE(draw_by_rule("russian", unchanged_king_ending(400, 3, 1), {})) << "no count with 8 pieces";
}

}  // namespace
}  // namespace qi::checkers
