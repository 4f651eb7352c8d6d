// Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013 edition):
// a rating, its deviation (how unsure it is) and a volatility (how much the
// player's strength moves), updated once per rating period from all the
// period's games together. Puzzles and people's games of later issues rate on
// it; nothing rates on it yet.
//   On the Glicko-2 scale μ = (r - 1500) / s and φ = RD / s, s = 400 / ln 10
//   (Glickman's 173.7178), an opponent j's expected score is
//     E = 1 / (1 + exp(-g(φj) (μ - μj))),  g(φ) = 1 / √(1 + 3 φ² / π²),
//   which is logistic.h's formula at the difference g(φj) (r - rj): the
//   opponent's uncertainty shrinks the difference, nothing else changes.
//   The update: v = 1 / Σ g² E (1 - E); Δ = v Σ g (s - E); the new volatility
//   σ' solves Glickman's f(x) = 0 by the Illinois method (step 5 of the
//   paper, tolerance 10⁻⁶); φ* = √(φ² + σ'²), φ' = 1 / √(1/φ*² + 1/v),
//   μ' = μ + φ'² Σ g (s - E). A period without games only widens the
//   deviation: φ' = √(φ² + σ²).
#pragma once

#include <vector>

namespace qi::competition::rating {

struct Glicko2Rating {
  double rating = 1500;      // r
  double deviation = 350;    // RD
  double volatility = 0.06;  // σ
};

struct Glicko2Game {
  double opponent_rating = 1500;
  double opponent_deviation = 350;
  double score = 0.5;  // 1, 0.5 or 0 for the player
};

// τ, the system constant that limits how fast the volatility changes;
// Glickman suggests 0.3 to 1.2 and uses 0.5 in his example.
inline constexpr double kGlicko2DefaultTau = 0.5;

// The player's rating after one rating period with `games` (none: only the
// deviation grows).
Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             double tau = kGlicko2DefaultTau);

}  // namespace qi::competition::rating
