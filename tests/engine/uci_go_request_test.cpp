// The "go" line of UCI and UCCI read into search limits, without a search.
#include <gtest/gtest.h>

#include "protocol/go_request.h"

namespace qi::protocol {
namespace {

std::vector<std::string> words(std::initializer_list<const char*> w) { return {w.begin(), w.end()}; }

TEST(GoRequest, UciClocksAreTheSideToMovesAndMilliseconds) {
  const auto go = words({"go", "wtime", "60000", "btime", "30000", "winc", "1000", "binc", "500"});
  const GoRequest white = parse_go(go, {Dialect::Uci, Side::First, true});
  EXPECT_EQ(white.limits.time_left, 60000);
  EXPECT_EQ(white.limits.increment, 1000);
  EXPECT_EQ(white.limits.opponent_time, 30000);
  const GoRequest black = parse_go(go, {Dialect::Uci, Side::Second, true});
  EXPECT_EQ(black.limits.time_left, 30000);
  EXPECT_EQ(black.limits.opponent_increment, 1000);
  EXPECT_FALSE(white.limits.infinite);
}

TEST(GoRequest, UciWithoutALimitSearchesUntilStop) {
  EXPECT_TRUE(parse_go(words({"go"}), {}).limits.infinite);
  EXPECT_TRUE(parse_go(words({"go", "infinite"}), {}).limits.infinite);
  EXPECT_TRUE(parse_go(words({"go", "ponder"}), {}).limits.ponder);
  const GoRequest moves = parse_go(words({"go", "depth", "3", "searchmoves", "e2e4", "d2d4"}), {});
  EXPECT_EQ(moves.limits.depth, 3);
  EXPECT_EQ(moves.search_moves, words({"e2e4", "d2d4"}));
  EXPECT_EQ(*parse_go(words({"go", "perft", "3"}), {}).perft, 3);
}

TEST(GoRequest, UnknownWordsAndBadNumbersAreToldNotGuessed) {
  const GoRequest go = parse_go(words({"go", "depth", "x", "time", "5", "frobnicate"}), {});
  EXPECT_EQ(go.limits.depth, 0);
  EXPECT_EQ(go.limits.time_left, -1);  // "time" is UCCI's word
  EXPECT_EQ(go.ignored, words({"depth", "x", "time", "5", "frobnicate"}));
}

// UCCI 3.0: time, increment, opptime and movetime are seconds unless the
// GUI set usemillisec true.
TEST(GoRequest, UcciTimesAreSecondsUnlessMilliseconds) {
  const auto go = words({"go", "time", "300", "increment", "2", "opptime", "290", "oppincrement", "2"});
  const GoRequest seconds = parse_go(go, {Dialect::Ucci, Side::First, false});
  EXPECT_EQ(seconds.limits.time_left, 300000);
  EXPECT_EQ(seconds.limits.increment, 2000);
  EXPECT_EQ(seconds.limits.opponent_time, 290000);
  EXPECT_EQ(seconds.limits.opponent_increment, 2000);
  EXPECT_TRUE(seconds.ignored.empty());
  const GoRequest millis = parse_go(go, {Dialect::Ucci, Side::First, true});
  EXPECT_EQ(millis.limits.time_left, 300);
  EXPECT_EQ(parse_go(words({"go", "time", "60", "movestogo", "20"}), {Dialect::Ucci, Side::Second, false})
                .limits.moves_to_go,
            20);
}

// UCCI's infinite search, and a go without a mode, end on their own (at a
// mate found, or the deepest depth), where UCI's wait for stop.
TEST(GoRequest, UcciInfiniteEndsOnItsOwn) {
  for (const auto& go : {words({"go"}), words({"go", "infinite"}), words({"go", "ponder", "infinite"})}) {
    const GoRequest r = parse_go(go, {Dialect::Ucci, Side::First, true});
    EXPECT_FALSE(r.limits.infinite);
    EXPECT_EQ(r.limits.depth, kDeepestGo);
  }
  const GoRequest draw = parse_go(words({"go", "draw", "depth", "0"}), {Dialect::Ucci, Side::First, true});
  EXPECT_TRUE(draw.draw_offered);
  EXPECT_TRUE(draw.static_only);
}

}  // namespace
}  // namespace qi::protocol
