#include "competition/rating/elo.h"

#include <algorithm>

#include "competition/rating/logistic.h"

namespace qi::competition::rating {

double fide_expected_score(double own, double opponent) {
  return expected_score(std::clamp(own - opponent, -kFideDifferenceCap, kFideDifferenceCap));
}

int fide_k_factor(const FideStatus& p) {
  if (p.rated_games < 30) return 40;
  if (p.under_18 && p.rating < 2300) return 40;
  if (p.reached_2400) return 10;
  return 20;
}

int fide_k_for_period(int k, int games) {
  if (games <= 0 || k * games <= 700) return k;
  return 700 / games;
}

double fide_rating_change(double rating, int k, const std::vector<RatedGame>& games) {
  double sum = 0;
  for (const RatedGame& g : games) sum += g.score - fide_expected_score(rating, g.opponent_rating);
  return k * sum;
}

double performance_rating(const std::vector<RatedGame>& games) {
  if (games.empty()) return 0;
  double total = 0, score = 0;
  for (const RatedGame& g : games) total += g.opponent_rating, score += g.score;
  const double average = total / games.size();
  const double p = score / games.size();
  // FIDE's dp table ends at ±800, which is also what a perfect score or a
  // zero is worth (no finite difference gives them).
  const std::optional<double> dp = elo_from_score(p);
  if (!dp)
    return average + (p >= 1.0 ? kFideMaximumPerformanceDifference : -kFideMaximumPerformanceDifference);
  return average + std::clamp(*dp, -kFideMaximumPerformanceDifference, kFideMaximumPerformanceDifference);
}

}  // namespace qi::competition::rating
