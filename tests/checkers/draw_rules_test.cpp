// Game end by repetition and by each federation's move counts.
#include <gtest/gtest.h>
#include "games/checkers/endings.h"

#include "core/referee.h"
#include "games/checkers/draw_rules.h"
#include "games/checkers/position.h"
#include "games/checkers/variants.h"
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
void expect_draw_after(Game& g, int plies, Termination termination) {
  play_fresh_quiet_moves(g, plies - 1);
  EXPECT_FALSE(g.outcome().over()) << "ended early: " << g.describe(g.outcome());
  play_fresh_quiet_moves(g, 1);
  EXPECT_EQ(g.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(g.outcome().termination, termination) << g.describe(g.outcome());
}

TEST(CheckersDraws, ThreefoldRepetitionIsADraw) {
  auto g = game_at("english", "B:WK32:BK1");
  play_all(*g, {"1-5", "32-28", "5-1", "28-32"});
  EXPECT_FALSE(g->outcome().over());
  play_all(*g, {"1-5", "32-28", "5-1", "28-32"});
  EXPECT_EQ(g->outcome().termination, checkers::endings::ThreefoldRepetition);
  Referee referee(g->clone());
  EXPECT_FALSE(referee.play("1-5", 0)) << "no move after the game ended";
  EXPECT_TRUE(g->undo());
  EXPECT_FALSE(g->outcome().over());
}

TEST(CheckersDraws, EnglishFortyMoveRuleIsASetting) {
  auto g = game_at("english", "B:WK32,K31:BK1,K2", DrawSettings{2});
  expect_draw_after(*g, 4, checkers::endings::FortyMoveRule);
  auto off = game_at("english", "B:WK32,K31:BK1,K2", DrawSettings{0});
  play_fresh_quiet_moves(*off, 12);
  EXPECT_FALSE(off->outcome().over());
}

TEST(CheckersDraws, EnglishFortyMovesEachByDefault) {
  auto g = game_at("english", "B:WK32,K31,K30:BK1,K2,K3");
  expect_draw_after(*g, 80, checkers::endings::FortyMoveRule);
}

TEST(CheckersDraws, ManMoveRestartsTheCount) {
  auto g = game_at("english", "B:WK32,K31,21:BK1,K2", DrawSettings{2});
  play_all(*g, {"1-5", "21-17", "5-1"});
  EXPECT_FALSE(g->outcome().over());
}

TEST(CheckersDraws, InternationalTwentyFiveKingMovesEach) {
  auto g = game_at("international", "W:WK46,K47,K48,K49:BK1,K2,K3,K4");
  expect_draw_after(*g, 50, checkers::endings::TwentyFiveMoveRule);
}

TEST(CheckersDraws, InternationalSixteenMovesAgainstALoneKing) {
  auto g = game_at("international", "W:WK46,K47,K48:BK3");
  expect_draw_after(*g, 32, checkers::endings::SixteenMoveRule);
}

TEST(CheckersDraws, InternationalFiveMovesWithTwoPiecesAgainstALoneKing) {
  auto g = game_at("international", "W:WK46,K47:BK3");
  expect_draw_after(*g, 10, checkers::endings::FiveMoveRule);
}

TEST(CheckersDraws, BrazilianTwentyKingMovesEach) {
  auto g = game_at("brazilian", "W:WK29,K30:BK1,K2");
  expect_draw_after(*g, 40, checkers::endings::TwentyMoveRule);
}

TEST(CheckersDraws, RussianFifteenKingMovesEach) {
  auto g = game_at("russian", "W:WK29,K30,K31:BK1,K2,K3");
  expect_draw_after(*g, 30, checkers::endings::FifteenMoveRule);
}

TEST(CheckersDraws, RussianThreeKingsHaveFifteenMovesAgainstALoneKing) {
  // The man's move restarts the king-move count but not this one. White,
  // the stronger side, moves first in the ending: its 15th move is the 29th
  // ply, and the game is drawn as soon as that move fails to take the king.
  auto g = game_at("russian", "W:WK30,K31,K32,21:BK1");
  play_all(*g, {"21-17"});
  expect_draw_after(*g, 28, checkers::endings::ThreeKingsRule);
}

TEST(CheckersDraws, RussianThreeKingsCountTheStrongerSidesMoves) {
  // Black, the lone king, moves first: White's 15th move is the 30th ply.
  // (The man's move keeps the king-move rule from ending the game first.)
  auto g = game_at("russian", "B:WK30,K31,K32,21:BK1");
  play_all(*g, {"1-5", "21-17"});
  expect_draw_after(*g, 28, checkers::endings::ThreeKingsRule);
}

TEST(CheckersDraws, RussianThreePieceKingEndingFiveMoves) {
  auto g = game_at("russian", "W:WK30:BK1,K3");
  expect_draw_after(*g, 10, checkers::endings::KingEndingRule);
}

}  // namespace
}  // namespace qi::checkers

namespace qi::checkers {
namespace {

// The draw a count rule declares after `plies` plies in a Russian king
// ending in which both sides keep `men` men and one king each (the material
// never changes), a man moving (without crowning) every 20 plies so that the
// king-move rule never applies: the counters (draw_rules.h) the game and the
// engine both carry, followed move by move.
std::optional<Outcome> after_unchanged_king_ending(int plies, int men) {
  using P = Position<Russian>;
  P p;
  p.set_side_to_move(Side::First);
  const int white_men[] = {21, 22, 23}, black_men[] = {9, 10, 11};
  for (int i = 0; i < men; ++i) {
    p.put(Side::First, white_men[i], false);
    p.put(Side::Second, black_men[i], false);
  }
  p.put(Side::First, 30, true);
  p.put(Side::Second, 1, true);
  DrawCounters c = start_counters(p);
  for (int i = 1; i <= plies; ++i) c = next_counters(c, p, i % 20 == 0);
  return draw_by_count(c, p, DrawSettings{});
}

TEST(CheckersDraws, RussianThirtyMovesInFourAndFivePieceKingEndings) {
  EXPECT_FALSE(after_unchanged_king_ending(59, 1));
  auto d = after_unchanged_king_ending(60, 1);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->termination, checkers::endings::KingEndingRule);
  EXPECT_EQ(d->n, 30);
  EXPECT_EQ(d->m, 4);
}

TEST(CheckersDraws, RussianSixtyMovesInSixAndSevenPieceKingEndings) {
  EXPECT_FALSE(after_unchanged_king_ending(119, 2));
  auto d = after_unchanged_king_ending(120, 2);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->termination, checkers::endings::KingEndingRule);
  EXPECT_EQ(d->n, 60);
  EXPECT_FALSE(after_unchanged_king_ending(400, 3)) << "no count with 8 pieces";
}

}  // namespace
}  // namespace qi::checkers
