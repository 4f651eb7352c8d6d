#include "app/review_marks.h"

namespace qi::app {

double expected_score(const PositionReview& p) { return p.win + p.draw / 2; }

double expected_loss(const PositionReview& before, const PositionReview& after, Side mover) {
  const double d = expected_score(before) - expected_score(after);
  return mover == Side::First ? d : -d;
}

std::optional<std::string> review_mark(const PositionReview& before, const PositionReview& after,
                                       Side mover) {
  const double loss = expected_loss(before, after, mover);
  if (loss > ReviewThresholds::kBlunder) return "??";
  if (after.book) return std::nullopt;
  if (loss > ReviewThresholds::kMistake) return "?";
  if (loss > ReviewThresholds::kInaccuracy) return "?!";
  return std::nullopt;
}

}  // namespace qi::app
