// The rating systems against values worked out by hand (arithmetic in the
// comments).
#include <gtest/gtest.h>

#include "competition/rating/elo.h"
#include "competition/rating/level_points.h"

namespace qi::competition::rating {
namespace {

TEST(FideElo, ExpectedScoreFromTheDifference) {
  EXPECT_DOUBLE_EQ(fide_expected_score(1800, 1800), 0.5);
  // D = 200: 1 / (1 + 10^0.5) = 1 / 4.162278 = 0.240253 for the lower player.
  EXPECT_NEAR(fide_expected_score(2000, 2200), 0.240253, 1e-6);
  EXPECT_NEAR(fide_expected_score(2200, 2000), 0.759747, 1e-6);
}

TEST(FideElo, DifferencesBeyond400CountAs400) {
  EXPECT_NEAR(fide_expected_score(2400, 2000), 10.0 / 11.0, 1e-12);
  EXPECT_DOUBLE_EQ(fide_expected_score(2700, 2000), fide_expected_score(2400, 2000));
  EXPECT_DOUBLE_EQ(fide_expected_score(1500, 2400), 1.0 / 11.0);
}

TEST(FideKFactor, NewPlayersAndJuniorsBelow2300Get40) {
  EXPECT_EQ(fide_k_factor({1500, 0, false, false}), 40);
  EXPECT_EQ(fide_k_factor({2100, 29, false, false}), 40);
  EXPECT_EQ(fide_k_factor({2299, 100, true, false}), 40);
}

TEST(FideKFactor, TwentyBelow2400) {
  EXPECT_EQ(fide_k_factor({2100, 30, false, false}), 20);
  EXPECT_EQ(fide_k_factor({2300, 100, true, false}), 20);  // a junior at 2300 no longer gets 40
  EXPECT_EQ(fide_k_factor({2399, 100, false, false}), 20);
}

TEST(FideKFactor, TenOnceReached2400EvenAfterDropping) {
  EXPECT_EQ(fide_k_factor({2400, 100, false, true}), 10);
  EXPECT_EQ(fide_k_factor({2350, 100, false, true}), 10);
}

TEST(FideKFactor, SevenHundredRulePerPeriod) {
  EXPECT_EQ(fide_k_for_period(40, 17), 40);  // 680
  EXPECT_EQ(fide_k_for_period(40, 20), 35);  // 800 > 700: 700 / 20 = 35
  EXPECT_EQ(fide_k_for_period(20, 35), 20);  // exactly 700
  EXPECT_EQ(fide_k_for_period(20, 36), 19);  // 720 > 700: 700 / 36 = 19.4 -> 19
}

TEST(FideRatingChange, KTimesScoreMinusExpected) {
  // 2000 beats 2200 with K = 20: 20 · (1 - 0.240253) = 15.195.
  EXPECT_NEAR(fide_rating_change(2000, 20, {{2200, 1.0}}), 15.195, 1e-3);
  // And draws a 1800 (E = 0.759747): 20 · (0.5 - 0.759747) = -5.195; in total +10.0.
  EXPECT_NEAR(fide_rating_change(2000, 20, {{2200, 1.0}, {1800, 0.5}}), 10.0, 1e-3);
}

TEST(PerformanceRating, AverageOpponentPlusDifference) {
  // Opponents 2000, 2100, 2200 (average 2100), score 2/3:
  // dp = -400 log10(1.5 - 1) = 120.41.
  EXPECT_NEAR(performance_rating({{2000, 1}, {2100, 1}, {2200, 0}}), 2220.41, 1e-2);
  EXPECT_DOUBLE_EQ(performance_rating({{2000, 0.5}, {2200, 0.5}}), 2100);
  EXPECT_DOUBLE_EQ(performance_rating({{2000, 1}, {2200, 1}}), 2900);  // p = 1: +800
  EXPECT_DOUBLE_EQ(performance_rating({{2000, 0}}), 1200);             // p = 0: -800
}

TEST(LevelPoints, LevelsOfOneHundredPointsCountingDown) {
  EXPECT_EQ(level_of(0), 0);  // unranked
  EXPECT_EQ(level_of(-10), 0);
  EXPECT_EQ(level_of(99), 0);
  EXPECT_EQ(level_of(100), 30);
  EXPECT_EQ(level_of(199), 30);
  EXPECT_EQ(level_of(200), 29);
  EXPECT_EQ(level_of(2999), 2);
  EXPECT_EQ(level_of(3000), 1);
  EXPECT_EQ(level_of(9000), 1);
  EXPECT_EQ(level_start(30), 100);
  EXPECT_EQ(level_start(1), 3000);
}

TEST(LevelPoints, DrawBands) {
  EXPECT_EQ(draw_gain_of_lower(0), 0);
  EXPECT_EQ(draw_gain_of_lower(9), 0);     // within 10: nothing
  EXPECT_EQ(draw_gain_of_lower(10), 6);    // (10 + 1) / 2 = 5.5 -> 6
  EXPECT_EQ(draw_gain_of_lower(11), 6);    // 5.55
  EXPECT_EQ(draw_gain_of_lower(29), 6);    // 6.45
  EXPECT_EQ(draw_gain_of_lower(30), 7);    // 6.5 -> 7
  EXPECT_EQ(draw_gain_of_lower(99), 10);   // 9.95
  EXPECT_EQ(draw_gain_of_lower(100), 25);  // 100 / 4
  EXPECT_EQ(draw_gain_of_lower(101), 25);  // 25.25
  EXPECT_EQ(draw_gain_of_lower(102), 26);  // 25.5 -> 26
  EXPECT_EQ(draw_gain_of_lower(400), 100);
}

TEST(LevelPoints, LowerRatedWinBands) {
  EXPECT_EQ(lower_win_gain(0), 10);
  EXPECT_EQ(lower_win_gain(9), 10);
  EXPECT_EQ(lower_win_gain(10), 11);   // 10 + 1
  EXPECT_EQ(lower_win_gain(14), 11);   // 11.4
  EXPECT_EQ(lower_win_gain(15), 12);   // 11.5 -> 12
  EXPECT_EQ(lower_win_gain(99), 20);   // 19.9
  EXPECT_EQ(lower_win_gain(100), 50);  // 100 / 2
  EXPECT_EQ(lower_win_gain(101), 51);  // 50.5 -> 51
  EXPECT_EQ(lower_win_gain(300), 150);
}

TEST(LevelPoints, HigherRatedWinBands) {
  EXPECT_EQ(higher_win_gain(0), 10);
  EXPECT_EQ(higher_win_gain(9), 10);
  EXPECT_EQ(higher_win_gain(10), 9);  // 10 - 0.8 = 9.2
  EXPECT_EQ(higher_win_gain(50), 6);  // 10 - 4
  EXPECT_EQ(higher_win_gain(56), 6);  // 10 - 4.48 = 5.52
  EXPECT_EQ(higher_win_gain(57), 5);  // 10 - 4.56 = 5.44
  EXPECT_EQ(higher_win_gain(99), 2);  // 10 - 7.92 = 2.08
  EXPECT_EQ(higher_win_gain(100), 2);
  EXPECT_EQ(higher_win_gain(199), 2);
  EXPECT_EQ(higher_win_gain(200), 0);
  EXPECT_EQ(higher_win_gain(500), 0);
}

TEST(LevelPoints, LoserLosesExactlyWhatTheWinnerGains) {
  for (int a : {-20, 0, 5, 100, 150, 420, 3000})
    for (int b : {0, 9, 10, 99, 100, 250, 3100})
      for (Result r : {Result::Win, Result::Draw, Result::Loss}) {
        PointsChange c = level_points_change(a, b, r);
        EXPECT_EQ(c.first + c.second, 0);
      }
}

TEST(LevelPoints, WhoGainsInEachCase) {
  // 400 v 450 (d = 50): the lower (first) wins: +15; the higher wins: +6.
  EXPECT_EQ(level_points_change(400, 450, Result::Win).first, 15);
  EXPECT_EQ(level_points_change(400, 450, Result::Loss).second, 6);
  EXPECT_EQ(level_points_change(400, 450, Result::Loss).first, -6);
  // A draw moves points to the lower: (10 + 5) / 2 = 7.5 -> 8.
  EXPECT_EQ(level_points_change(450, 400, Result::Draw).second, 8);
  EXPECT_EQ(level_points_change(450, 400, Result::Draw).first, -8);
  // Within 10 points a draw changes nothing, a win is worth 10 either way.
  EXPECT_EQ(level_points_change(300, 305, Result::Draw).first, 0);
  EXPECT_EQ(level_points_change(305, 300, Result::Win).first, 10);
  EXPECT_EQ(level_points_change(300, 305, Result::Win).first, 10);
  // Far apart: the favourite gains nothing, the underdog half the difference.
  EXPECT_EQ(level_points_change(1000, 700, Result::Win).first, 0);
  EXPECT_EQ(level_points_change(1000, 700, Result::Loss).second, 150);
}

TEST(LevelPoints, BeatingTheSameOpponentStopsPaying) {
  // Two new players; the first wins every game. Gains shrink with the gap
  // (10, 8, 7, ...), fall to 2 at a gap of 100 and to 0 at 200: the winner
  // ends just above 100 points (level 30) and stays there.
  int a = 0, b = 0;
  for (int i = 0; i < 100; ++i) {
    PointsChange c = level_points_change(a, b, Result::Win);
    if (i == 0) {
      EXPECT_EQ(c.first, 10);
    }
    if (i == 1) {
      EXPECT_EQ(c.first, 8);  // d = 20: 10 - 1.6 = 8.4
    }
    a += c.first;
    b += c.second;
  }
  EXPECT_EQ(a + b, 0);  // points only move between players
  EXPECT_GE(a - b, 200);
  EXPECT_EQ(level_of(a), 30);
  EXPECT_EQ(level_of(b), 0);
  EXPECT_EQ(level_points_change(a, b, Result::Win).first, 0);
}

}  // namespace
}  // namespace qi::competition::rating
