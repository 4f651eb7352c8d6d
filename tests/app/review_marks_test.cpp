// The marks of a review, as lichess marks a game (src/app/review_marks.h):
// winning chances on the curve of human games in each game's own unit, so
// that a move from three pawns down to seven is a blunder; a forced mate let
// in or let go judged by how the mover stood; and a mate found a move later
// carried back through the mating side's moves to the move that let it in.
#include <gtest/gtest.h>

#include <cmath>

#include "app/review_marks.h"
#include "engine/score.h"

namespace qi::app {
namespace {

// A reviewed position whose engine score (in the game's hundredths, the
// first player's) is `cp`, its chances on the engine's curve for a game of
// this scale, as EngineOpponent fills them.
PositionReview scored(int cp, double scale = 220, double draw_width = 60) {
  PositionReview p;
  p.cp = cp;
  const engine::Wdl w = engine::wdl_of(cp, scale, draw_width);
  p.win = w.win / 1000.0;
  p.draw = w.draw / 1000.0;
  p.loss = w.loss / 1000.0;
  return p;
}

PositionReview mate_in(int moves) {
  PositionReview p;
  p.mate = moves;
  p.win = moves > 0 ? 1 : 0;
  p.loss = moves > 0 ? 0 : 1;
  p.draw = 0;
  return p;
}

std::optional<std::string> mark_of(const std::vector<PositionReview>& reviews, std::size_t move) {
  std::vector<Side> movers;
  for (std::size_t i = 0; i + 1 < reviews.size(); ++i)
    movers.push_back(i % 2 == 0 ? Side::First : Side::Second);
  return judge_moves(reviews, movers).at(move - 1).mark;
}

TEST(ReviewMarks, ExpectedScoresFollowTheCurveOfHumanGamesInEachGamesOwnUnit) {
  for (int cp : {-900, -400, -100, 0, 150, 700}) {
    SCOPED_TRACE(cp);
    EXPECT_NEAR(expected_score(scored(cp)), 1 / (1 + std::exp(-0.00368208 * cp)), 0.01);
    // Xiangqi's engine scale is 300 where chess's is 220: the same advantage in its unit.
    EXPECT_NEAR(expected_score(scored(cp * 300 / 220, 300, 80)), expected_score(scored(cp)), 0.01);
  }
  EXPECT_EQ(expected_score(mate_in(3)), 1);
  EXPECT_EQ(expected_score(mate_in(-2)), 0);
}

TEST(ReviewMarks, AMoveFromThreePawnsDownToSevenIsABlunderAsLichessCallsIt) {
  // The engine's own curve put this at an expected-score loss under 0.1,
  // and it went unmarked.
  EXPECT_EQ(mark_of({scored(0), scored(-340), scored(-760)}, 2), std::nullopt);  // White's move 2...
  EXPECT_EQ(mark_of({scored(300), scored(340), scored(760)}, 2), "??");  // ...Black's, from -3.4 to -7.6
  EXPECT_EQ(mark_of({scored(0), scored(0), scored(70)}, 2), "?!");
  EXPECT_EQ(mark_of({scored(0), scored(0), scored(130)}, 2), "?");
  EXPECT_EQ(mark_of({scored(0), scored(0), scored(5)}, 2), std::nullopt);
}

TEST(ReviewMarks, LettingTheOpponentMateByForceIsABlunderUnlessAlreadyLost) {
  // Black, somewhat worse, walks into a forced mate: on the curve alone a
  // mistake at most.
  EXPECT_EQ(mark_of({scored(0), scored(600), mate_in(3)}, 2), "??");
  EXPECT_EQ(mark_of({scored(0), scored(750), mate_in(3)}, 2), "?");
  EXPECT_EQ(mark_of({scored(0), scored(1400), mate_in(3)}, 2), "?!");
}

TEST(ReviewMarks, AForcedMateFoundAMoveLaterIsCarriedBackToTheMoveThatLetItIn) {
  // Black's move 2 lets White in; the short search after it sees nothing,
  // White's next move finds the mate: White mated by force from position 2.
  const std::vector<PositionReview> line = {scored(0), scored(120), scored(150), mate_in(2), mate_in(1)};
  EXPECT_EQ(mark_of(line, 2), "??");
  EXPECT_EQ(mark_of(line, 3), std::nullopt);  // White's mating move loses nothing
  // Not through the defender's moves: Black's move 4 cannot carry White's mate back to Black's move 2.
  EXPECT_EQ(mark_of({scored(0), scored(120), scored(150), scored(160), mate_in(1)}, 2), std::nullopt);
}

TEST(ReviewMarks, LettingOnesOwnForcedMateGoIsMarkedByWhatIsLeft) {
  EXPECT_EQ(mark_of({mate_in(2), scored(300)}, 1), "??");
  EXPECT_EQ(mark_of({mate_in(2), scored(750)}, 1), "?");
  EXPECT_EQ(mark_of({mate_in(2), scored(1400)}, 1), "?!");
}

}  // namespace
}  // namespace qi::app
