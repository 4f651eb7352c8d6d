#include "competition/rating/logistic.h"

#include <cmath>

namespace qi::competition::rating {

double expected_score(double elo_difference) { return 1.0 / (1.0 + std::pow(10.0, -elo_difference / 400.0)); }

std::optional<double> elo_from_score(double score) {
  if (!(score > 0.0 && score < 1.0)) return std::nullopt;
  const double elo = -400.0 * std::log10(1.0 / score - 1.0);
  return elo == 0.0 ? 0.0 : elo;  // no "-0.0" in output
}

}  // namespace qi::competition::rating
