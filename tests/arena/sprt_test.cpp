// Worked examples computed by hand from the formulas in sprt.h (the
// arithmetic is in the comments).
#include <gtest/gtest.h>

#include <cmath>

#include "arena/sprt.h"

namespace qi::arena {
namespace {

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
