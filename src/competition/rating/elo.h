// Elo ratings as FIDE computes them (FIDE Rating Regulations, effective
// 1 July 2014 and later editions):
//   expected score  E = 1 / (1 + 10^(-D/400)), D = own rating - opponent's,
//                   with |D| counted as at most 400 (the 400-point rule);
//                   the formula is logistic.h's, capped.
//                   FIDE publishes E as a table rounded to two decimals and
//                   derived from the normal distribution; Qi uses the logistic
//                   formula above, which differs from the table by at most
//                   about 0.02 (see docs/rules.md).
//   rating change   ΔR = K · Σ (score - E) over the period's games.
//   K-factor        40 for a player with fewer than 30 rated games, and for a
//                   player under 18 (to the end of the year of the 18th
//                   birthday) rated below 2300; 10 once the published rating
//                   has reached 2400 (it stays 10 afterwards); 20 otherwise.
//                   If K · n > 700 for the n games of one period, K becomes
//                   the largest whole number with K · n ≤ 700.
//   performance     Rp = Ra + dp, Ra the opponents' average rating and dp the
//                   difference whose expected score is the score fraction p
//                   (logistic.h's inverse, kept within ±800), 800 at p = 1 and
//                   -800 at p = 0 as in FIDE's dp table.
#pragma once

#include <vector>

namespace qi::competition::rating {

inline constexpr double kFideDifferenceCap = 400.0;
// The end of FIDE's dp table: a performance is never further than this from
// the opponents' average.
inline constexpr double kFideMaximumPerformanceDifference = 800.0;

double fide_expected_score(double own_rating, double opponent_rating);

struct FideStatus {
  double rating = 0;
  int rated_games = 0;        // games in the player's career on the rating list
  bool under_18 = false;      // to the end of the year of the 18th birthday
  bool reached_2400 = false;  // a published rating of 2400 or more, ever
};

int fide_k_factor(const FideStatus& player);
// The 700 rule for a period of `games` games.
int fide_k_for_period(int k, int games);

struct RatedGame {
  double opponent_rating = 0;
  double score = 0;  // 1, ½ or 0
};

// ΔR = K · Σ (score - E), not rounded (FIDE rounds the published rating).
double fide_rating_change(double rating, int k, const std::vector<RatedGame>& games);

// Rp = Ra + dp; requires at least one game.
double performance_rating(const std::vector<RatedGame>& games);

}  // namespace qi::competition::rating
