// Worked examples computed by hand from the formulas in match_stats.h and
// sprt.h (the arithmetic is in the comments).
#include <gtest/gtest.h>

#include <cmath>

#include "arena/match_stats.h"
#include "arena/sprt.h"

namespace qi::arena {
namespace {

TEST(EloModel, ExpectedScoreAndItsInverse) {
  EXPECT_DOUBLE_EQ(expected_score(0), 0.5);
  // 400 points: 1 / (1 + 10^-1) = 10/11.
  EXPECT_NEAR(expected_score(400), 10.0 / 11.0, 1e-12);
  EXPECT_NEAR(expected_score(-400), 1.0 / 11.0, 1e-12);
  EXPECT_NEAR(*elo_from_score(10.0 / 11.0), 400.0, 1e-9);
  EXPECT_FALSE(elo_from_score(1.0));
  EXPECT_FALSE(elo_from_score(0.0));
}

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

TEST(Sprt, BoundsFromAlphaAndBeta) {
  SprtParameters p;  // α = β = 0.05
  EXPECT_NEAR(p.lower_bound(), std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(p.upper_bound(), 2.944439, 1e-6);
}

TEST(Sprt, TrinomialLogLikelihoodRatio) {
  // 70 wins, 100 draws, 50 losses, elo0 = 0, elo1 = 5: mean 120/220 =
  // 0.545455, variance 0.134298, s0 = 0.5, s1 = 0.507195;
  // LLR = 220 · 0.007195 · (1.090909 - 1.007195) / (2 · 0.134298) = 0.49335.
  SprtParameters p;
  EXPECT_NEAR(llr_trinomial({70, 100, 50}, p), 0.493354, 1e-5);
  EXPECT_EQ(sprt_state(0.49, p), SprtState::Continue);
}

TEST(Sprt, PentanomialLogLikelihoodRatio) {
  // Pairs scoring 0, ½, 1, 1½, 2: 5, 20, 40, 25, 10 (100 pairs). On the 0..1
  // scale mean = (20·0.25 + 40·0.5 + 25·0.75 + 10) / 100 = 0.5375, variance
  // 0.0554688; LLR = 100 · 0.007195 · (1.075 - 1.007195) / (2 · 0.0554688) = 0.37984.
  SprtParameters p;
  EXPECT_NEAR(llr_pentanomial({5, 20, 40, 25, 10}, p), 0.379844, 1e-5);
}

TEST(Sprt, DecidesAtTheBounds) {
  SprtParameters p;
  EXPECT_EQ(sprt_state(3.0, p), SprtState::AcceptH1);
  EXPECT_EQ(sprt_state(-3.0, p), SprtState::AcceptH0);
  // A large clear edge accepts H1; a clear deficit accepts H0.
  EXPECT_EQ(sprt_state(llr_trinomial({600, 300, 400}, p), p), SprtState::AcceptH1);
  EXPECT_EQ(sprt_state(llr_trinomial({400, 300, 600}, p), p), SprtState::AcceptH0);
}

TEST(Sprt, ParsesParameters) {
  Expected<SprtParameters> p = parse_sprt("elo0=0 elo1=5 alpha=0.05 beta=0.1");
  ASSERT_TRUE(p);
  EXPECT_DOUBLE_EQ(p->elo1, 5);
  EXPECT_DOUBLE_EQ(p->beta, 0.1);
  EXPECT_TRUE(parse_sprt(""));  // all defaults
  for (const char* bad : {"elo0=5 elo1=0", "alpha=0", "beta=0.7", "elo2=1", "elo1", "elo1=x", "elo1=nan"})
    EXPECT_FALSE(parse_sprt(bad)) << bad;
}

}  // namespace
}  // namespace qi::arena
