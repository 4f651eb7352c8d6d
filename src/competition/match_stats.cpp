#include "competition/match_stats.h"

#include <cmath>
#include <cstdio>

namespace qi::competition {
namespace {

constexpr double kZ95 = 1.959963984540054;  // two-sided 95 % quantile of the normal distribution

}  // namespace

double WdlCounts::score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }

double WdlCounts::draw_ratio() const { return games() ? static_cast<double>(draws) / games() : 0.0; }

double likelihood_of_superiority(int wins, int losses) {
  if (wins + losses == 0) return 0.5;
  return 0.5 * (1.0 + std::erf((wins - losses) / std::sqrt(2.0 * (wins + losses))));
}

EloEstimate estimate_elo(const WdlCounts& c) {
  EloEstimate e;
  e.los = likelihood_of_superiority(c.wins, c.losses);
  const int n = c.games();
  if (n == 0) return e;
  const double s = c.score();
  e.elo = rating::elo_from_score(s);
  const double variance =
      (c.wins * (1.0 - s) * (1.0 - s) + c.draws * (0.5 - s) * (0.5 - s) + c.losses * s * s) / n;
  const double margin = kZ95 * std::sqrt(variance / n);
  e.lower = rating::elo_from_score(s - margin);
  e.upper = rating::elo_from_score(s + margin);
  if (e.lower && e.upper) e.error = (*e.upper - *e.lower) / 2.0;
  return e;
}

std::string elo_text(const EloEstimate& e) {
  char buffer[64];
  if (!e.elo) return "unbounded (every game won or lost)";
  if (e.error) {
    std::snprintf(buffer, sizeof buffer, "%.1f +/- %.1f", *e.elo, *e.error);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.1f +/- inf", *e.elo);
  }
  return buffer;
}

}  // namespace qi::competition
