#include "app/review_marks.h"

#include <algorithm>
#include <cmath>

namespace qi::app {
namespace {

// Which side mates by force in a reviewed position: +1 the first player, -1
// the second, 0 neither. A position whose game is over (mate 0) counts for
// the side that won it.
int mating_side(const PositionReview& p) {
  if (!p.mate) return 0;
  if (*p.mate != 0) return *p.mate > 0 ? 1 : -1;
  return p.win > p.loss ? 1 : p.loss > p.win ? -1 : 0;
}

int sign_of(Side s) { return s == Side::First ? 1 : -1; }

// The first player's expected score by the curve alone.
double curve_score(const PositionReview& p) {
  // Chances rounded to 0 or 1 (beyond the engine's per mille) are as far
  // as the curve reads.
  auto logit = [](double x) {
    x = std::clamp(x, 0.0005, 0.9995);
    return std::log(x / (1 - x));
  };
  const double score_per_scale = (logit(p.win) - logit(p.loss)) / 4;
  const double slope = ReviewThresholds::kHumanSlopePerScale;
  return 1 / (1 + std::exp(-slope * score_per_scale));
}

std::optional<std::string> mark_of_loss(double loss, bool book) {
  if (loss > ReviewThresholds::kBlunder) return "??";
  if (book) return std::nullopt;
  if (loss > ReviewThresholds::kMistake) return "?";
  if (loss > ReviewThresholds::kInaccuracy) return "?!";
  return std::nullopt;
}

// The more severe of two marks.
std::optional<std::string> worse(std::optional<std::string> a, std::optional<std::string> b) {
  auto rank = [](const std::optional<std::string>& m) { return !m ? 0 : *m == "?!" ? 1 : *m == "?" ? 2 : 3; };
  return rank(a) >= rank(b) ? a : b;
}

// The first player's score: a forced mate is a certain result.
double score_with_mates(int mating, const PositionReview& p) {
  if (mating != 0) return mating > 0 ? 1 : 0;
  return p.mate ? 0.5 : curve_score(p);  // a game over without a winner
}

}  // namespace

double expected_score(const PositionReview& p) { return score_with_mates(mating_side(p), p); }

double expected_loss(const PositionReview& before, const PositionReview& after, Side mover) {
  const double d = expected_score(before) - expected_score(after);
  return mover == Side::First ? d : -d;
}

std::optional<std::string> review_mark(const PositionReview& before, const PositionReview& after,
                                       Side mover) {
  return mark_of_loss(expected_loss(before, after, mover), after.book);
}

std::vector<MoveJudgement> judge_moves(const std::vector<PositionReview>& reviews,
                                       const std::vector<Side>& movers) {
  const std::size_t n = std::min(reviews.size(), movers.size() + 1);
  if (n < 2) return {};
  // Forced mates carried back through the mating side's own moves.
  std::vector<int> mating(n);
  for (std::size_t i = 0; i < n; ++i) mating[i] = mating_side(reviews[i]);
  for (std::size_t i = n - 1; i-- > 0;)
    if (mating[i] == 0 && mating[i + 1] == sign_of(movers[i])) mating[i] = mating[i + 1];
  std::vector<double> first(n);  // the first player's expected score in each position
  for (std::size_t i = 0; i < n; ++i) first[i] = score_with_mates(mating[i], reviews[i]);
  std::vector<MoveJudgement> out(n - 1);
  for (std::size_t i = 0; i + 1 < n; ++i) {
    const Side mover = movers[i];
    const int own = sign_of(mover);
    auto of_mover = [&](double s) { return mover == Side::First ? s : 1 - s; };
    MoveJudgement& j = out[i];
    j.loss = of_mover(first[i]) - of_mover(first[i + 1]);
    j.mark = mark_of_loss(j.loss, reviews[i + 1].book);
    if (mating[i + 1] == -own && mating[i] != -own) {
      // Lets the opponent mate by force: judged by how the mover stood
      // before it by the search (not by a mate carried back).
      const double before = of_mover(curve_score(reviews[i]));
      j.mark = worse(j.mark, mating[i] == own || before >= ReviewThresholds::kMateBlunderFrom ? "??"
                             : before >= ReviewThresholds::kMateMistakeFrom                   ? "?"
                                                                                              : "?!");
    } else if (mating[i] == own && mating[i + 1] != own) {
      // Lets its own forced mate go: judged by how the mover stands after it.
      const double after = of_mover(curve_score(reviews[i + 1]));
      j.mark = worse(j.mark, after >= 1 - ReviewThresholds::kMateMistakeFrom   ? "?!"
                             : after >= 1 - ReviewThresholds::kMateBlunderFrom ? "?"
                                                                               : "??");
    }
  }
  return out;
}

}  // namespace qi::app
