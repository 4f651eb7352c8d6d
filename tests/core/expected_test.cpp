#include "core/expected.h"

#include <gtest/gtest.h>

namespace qi {

TEST(Expected, HoldsValueOrError) {
  Expected<int> good = 7;
  Expected<int> bad = make_error("no");
  ASSERT_TRUE(good);
  EXPECT_EQ(*good, 7);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "no");
}

}  // namespace qi
