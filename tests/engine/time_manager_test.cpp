// Time management is checked as logic with a clock the test moves by hand:
// no test here measures real time.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/time_manager.h"

namespace qi::engine {
namespace {

using qi::FakeClock;

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

// The app's ceiling on one move (SearchLimits::max_time) binds whatever the
// clock or the fixed time say, and a search without a time limit too.
TEST(TimeManagement, ACeilingBindsWhateverTheClockOrMoveTimeSay) {
  SearchLimits day;
  day.time_left = 24LL * 60 * 60 * 1000;  // 72 minutes planned without the ceiling
  day.max_time = 10'000;
  EXPECT_EQ(plan_time(day, 10).maximum, 10'000);
  EXPECT_LE(plan_time(day, 10).optimum, 10'000);
  SearchLimits fixed;
  fixed.move_time = 60'000;
  fixed.max_time = 10'000;
  EXPECT_EQ(plan_time(fixed, 10).maximum, 10'000);
  SearchLimits deep;
  deep.depth = 60;
  deep.max_time = 10'000;
  EXPECT_EQ(plan_time(deep, 10).maximum, 10'000);
  // Below it, nothing changes.
  SearchLimits blitz;
  blitz.time_left = 60'000;
  const TimeBudget free = plan_time(blitz, 10);
  blitz.max_time = 10'000;
  EXPECT_EQ(plan_time(blitz, 10).optimum, free.optimum);
  // A clock that moves past the ceiling stops the search there.
  FakeClock clock;
  TimeManager tm(clock);
  tm.start(day, 10);
  clock.advance(9'999);
  EXPECT_FALSE(tm.out_of_time());
  clock.advance(1);
  EXPECT_TRUE(tm.out_of_time());
}

TEST(TimeManagement, MoveTimeIsUsedLessOverhead) {
  SearchLimits l;
  l.move_time = 500;
  TimeBudget b = plan_time(l, 30);
  EXPECT_EQ(b.maximum, 470);
  EXPECT_EQ(b.optimum, 470);
}

// UCI's movetime is a search of exactly that long: no iteration is refused
// for starting late, however stable the best move, and the search stops
// only at the time less the overhead.
TEST(TimeManagement, FixedMoveTimeStartsIterationsToItsEnd) {
  FakeClock clock;
  TimeManager tm(clock);
  SearchLimits l;
  l.move_time = 1000;
  tm.start(l, 10);
  clock.advance(980);
  for (double stability : {0.6, 1.0, 2.0})
    EXPECT_FALSE(tm.should_not_start_iteration(stability)) << stability;
  EXPECT_FALSE(tm.out_of_time());
  clock.advance(10);
  EXPECT_TRUE(tm.out_of_time());
  // A clock still plans: late iterations are refused there.
  SearchLimits timed;
  timed.time_left = 60000;
  tm.start(timed, 10);
  clock.advance(tm.budget().optimum);
  EXPECT_TRUE(tm.should_not_start_iteration(1.0));
}

// The same through the engine: with a clock that moves 100 ms each time an
// iteration is reported, a search of movetime 1000 goes on reporting until
// its time is spent (it used to stop starting iterations at 40-80 % of it).
TEST(TimeManagement, MoveTimeSearchIsNotCutAtAnIterationStart) {
  FakeClock clock;
  Engine engine(&clock);
  ASSERT_TRUE(engine.set_game("chess"));
  SearchLimits l;
  l.move_time = 1000;
  std::int64_t last_report = -1;
  SearchCallbacks callbacks;
  callbacks.on_info = [&](const SearchInfo& info) {
    last_report = info.time_ms;
    clock.advance(100);
  };
  const SearchResult r = engine.think(l, callbacks);
  EXPECT_FALSE(r.best.empty());
  EXPECT_GE(last_report, 900 - engine.options().move_overhead) << "iterations stopped early";
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
  clock.advance(tm.budget().maximum - 1);
  EXPECT_FALSE(tm.out_of_time());
  clock.advance(1);
  EXPECT_TRUE(tm.out_of_time());
}

TEST(TimeManagement, PonderhitRestartsTheClock) {
  FakeClock clock;
  TimeManager tm(clock);
  SearchLimits l;
  l.move_time = 100;
  l.ponder = true;
  tm.start(l, 0);
  clock.advance(5000);  // pondering for a long time
  tm.restart();
  EXPECT_FALSE(tm.out_of_time());
  clock.advance(100);
  EXPECT_TRUE(tm.out_of_time());
}

TEST(TimeManagement, MoreMovesToGoMeansLessTimeForThisOne) {
  SearchLimits a, b;
  a.time_left = b.time_left = 60000;
  a.moves_to_go = 5;
  b.moves_to_go = 30;
  EXPECT_GT(plan_time(a, 0).optimum, plan_time(b, 0).optimum);
}

TEST(TimeManagement, KeepsADeschedulingAllowanceAtShortClocks) {
  // 1+0.01: with the default 10 ms overhead, 30 ms stay in hand besides the
  // reserve, however large the increment makes the budget.
  for (std::int64_t left : {200, 500, 1000, 3000})
    for (std::int64_t inc : {0, 10, 100}) {
      SearchLimits l;
      l.time_left = left;
      l.increment = inc;
      ASSERT_LE(plan_time(l, 10).maximum, left - kDescheduleAllowanceMs) << left << ' ' << inc;
    }
}

TEST(TimeManagement, AllowanceShrinksOnANearlyEmptyClockButNeverBelowTheOverhead) {
  EXPECT_EQ(deschedule_allowance(1000, 10), kDescheduleAllowanceMs);
  EXPECT_LT(deschedule_allowance(50, 5), kDescheduleAllowanceMs);
  EXPECT_GE(deschedule_allowance(50, 5), 5);
  EXPECT_EQ(deschedule_allowance(20, 10), 10);
  EXPECT_EQ(deschedule_allowance(1000, 80), 80);
}

TEST(TimeManagement, NeverPlansMoreThanAFractionOfTheClock) {
  for (std::int64_t left : {16, 40, 80, 200, 1000, 10000})
    for (std::int64_t inc : {0, 10, 100, 1000}) {
      SearchLimits l;
      l.time_left = left;
      l.increment = inc;
      ASSERT_LE(plan_time(l, 0).maximum, left / kMaxShareOfClock) << left << ' ' << inc;
    }
}

TEST(TimeManagement, ChecksTheClockMoreOftenOnAShortBudget) {
  FakeClock clock;
  TimeManager tm(clock);
  SearchLimits fast;
  fast.time_left = 300;
  fast.increment = 10;
  tm.start(fast, 10);
  const std::uint64_t short_interval = tm.check_interval();
  SearchLimits slow;
  slow.time_left = 60000;
  tm.start(slow, 10);
  EXPECT_LT(short_interval, tm.check_interval());
  SearchLimits untimed;
  untimed.depth = 6;
  tm.start(untimed, 10);
  EXPECT_EQ(tm.check_interval(), 256u);
}

// A whole game on a fake clock where every move spends its full maximum plus
// `unseen` ms the search cannot see (thread start, the link), and the moves
// `stalled` says are descheduled for `stall` ms more. Returns the lowest the
// clock fell (after the move, before the increment).
template <class Stalled>
std::int64_t lowest_clock(std::int64_t base, std::int64_t inc, std::int64_t overhead, std::int64_t unseen,
                          std::int64_t stall, Stalled stalled) {
  std::int64_t clock = base, lowest = base;
  for (int move = 1; move <= 400; ++move) {
    SearchLimits l;
    l.time_left = clock;
    l.increment = inc;
    clock -= plan_time(l, overhead).maximum + unseen + (stalled(move) ? stall : 0);
    lowest = std::min(lowest, clock);
    clock += inc;
  }
  return lowest;
}

TEST(TimeManagement, SurvivesRepeatedDeschedulingAtOneSecondPlusTenMs) {
  for (std::int64_t overhead : {0, 10, 30})
    EXPECT_GE(lowest_clock(1000, 10, overhead, 2, 50, [](int move) { return move % 10 == 0; }), 0)
        << overhead;
}

TEST(TimeManagement, SettledClockSurvivesALongStall) {
  // After a hundred moves at 1+0.01 the clock has settled at its floor; a
  // single stall of 150 ms must not empty it, nor one of 400 ms at 10+0.1.
  EXPECT_GE(lowest_clock(1000, 10, 10, 5, 150, [](int move) { return move == 100; }), 0);
  EXPECT_GE(lowest_clock(10000, 100, 10, 5, 400, [](int move) { return move == 150; }), 0);
}

TEST(TimeManagement, ClockWithIncrementSettlesAboveTheFloor) {
  // Moves that cost 8 ms more than planned, with a 10 ms increment: the
  // clock still never drops below ten increments.
  EXPECT_GE(lowest_clock(1000, 10, 10, 8, 0, [](int) { return false; }), 100);
}

// A game at 10+0.1 where each move uses what the search would on average
// (the share of its optimum after which no iteration starts): by move 80 the
// clock has come down to a couple of seconds, never below the floor. (The
// plan before kept 4-5 s unused: a tenth of the clock as its floor, and only
// three quarters of each increment spent.)
TEST(TimeManagement, AGameAtTenPlusATenthSpendsItsClock) {
  std::int64_t clock = 10000;
  for (int move = 1; move <= 80; ++move) {
    SearchLimits l;
    l.time_left = clock;
    l.increment = 100;
    clock -= static_cast<std::int64_t>(plan_time(l, 10).optimum * kIterationStartShare);
    ASSERT_GE(clock, kMaxIncrementFloorMs) << "move " << move;
    clock += 100;
  }
  EXPECT_LE(clock, 2500);
}

}  // namespace
}  // namespace qi::engine
