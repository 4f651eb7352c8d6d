// The clock of one game (core/time_control.h), for the app, the arena and
// `qi play` alike: times are given by hand, in milliseconds.
#include <gtest/gtest.h>

#include "core/time_control.h"

namespace qi {
namespace {

TEST(GameClock, SuddenDeathChargesOnlyTheSideToMove) {
  GameClock clock(TimeControl::sudden_death(60'000));
  clock.start(Side::First, 0);
  EXPECT_EQ(clock.remaining_ms(Side::First, 10'000), 50'000);
  EXPECT_EQ(clock.remaining_ms(Side::Second, 10'000), 60'000);
  clock.press(10'000);
  EXPECT_EQ(clock.remaining_ms(Side::First, 25'000), 50'000);
  EXPECT_EQ(clock.remaining_ms(Side::Second, 25'000), 45'000);
}

TEST(GameClock, FlagFallsWhenTimeRunsOut) {
  GameClock clock(TimeControl::sudden_death(5'000));
  clock.start(Side::First, 0);
  EXPECT_FALSE(clock.flagged(4'999));
  EXPECT_EQ(clock.flagged(5'000), Side::First);
}

TEST(GameClock, IncrementIsAddedAfterEachMove) {
  GameClock clock(TimeControl::increment(60'000, 2'000));
  clock.start(Side::First, 0);
  clock.press(10'000);
  EXPECT_EQ(clock.remaining_ms(Side::First, 10'000), 52'000);
}

// 2 moves in 10 seconds: after each side's second move its clock gets
// another 10 seconds on top of what is left; a side that uses up a period
// before its moves are made loses.
TEST(GameClock, PeriodRefillsTheClock) {
  GameClock clock(TimeControl{.kind = TimeControl::Kind::Clock, .moves_per_period = 2, .base_ms = 10'000});
  clock.start(Side::First, 0);
  EXPECT_EQ(clock.moves_to_go(Side::First), 2);
  clock.press(3'000);  // White: 7 s left
  clock.press(4'000);  // Black: 9 s left
  EXPECT_EQ(clock.moves_to_go(Side::First), 1);
  EXPECT_EQ(clock.remaining_ms(Side::First, 4'000), 7'000);
  clock.press(8'000);  // White's second move: 3 s left, plus a new period
  EXPECT_EQ(clock.remaining_ms(Side::First, 8'000), 13'000);
  EXPECT_EQ(clock.moves_to_go(Side::First), 2);
  EXPECT_EQ(clock.remaining_ms(Side::Second, 8'000), 9'000);
  EXPECT_EQ(clock.moves_to_go(Side::Second), 1);
  // Black takes too long over its second move: no refill for a fallen flag.
  EXPECT_FALSE(clock.flagged(16'999));
  EXPECT_EQ(clock.flagged(17'000), Side::Second);
}

TEST(GameClock, PerMoveCountsOverrunsAndLosesAtTheThird) {
  GameClock clock(TimeControl::per_move(30'000, 3));
  clock.start(Side::First, 0);
  clock.press(31'000);  // first overrun
  EXPECT_EQ(clock.overruns(Side::First, 31'000), 1);
  clock.press(32'000);  // Black moves quickly
  clock.press(62'100);  // second overrun
  clock.press(63'000);
  EXPECT_EQ(clock.overruns(Side::First, 63'000), 2);
  EXPECT_FALSE(clock.flagged(63'000 + 29'999));
  EXPECT_EQ(clock.flagged(63'000 + 30'000), Side::First);
}

TEST(GameClock, PerMoveShowsTheTimeLeftForThisMove) {
  GameClock clock(TimeControl::per_move(30'000, 3));
  clock.start(Side::Second, 0);
  EXPECT_EQ(clock.remaining_ms(Side::Second, 12'000), 18'000);
  EXPECT_EQ(clock.remaining_ms(Side::First, 12'000), 30'000);
}

TEST(GameClock, RestoreDoesNotChargeTheTimeBetweenSaveAndRestore) {
  GameClock clock(TimeControl::sudden_death(60'000));
  clock.start(Side::First, 0);
  GameClock::Saved saved = clock.save(20'000);
  GameClock again(TimeControl::sudden_death(60'000));
  again.restore(saved, 1'000'000);
  EXPECT_EQ(again.remaining_ms(Side::First, 1'000'000), 40'000);
  EXPECT_EQ(again.running(), Side::First);
}

TEST(TimeControlValidation, RefusesNonPositiveBase) {
  EXPECT_FALSE(validate(TimeControl::sudden_death(0)));
  EXPECT_FALSE(validate(TimeControl::per_move(0)));
  EXPECT_TRUE(validate(TimeControl::increment(1000, 0)));
}

}  // namespace
}  // namespace qi
