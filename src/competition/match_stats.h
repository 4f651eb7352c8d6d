// What a match's results say about two players' strength difference, under
// the logistic Elo model (rating/logistic.h):
//   score s = (W + D/2) / N, Elo difference D(s) = -400 log10(1/s - 1);
//   95 % interval: s ± 1.95996 σ/√N mapped through the same D(s), with σ²
//     the variance of one game's score (trinomial: win, draw, loss);
//   likelihood of superiority LOS = ½ (1 + erf((W - L) / √(2 (W + L)))),
//     the normal approximation that ignores draws (they carry no information
//     about who is stronger).
#pragma once

#include <optional>
#include <string>

#include "competition/rating/logistic.h"

namespace qi::competition {

struct WdlCounts {
  int wins = 0, draws = 0, losses = 0;  // from the first player's view
  int games() const { return wins + draws + losses; }
  double score() const;  // 0..1; 0.5 when no game was played
  double draw_ratio() const;
};

struct EloEstimate {
  std::optional<double> elo;    // empty at a 0 % or 100 % score
  std::optional<double> lower;  // 95 % interval bounds, empty when unbounded
  std::optional<double> upper;
  std::optional<double> error;  // half the interval's width (cutechess's "+/-")
  double los = 0.5;             // likelihood of superiority, 0..1
};

EloEstimate estimate_elo(const WdlCounts& counts);

double likelihood_of_superiority(int wins, int losses);

// "12.3 +/- 45.6", "inf", ... for output.
std::string elo_text(const EloEstimate& e);

}  // namespace qi::competition
