// Worked examples computed by hand from the formulas in match_stats.h (the
// arithmetic is in the comments).
#include <gtest/gtest.h>

#include <cmath>

#include "competition/match_stats.h"

namespace qi::competition {
namespace {

TEST(MatchElo, ScoreAndEloDifference) {
  // 10 wins, 5 draws, 5 losses: s = 12.5 / 20 = 0.625;
  // Elo = -400 log10(1/0.625 - 1) = -400 log10(0.6) = 88.739...
  WdlCounts c{10, 5, 5};
  EXPECT_DOUBLE_EQ(c.score(), 0.625);
  EXPECT_DOUBLE_EQ(c.draw_ratio(), 0.25);
  EloEstimate e = estimate_elo(c);
  ASSERT_TRUE(e.elo);
  EXPECT_NEAR(*e.elo, 88.7395, 1e-3);
}

TEST(MatchElo, NinetyFivePercentInterval) {
  // 30 / 40 / 30 in 100 games: s = 0.5, per-game variance
  // (30·0.25 + 40·0 + 30·0.25) / 100 = 0.15, standard error √(0.15/100) =
  // 0.0387298; margin 1.959964 · 0.0387298 = 0.0759088; upper bound
  // -400 log10(0.4240912/0.5759088) = 53.158, and symmetric below.
  EloEstimate e = estimate_elo({30, 40, 30});
  ASSERT_TRUE(e.elo && e.lower && e.upper && e.error);
  EXPECT_NEAR(*e.elo, 0.0, 1e-9);
  EXPECT_NEAR(*e.upper, 53.158, 1e-3);
  EXPECT_NEAR(*e.lower, -53.158, 1e-3);
  EXPECT_NEAR(*e.error, 53.158, 1e-3);
  EXPECT_EQ(elo_text(e), "0.0 +/- 53.2");
}

TEST(MatchElo, AsymmetricIntervalForAnUnevenScore) {
  // 10 / 5 / 5: variance (10·0.140625 + 5·0.015625 + 5·0.390625) / 20 =
  // 0.171875; margin 1.959964 · √(0.171875/20) = 0.181695; bounds
  // elo(0.443305) = -39.565 and elo(0.806695) = 248.185.
  EloEstimate e = estimate_elo({10, 5, 5});
  EXPECT_NEAR(*e.lower, -39.565, 1e-3);
  EXPECT_NEAR(*e.upper, 248.185, 1e-3);
}

TEST(MatchElo, PerfectScoreHasNoFiniteElo) {
  EloEstimate e = estimate_elo({6, 0, 0});
  EXPECT_FALSE(e.elo);
  EXPECT_NE(elo_text(e).find("unbounded"), std::string::npos);
}

TEST(LikelihoodOfSuperiority, NormalApproximationIgnoringDraws) {
  // ½ (1 + erf(5 / √30)) = ½ (1 + erf(0.912871)) = 0.901647.
  EXPECT_NEAR(likelihood_of_superiority(10, 5), 0.901647, 1e-6);
  EXPECT_DOUBLE_EQ(likelihood_of_superiority(7, 7), 0.5);
  EXPECT_DOUBLE_EQ(likelihood_of_superiority(0, 0), 0.5);
  EXPECT_NEAR(likelihood_of_superiority(5, 10), 1 - 0.901647, 1e-6);
}

}  // namespace
}  // namespace qi::competition
