#include <gtest/gtest.h>

#include "arena/time_control.h"

namespace qi::arena {
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
  EXPECT_EQ(tc.overruns_to_lose, 3);
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

TEST(GameClockAccounting, IncrementAddedAfterEachMove) {
  GameClock clock(parse("10+0.1"));
  EXPECT_EQ(clock.remaining_ms(Side::First), 10000);
  EXPECT_EQ(clock.charge(Side::First, 1000, 0), GameClock::Charge::Ok);
  EXPECT_EQ(clock.remaining_ms(Side::First), 9100);
  EXPECT_EQ(clock.remaining_ms(Side::Second), 10000);
}

TEST(GameClockAccounting, PeriodRefillsAfterItsMoves) {
  GameClock clock(parse("2/10"));
  EXPECT_EQ(clock.moves_to_go(Side::First), 2);
  EXPECT_EQ(clock.charge(Side::First, 4000, 0), GameClock::Charge::Ok);
  EXPECT_EQ(clock.moves_to_go(Side::First), 1);
  EXPECT_EQ(clock.charge(Side::First, 4000, 0), GameClock::Charge::Ok);
  EXPECT_EQ(clock.remaining_ms(Side::First), 12000);  // 2 s left plus a new period
  EXPECT_EQ(clock.moves_to_go(Side::First), 2);
}

TEST(GameClockAccounting, FlagFallsBeyondTheMargin) {
  GameClock clock(parse("1+0"));
  EXPECT_EQ(clock.charge(Side::Second, 1050, 100), GameClock::Charge::Ok);  // within the margin
  GameClock strict(parse("1+0"));
  EXPECT_EQ(strict.charge(Side::Second, 1101, 100), GameClock::Charge::Lost);
}

TEST(GameClockAccounting, ThirdPerMoveOverrunLoses) {
  GameClock clock(parse("permove=30/3"));
  EXPECT_EQ(clock.charge(Side::First, 29000, 0), GameClock::Charge::Ok);
  EXPECT_EQ(clock.charge(Side::First, 31000, 0), GameClock::Charge::Overrun);
  EXPECT_EQ(clock.charge(Side::Second, 31000, 0), GameClock::Charge::Overrun);  // counted per side
  EXPECT_EQ(clock.charge(Side::First, 31000, 0), GameClock::Charge::Overrun);
  EXPECT_EQ(clock.overruns(Side::First), 2);
  EXPECT_EQ(clock.charge(Side::First, 30001, 0), GameClock::Charge::Lost);
}

TEST(GameClockAccounting, MoveTimeOverrunLoses) {
  GameClock clock(parse("movetime=100"));
  EXPECT_EQ(clock.charge(Side::First, 150, 100), GameClock::Charge::Ok);
  EXPECT_EQ(clock.charge(Side::First, 201, 100), GameClock::Charge::Lost);
}

TEST(GameClockAccounting, DeadlineFollowsTheControl) {
  EXPECT_EQ(GameClock(parse("10+0")).deadline_ms(Side::First, 200, 60000), 10200);
  EXPECT_EQ(GameClock(parse("movetime=50")).deadline_ms(Side::First, 200, 60000), 250);
  EXPECT_EQ(GameClock(parse("depth=3")).deadline_ms(Side::First, 200, 60000), 60000);
  EXPECT_EQ(GameClock(parse("permove=30/3")).deadline_ms(Side::First, 200, 1000), 30200);
}

}  // namespace
}  // namespace qi::arena
