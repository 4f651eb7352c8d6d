// The marks of a reviewed game: how much of the expected score (a win 1, a
// draw ½, by the engine's win/draw/loss estimate) each move threw away for
// the side that made it, and its mark: more than 0.3 a blunder (??), 0.2 a
// mistake (?), 0.1 an inaccuracy (?!), the thresholds lichess-style reviews
// use. A book move (engine/book.h) is marked only when it loses more than a
// blunder's threshold: a standard opening move is not called dubious on the
// strength of a short search's noise. The page (web/src/review.ts) shows the
// marks the server sends and uses the same rule where it has none.
#pragma once

#include <optional>
#include <string>

#include "app/opponent.h"

namespace qi::app {

struct ReviewThresholds {
  static constexpr double kBlunder = 0.3, kMistake = 0.2, kInaccuracy = 0.1;
};

// The first player's expected score in a reviewed position.
double expected_score(const PositionReview& p);
// What the move from `before` to `after` lost for the side that made it.
double expected_loss(const PositionReview& before, const PositionReview& after, Side mover);
// "??", "?", "?!", or nullopt: the move into `after` (book: after.book).
std::optional<std::string> review_mark(const PositionReview& before, const PositionReview& after, Side mover);

}  // namespace qi::app
