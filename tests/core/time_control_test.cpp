#include <gtest/gtest.h>

#include "core/time_control.h"

namespace qi {
namespace {

TimeControl parse(const char* text) {
  Expected<TimeControl> tc = parse_time_control(text);
  EXPECT_TRUE(tc) << text << ": " << (tc ? "" : tc.error().message);
  return tc ? *tc : TimeControl{};
}

TEST(TimeControlParsing, MovesPerPeriod) {
  TimeControl tc = parse("40/60");
  EXPECT_EQ(tc.kind, TimeControl::Kind::Clock);
  EXPECT_EQ(tc.moves_per_period, 40);
  EXPECT_EQ(tc.base_ms, 60000);
  EXPECT_EQ(tc.increment_ms, 0);
  EXPECT_EQ(tc.text(), "40/60");
}

TEST(TimeControlParsing, BasePlusIncrement) {
  TimeControl tc = parse("10+0.1");
  EXPECT_EQ(tc.kind, TimeControl::Kind::Clock);
  EXPECT_EQ(tc.moves_per_period, 0);
  EXPECT_EQ(tc.base_ms, 10000);
  EXPECT_EQ(tc.increment_ms, 100);
  EXPECT_EQ(tc.text(), "10+0.1");
  EXPECT_EQ(tc.pgn_tag(), "10+0.1");
}

TEST(TimeControlParsing, MinutesSecondsAndPeriodWithIncrement) {
  TimeControl tc = parse("40/1:30+0.25");
  EXPECT_EQ(tc.moves_per_period, 40);
  EXPECT_EQ(tc.base_ms, 90000);
  EXPECT_EQ(tc.increment_ms, 250);
  EXPECT_EQ(tc.text(), "40/90+0.25");
}

TEST(TimeControlParsing, FixedLimits) {
  EXPECT_EQ(parse("movetime=100").base_ms, 100);
  EXPECT_EQ(parse("movetime=100").kind, TimeControl::Kind::MoveTime);
  EXPECT_EQ(parse("depth=8").depth, 8);
  EXPECT_EQ(parse("nodes=100000").nodes, 100000);
  EXPECT_EQ(parse("depth=8").pgn_tag(), "-");
  EXPECT_EQ(parse("movetime=100").pgn_tag(), "*0.1");
}

TEST(TimeControlParsing, XiangqiPerMoveLimit) {
  TimeControl tc = parse("permove=30/3");
  EXPECT_EQ(tc.kind, TimeControl::Kind::PerMove);
  EXPECT_EQ(tc.base_ms, 30000);
  EXPECT_EQ(tc.max_overruns, 3);
  EXPECT_EQ(tc.text(), "permove=30/3");
}

TEST(TimeControlParsing, RejectsMalformedWithReason) {
  for (const char* bad :
       {"",        "40/",     "/60",         "abc",         "10+",     "10+x",   "1.",         ".",
        "0",       "40/0",    "movetime=0",  "movetime=-5", "depth=x", "nodes=", "permove=30", "permove=30/0",
        "speed=3", "10.1234", "99999999999", "40/60+1+2",   "1:",      ":30"}) {
    Expected<TimeControl> tc = parse_time_control(bad);
    EXPECT_FALSE(tc) << "'" << bad << "' was accepted";
    if (!tc) {
      EXPECT_NE(tc.error().message.find("time control"), std::string::npos) << tc.error().message;
    }
  }
}

// The arena's clock is the referee's (core/time_control.h): each side's
// time runs from start() or the opponent's press() to its own press().
TEST(GameClockAccounting, IncrementAddedAfterEachMove) {
  GameClock clock(parse("10+0.1"));
  clock.start(Side::First, 0);
  EXPECT_EQ(clock.remaining_ms(Side::First, 0), 10000);
  clock.press(1000);
  EXPECT_FALSE(clock.flagged(1000));
  EXPECT_EQ(clock.remaining_ms(Side::First, 1000), 9100);
  EXPECT_EQ(clock.remaining_ms(Side::Second, 1000), 10000);
}

TEST(GameClockAccounting, PeriodRefillsAfterItsMoves) {
  GameClock clock(parse("2/10"));
  EXPECT_EQ(clock.moves_to_go(Side::First), 2);
  clock.start(Side::First, 0);
  clock.press(4000);  // White's first move
  EXPECT_EQ(clock.moves_to_go(Side::First), 1);
  clock.press(4000);  // Black at once
  clock.press(8000);  // White's second move ends the period
  EXPECT_FALSE(clock.flagged(8000));
  EXPECT_EQ(clock.remaining_ms(Side::First, 8000), 12000);  // 2 s left plus a new period
  EXPECT_EQ(clock.moves_to_go(Side::First), 2);
}

TEST(GameClockAccounting, FlagFallsBeyondTheMargin) {
  GameClock clock(parse("1+0"), 100);
  clock.start(Side::Second, 0);
  EXPECT_FALSE(clock.flagged(1050));  // within the margin
  clock.press(1050);
  EXPECT_FALSE(clock.flagged(1050));
  GameClock strict(parse("1+0"), 100);
  strict.start(Side::Second, 0);
  EXPECT_EQ(strict.flagged(1101), Side::Second);
}

TEST(GameClockAccounting, ThirdPerMoveOverrunLoses) {
  GameClock clock(parse("permove=30/3"));
  clock.start(Side::First, 0);
  std::int64_t now = 0;
  auto move = [&](std::int64_t spent) {
    now += spent;
    clock.press(now);
  };
  move(29000);  // Red within the limit
  EXPECT_EQ(clock.overruns(Side::First, now), 0);
  move(31000);  // Black overruns: counted per side
  EXPECT_EQ(clock.overruns(Side::Second, now), 1);
  EXPECT_EQ(clock.overruns(Side::First, now), 0);
  move(31000);  // Red's first overrun
  move(1000);
  move(31000);  // Red's second
  move(1000);
  EXPECT_EQ(clock.overruns(Side::First, now), 2);
  EXPECT_FALSE(clock.flagged(now));
  EXPECT_FALSE(clock.flagged(now + 29999));
  EXPECT_EQ(clock.flagged(now + 30001), Side::First);  // the third overrun loses
}

TEST(GameClockAccounting, MoveTimeOverrunLoses) {
  GameClock clock(parse("movetime=100"), 100);
  clock.start(Side::First, 0);
  clock.press(150);  // within the margin
  EXPECT_FALSE(clock.flagged(150));
  clock.press(160);
  EXPECT_FALSE(clock.flagged(160 + 200));
  EXPECT_EQ(clock.flagged(160 + 201), Side::First);
}

TEST(GameClockAccounting, DeadlineFollowsTheControl) {
  auto deadline = [](const char* tc, std::int64_t margin) {
    GameClock clock(parse(tc), margin);
    clock.start(Side::First, 0);
    return clock.time_to_flag(Side::First, 0);
  };
  EXPECT_EQ(deadline("10+0", 200), 10200);
  EXPECT_EQ(deadline("movetime=50", 200), 250);
  EXPECT_EQ(deadline("depth=3", 200), -1);  // no clock: the arena waits as for a hung engine
  EXPECT_EQ(deadline("permove=30/3", 200), 30200);
}

}  // namespace
}  // namespace qi
