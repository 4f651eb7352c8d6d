// The marks of a reviewed game, as lichess marks a game: how much each move
// lowered its side's winning chances, judged on lichess's curve of human
// games (expected score 1 / (1 + e^(-0.00368 cp)) in chess, each game's
// advantages in its own unit), and its mark: a loss of more than 0.15 of the
// expected score a blunder (??), 0.10 a mistake (?), 0.05 an inaccuracy
// (?!) — lichess's 0.3, 0.2 and 0.1 of winning chances, which run from -1 to
// 1. The engine's own win/draw/loss curve (engine/score.h) is its self-play
// odds, two and a half times steeper than people's: on it a move from three
// pawns down to seven changed the expected score by hardly 0.1, and such a
// move was not marked at all. A book move (engine/book.h) is marked only
// when it loses more than a blunder's threshold: a standard opening move is
// not called dubious on the strength of a short search's noise. The page
// (web/src/review.ts) shows the marks the server sends.
//
// Forced mates, which no curve measures, are judged as lichess does, along
// the moves actually played (judge_moves):
// - a move that lets the opponent mate by force (a general walked into a
//   mating net) is a blunder, or a mistake when its side's expected score
//   was already under 7 % (lichess's -7 pawns), an inaccuracy under 5 %
//   (lichess says -10 pawns, but the review's chances read only to about
//   ±8.5 pawns, 4.4 %); a move that lets one's own forced mate go is a
//   blunder, or a mistake when its side still expects 93 %, an inaccuracy
//   from 95 %;
// - a short search may find the mate only a move later: a side that mates
//   by force after its own move could mate by force before it, so the mate
//   is carried back through the mating side's moves to the move that let it in.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/opponent.h"

namespace qi::app {

struct ReviewThresholds {
  static constexpr double kBlunder = 0.15, kMistake = 0.10, kInaccuracy = 0.05;
  // A forced mate let in: a blunder while the mover expected at least
  // kMateBlunderFrom, a mistake from kMateMistakeFrom, else an inaccuracy
  // (and a forced mate let go the same, from the other end).
  static constexpr double kMateBlunderFrom = 0.07, kMateMistakeFrom = 0.05;
  // The slope of the curve of human games per unit of the engine curve's
  // scale (engine/score.h), read the same in every game's review. It was
  // measured once, in chess: lichess's expected score 1 / (1 + e^(-0.00368208
  // cp)) on an engine curve whose scale is 220 cp (the chess traits'
  // kWdlScale). No other game's human curve has been measured, so each is
  // taken to be as steep, in its own engine's scale, as chess's.
  static constexpr double kHumanSlopePerScale = 0.00368208 * 220;
};

// The first player's expected score in a reviewed position, on the curve
// of human games. It is read from the engine's own chances, whose curve
// (engine/score.h) gives logit(win) - logit(loss) = 4 score / scale in every
// game: no game's scale needs to be known here.
double expected_score(const PositionReview& p);
// What the move from `before` to `after` lost for the side that made it.
double expected_loss(const PositionReview& before, const PositionReview& after, Side mover);
// "??", "?", "?!", or nullopt: the move into `after` (book: after.book).
std::optional<std::string> review_mark(const PositionReview& before, const PositionReview& after, Side mover);

// One move's judgement: the expected score it lost for its side and its mark.
struct MoveJudgement {
  double loss = 0;
  std::optional<std::string> mark;
};
// Every move of a reviewed game: `reviews[0]` is the start and `reviews[i]`
// the position after move i; `movers[i]` made move i + 1. The answer's
// [i] judges move i + 1. Linear in the game's length.
std::vector<MoveJudgement> judge_moves(const std::vector<PositionReview>& reviews,
                                       const std::vector<Side>& movers);

}  // namespace qi::app
