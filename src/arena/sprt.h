// Sequential probability ratio test: has a player gained elo1 rather than
// elo0? Qi uses the generalised SPRT with logistic Elo and the normal
// approximation of the log-likelihood ratio (Van den Bergh), as fishtest and
// fastchess do:
//   LLR = N (s1 - s0) (2 x̄ - s0 - s1) / (2 σ²)
// where x̄ and σ² are the sample mean and variance of one unit's score and
// s0, s1 the expected scores at elo0, elo1. The unit is a game pair
// (pentanomial model: pair scores 0, ¼, ½, ¾, 1) when the games come in
// pairs with colours reversed, as Qi's matches do; a single game (trinomial)
// otherwise. The test stops when LLR leaves [ln(β/(1-α)), ln((1-β)/α)].
#pragma once

#include <array>
#include <string>

#include "competition/match_stats.h"
#include "core/expected.h"

namespace qi::arena {

struct SprtParameters {
  double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
  double lower_bound() const;  // accept H0 at or below
  double upper_bound() const;  // accept H1 at or above
};

// "elo0=0 elo1=5 alpha=0.05 beta=0.05" (any order, any subset; the rest default).
Expected<SprtParameters> parse_sprt(std::string_view text);

// Pair scores of the first player: counts of pairs scoring 0, ½, 1, 1½, 2.
using Pentanomial = std::array<int, 5>;

double llr_trinomial(const competition::WdlCounts& counts, const SprtParameters& p);
double llr_pentanomial(const Pentanomial& pairs, const SprtParameters& p);

enum class SprtState { Continue, AcceptH0, AcceptH1 };
SprtState sprt_state(double llr, const SprtParameters& p);

// "LLR 1.23 (-2.94, 2.94) [0.00, 5.00]: continue".
std::string sprt_text(double llr, const SprtParameters& p);

}  // namespace qi::arena
