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
  ASSERT_EQ(go.problems.size(), 4u);
  EXPECT_EQ(go.problems[0].word, "depth");
  EXPECT_EQ(go.problems[0].value, "x");
  EXPECT_EQ(go.problems[1].word, "time");
  EXPECT_EQ(go.problems[2].word, "5");
  EXPECT_EQ(go.problems[3].word, "frobnicate");
}

// Every number a go takes is a whole decimal number within its word's
// range, in both dialects: nothing clamped, nothing guessed, and each
// problem names the word, the text and why.
TEST(GoRequest, EveryNumberIsAWholeDecimalNumberInItsRange) {
  struct Case {
    Dialect dialect;
    std::vector<std::string> go;
    std::string word;
    std::optional<std::string> value;
    std::string why_starts;
  };
  const std::vector<Case> cases = {
      {Dialect::Uci, words({"go", "movetime", "1e9"}), "movetime", "1e9", "not a whole decimal number"},
      {Dialect::Uci, words({"go", "depth"}), "depth", std::nullopt, "no number follows"},
      {Dialect::Uci, words({"go", "nodes", "abc"}), "nodes", "abc", "not a whole decimal number"},
      {Dialect::Uci, words({"go", "mate", "-3"}), "mate", "-3", "out of range"},
      {Dialect::Uci, words({"go", "depth", "0"}), "depth", "0", "out of range"},
      {Dialect::Uci, words({"go", "wtime", "-100", "btime", "5000"}), "wtime", "-100", "out of range"},
      {Dialect::Uci, words({"go", "nodes", "99999999999999999999"}), "nodes", "99999999999999999999",
       "out of range"},
      {Dialect::Uci, words({"go", "depth", "+5"}), "depth", "+5", "not a whole decimal number"},
      {Dialect::Uci, words({"go", "perft", "9"}), "perft", "9", "out of range"},
      {Dialect::Ucci, words({"go", "depth", "0"}), "depth", "0", "out of range"},
      {Dialect::Ucci, words({"go", "depth"}), "depth", std::nullopt, "no number follows"},
      {Dialect::Ucci, words({"go", "nodes", "abc"}), "nodes", "abc", "not a whole decimal number"},
      {Dialect::Ucci, words({"go", "time", "1.5"}), "time", "1.5", "not a whole decimal number"},
      {Dialect::Ucci, words({"go", "movetime", "1e9"}), "movetime", "1e9", "not a whole decimal number"},
  };
  for (const Case& c : cases) {
    const GoRequest r = parse_go(c.go, {c.dialect, Side::First, true});
    ASSERT_EQ(r.problems.size(), 1u) << c.go[1] << ' ' << (c.go.size() > 2 ? c.go[2] : "");
    EXPECT_EQ(r.problems[0].word, c.word);
    EXPECT_EQ(r.problems[0].value, c.value);
    EXPECT_EQ(r.problems[0].why.rfind(c.why_starts, 0), 0u) << r.problems[0].why;
    EXPECT_NE(r.problems[0].why.find(" to "), std::string::npos)
        << "the range is told: " << r.problems[0].why;
    EXPECT_FALSE(r.perft);
  }
  // A number missing leaves the next word of go to be read as itself.
  const GoRequest next = parse_go(words({"go", "depth", "movetime", "100"}), {});
  EXPECT_EQ(next.limits.move_time, 100);
  EXPECT_FALSE(next.limits.infinite);
}

// The GUI that sent go waits for bestmove: a go with problems that leave it
// no end searches a bounded number of nodes; one whose other words still
// bound it searches as they say; one that asked for infinite (or ponder)
// itself still waits for stop (or ponderhit), as the GUI expects.
TEST(GoRequest, AMalformedGoIsBoundedSoThatItAnswers) {
  for (Dialect d : {Dialect::Uci, Dialect::Ucci})
    for (const auto& go :
         {words({"go", "movetime", "1e9"}), words({"go", "depth"}), words({"go", "nodes", "abc"}),
          words({"go", "mate", "-3"}), words({"go", "depth", "0"}), words({"go", "frobnicate"}),
          words({"go", "perft", "9"})}) {
      const GoRequest r = parse_go(go, {d, Side::First, true});
      EXPECT_TRUE(r.bounded_instead) << go[1];
      EXPECT_FALSE(r.limits.infinite) << go[1];
      EXPECT_EQ(r.limits.nodes, kMalformedGoNodes) << go[1];
      EXPECT_NE(r.limits.depth, kDeepestGo) << go[1];
    }
  const GoRequest still_timed = parse_go(words({"go", "movetime", "100", "depth", "x"}), {});
  EXPECT_FALSE(still_timed.bounded_instead);
  EXPECT_EQ(still_timed.limits.move_time, 100);
  EXPECT_EQ(still_timed.limits.nodes, 0u);
  const GoRequest asked_infinite = parse_go(words({"go", "infinite", "depth", "x"}), {});
  EXPECT_TRUE(asked_infinite.limits.infinite);
  EXPECT_FALSE(asked_infinite.bounded_instead);
  const GoRequest pondering = parse_go(words({"go", "ponder", "wtime", "x"}), {});
  EXPECT_TRUE(pondering.limits.ponder);  // waits for ponderhit, then answers within the bound
  EXPECT_EQ(pondering.limits.nodes, kMalformedGoNodes);
  // A plain go is no problem: UCI searches until stop, as it always has.
  EXPECT_FALSE(parse_go(words({"go"}), {}).bounded_instead);
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
  EXPECT_TRUE(seconds.problems.empty());
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
  const GoRequest draw = parse_go(words({"go", "draw", "depth", "3"}), {Dialect::Ucci, Side::First, true});
  EXPECT_TRUE(draw.draw_offered);
  EXPECT_EQ(draw.limits.depth, 3);
}

}  // namespace
}  // namespace qi::protocol
