// Time management is checked as logic with a clock the test moves by hand:
// no test here measures real time.
#include <gtest/gtest.h>

#include "engine/time_manager.h"

namespace qi::engine {
namespace {

class FakeClock final : public Clock {
 public:
  std::int64_t now_ms() const override { return now; }
  std::int64_t now = 1000;
};

TEST(TimeManagement, NeverPlansBeyondTheClockLessOverhead) {
  for (std::int64_t left : {1, 5, 20, 50, 100, 300, 1000, 5000, 60000, 600000})
    for (std::int64_t inc : {0, 10, 100, 2000})
      for (int mtg : {0, 1, 2, 10, 40})
        for (std::int64_t overhead : {0, 30, 100}) {
          SearchLimits l;
          l.time_left = left;
          l.increment = inc;
          l.moves_to_go = mtg;
          TimeBudget b = plan_time(l, overhead);
          ASSERT_GE(b.optimum, 1);
          ASSERT_LE(b.optimum, b.maximum);
          // What is spent leaves the overhead on the clock (or 1 ms when
          // nothing is left to spend).
          ASSERT_LE(b.maximum, std::max<std::int64_t>(1, left - overhead))
              << left << ' ' << inc << ' ' << mtg;
        }
}

TEST(TimeManagement, MoveTimeIsUsedLessOverhead) {
  SearchLimits l;
  l.move_time = 500;
  TimeBudget b = plan_time(l, 30);
  EXPECT_EQ(b.maximum, 470);
  EXPECT_EQ(b.optimum, 470);
}

TEST(TimeManagement, InfiniteDepthAndNodesHaveNoTimeLimit) {
  SearchLimits l;
  l.infinite = true;
  l.time_left = 1000;
  EXPECT_EQ(plan_time(l, 0).maximum, -1);
  SearchLimits d;
  d.depth = 5;
  EXPECT_EQ(plan_time(d, 0).maximum, -1);
}

TEST(TimeManagement, StopsAtTheMaximumByTheClock) {
  FakeClock clock;
  TimeManager tm(clock);
  SearchLimits l;
  l.time_left = 10000;
  l.increment = 100;
  tm.start(l, 50);
  EXPECT_FALSE(tm.out_of_time());
  clock.now += tm.budget().maximum - 1;
  EXPECT_FALSE(tm.out_of_time());
  clock.now += 1;
  EXPECT_TRUE(tm.out_of_time());
}

TEST(TimeManagement, PonderhitRestartsTheClock) {
  FakeClock clock;
  TimeManager tm(clock);
  SearchLimits l;
  l.move_time = 100;
  l.ponder = true;
  tm.start(l, 0);
  clock.now += 5000;  // pondering for a long time
  tm.restart();
  EXPECT_FALSE(tm.out_of_time());
  clock.now += 100;
  EXPECT_TRUE(tm.out_of_time());
}

TEST(TimeManagement, MoreMovesToGoMeansLessTimeForThisOne) {
  SearchLimits a, b;
  a.time_left = b.time_left = 60000;
  a.moves_to_go = 5;
  b.moves_to_go = 30;
  EXPECT_GT(plan_time(a, 0).optimum, plan_time(b, 0).optimum);
}

}  // namespace
}  // namespace qi::engine
