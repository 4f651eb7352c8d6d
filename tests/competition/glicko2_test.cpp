// Glicko-2 against the worked example of Glickman's "Example of the Glicko-2
// system": a player rated 1500 (RD 200, σ 0.06, τ 0.5) beats a 1400 (RD 30)
// and loses to a 1550 (RD 100) and a 1700 (RD 300); the paper's result is
// r' = 1464.06, RD' = 151.52, σ' = 0.05999.
#include <gtest/gtest.h>

#include <cmath>

#include "competition/rating/glicko2.h"

namespace qi::competition::rating {
namespace {

TEST(Glicko2, GlickmansExample) {
  const Glicko2Rating after =
      glicko2_update({1500, 200, 0.06}, {{1400, 30, 1.0}, {1550, 100, 0.0}, {1700, 300, 0.0}}, 0.5);
  EXPECT_NEAR(after.rating, 1464.06, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, APeriodWithoutGamesOnlyWidensTheDeviation) {
  // φ' = √(φ² + σ²) on the Glicko-2 scale: RD 200 is φ = 1.151293, so
  // φ' = √(1.325475 + 0.0036) = 1.152855, RD' = 200.2714.
  const Glicko2Rating after = glicko2_update({1500, 200, 0.06}, {});
  EXPECT_DOUBLE_EQ(after.rating, 1500);
  EXPECT_NEAR(after.deviation, 200.2714, 1e-3);
  EXPECT_DOUBLE_EQ(after.volatility, 0.06);
}

TEST(Glicko2, WinningRaisesLosingLowers) {
  const Glicko2Rating start{1700, 80, 0.06};
  EXPECT_GT(glicko2_update(start, {{1700, 80, 1.0}}).rating, 1700);
  EXPECT_LT(glicko2_update(start, {{1700, 80, 0.0}}).rating, 1700);
  EXPECT_NEAR(glicko2_update(start, {{1700, 80, 0.5}}).rating, 1700, 1e-9);
  EXPECT_LT(glicko2_update(start, {{1700, 80, 0.5}}).deviation, 80);
}

}  // namespace
}  // namespace qi::competition::rating
