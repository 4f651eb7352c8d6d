// The one logistic Elo formula (rating/logistic.h) and the ratings built on
// it, on worked examples computed by hand.
#include <gtest/gtest.h>

#include <cmath>

#include "competition/rating/logistic.h"

namespace qi::competition::rating {
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

TEST(EloModel, InverseRoundTripsAndNeverPrintsMinusZero) {
  for (double d : {-700.0, -123.4, 0.0, 55.5, 800.0})
    EXPECT_NEAR(*elo_from_score(expected_score(d)), d, 1e-9);
  EXPECT_FALSE(std::signbit(*elo_from_score(0.5)));
  EXPECT_FALSE(elo_from_score(-0.1));
  EXPECT_FALSE(elo_from_score(1.5));
}

}  // namespace
}  // namespace qi::competition::rating
