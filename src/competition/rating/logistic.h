// The logistic Elo model, the one formula every rating and estimate of Qi
// uses: a player D points stronger than the opponent is expected to score
//   E(D) = 1 / (1 + 10^(-D/400))
// a game (1 a win, ½ a draw, 0 a loss), and a score s says the players are
//   D(s) = -400 log10(1/s - 1)
// points apart, its inverse. FIDE's ratings (elo.h), a match's estimate with
// its error bars (match_stats.h), the arena's SPRT and the benchmarks' Elo
// all call these two functions rather than write the formula again.
#pragma once

#include <optional>

namespace qi::competition::rating {

// E(D): 0.5 at 0, 10/11 at +400.
double expected_score(double elo_difference);

// D(s); empty at 0 and 1 (and outside them), where no finite difference gives
// that score.
std::optional<double> elo_from_score(double score);

}  // namespace qi::competition::rating
