#include "arena/rating/elo.h"

#include <algorithm>
#include <cmath>

namespace qi::arena::rating {

double fide_expected_score(double own, double opponent) {
  const double d = std::clamp(own - opponent, -kFideDifferenceCap, kFideDifferenceCap);
  return 1.0 / (1.0 + std::pow(10.0, -d / 400.0));
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
  if (p >= 1.0) return average + 800;
  if (p <= 0.0) return average - 800;
  return average + std::clamp(-400.0 * std::log10(1.0 / p - 1.0), -800.0, 800.0);
}

}  // namespace qi::arena::rating
