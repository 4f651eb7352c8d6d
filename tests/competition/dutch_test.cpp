// The Dutch system (FIDE C.04.3) on small tournaments whose pairings follow
// from the rules by hand.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "competition/swiss/dutch.h"
#include "competition/swiss/trf.h"

namespace qi::competition::swiss {
namespace {

struct Line {
  int id;
  std::string points;
  std::vector<std::string> rounds;
};

std::string trf(const std::vector<Line>& players, const std::string& first_colour = "white1") {
  std::string text = "012 Test\nXXR 5\nXXC " + first_colour + "\n";
  for (const Line& p : players) {
    char head[128];
    std::snprintf(head, sizeof head, "001 %4d      %-33s %4d %27s%4s %4d  ", p.id,
                  ("Player " + std::to_string(p.id)).c_str(), 2500 - 10 * p.id, "", p.points.c_str(), p.id);
    std::string line = head;
    for (const std::string& r : p.rounds) line += r + "  ";
    text += line + "\n";
  }
  return text;
}

std::vector<std::pair<int, int>> pair(const std::string& text) {
  Expected<TrfTournament> t = read_trf(text);
  EXPECT_TRUE(t) << t.error().message;
  if (!t) return {};
  Expected<std::vector<SwissPairing>> pairs = pair_dutch(*t);
  EXPECT_TRUE(pairs) << pairs.error().message;
  if (!pairs) return {};
  std::vector<std::pair<int, int>> out;
  for (const SwissPairing& p : *pairs) out.emplace_back(p.white, p.black);
  return out;
}

using Pairs = std::vector<std::pair<int, int>>;

// Round 1: the top half meets the bottom half in order (1-5, 2-6, 3-7,
// 4-8), and the colours alternate from the top board's initial colour.
TEST(Dutch, FirstRoundTopHalfAgainstBottomHalf) {
  std::vector<Line> eight;
  for (int id = 1; id <= 8; ++id) eight.push_back({id, "0.0", {}});
  EXPECT_EQ(pair(trf(eight)), (Pairs{{1, 5}, {6, 2}, {3, 7}, {8, 4}}));
  EXPECT_EQ(pair(trf(eight, "black1")), (Pairs{{5, 1}, {2, 6}, {7, 3}, {4, 8}}));
}

// Seven players: the lowest-ranked has the bye, the others pair 1-4, 2-5, 3-6.
TEST(Dutch, FirstRoundByeToTheLowestRanked) {
  std::vector<Line> seven;
  for (int id = 1; id <= 7; ++id) seven.push_back({id, "0.0", {}});
  EXPECT_EQ(pair(trf(seven)), (Pairs{{1, 4}, {5, 2}, {3, 6}, {7, 0}}));
}

// After round 1 (1 beat 3, 2 and 4 drew, 5 had the bye) 5 may not have
// another bye (C.04.1); the bye goes to the lowest score that leaves the
// others pairable: 3 with no points; 2 and 4 have met, so 1 and 5 float
// down to them (2 takes white: 1 had white, 2 black).
TEST(Dutch, ByeToTheLowestEligibleScore) {
  const std::string text = trf({{1, "1.0", {"   3 w 1"}},
                                {2, "0.5", {"   4 b ="}},
                                {3, "0.0", {"   1 b 0"}},
                                {4, "0.5", {"   2 w ="}},
                                {5, "1.0", {"0000 - U"}}});
  EXPECT_EQ(pair(text), (Pairs{{2, 1}, {5, 4}, {3, 0}}));
}

// Three winners: 1 and 2 meet (2 had black, so white), 3 floats down to
// the top of the losers, 4, whose white also alternates both their colours;
// 6 and 5 are left.
TEST(Dutch, TheLowestOfAnOddGroupFloatsDown) {
  const std::string text = trf({{1, "1.0", {"   4 w 1"}},
                                {2, "1.0", {"   5 b 1"}},
                                {3, "1.0", {"   6 w 1"}},
                                {4, "0.0", {"   1 b 0"}},
                                {5, "0.0", {"   2 w 0"}},
                                {6, "0.0", {"   3 b 0"}}});
  EXPECT_EQ(pair(text), (Pairs{{2, 1}, {4, 3}, {6, 5}}));
}

// Two players who have met cannot be paired again.
TEST(Dutch, ARoundThatCannotBePairedIsAnError) {
  Expected<TrfTournament> t = read_trf(trf({{1, "1.0", {"   2 w 1"}}, {2, "0.0", {"   1 b 0"}}}));
  ASSERT_TRUE(t) << t.error().message;
  Expected<std::vector<SwissPairing>> pairs = pair_dutch(*t);
  ASSERT_FALSE(pairs);
  EXPECT_NE(pairs.error().message.find("cannot be paired"), std::string::npos) << pairs.error().message;
}

// A player whose line already holds the round to pair (a bye asked for) sits out.
TEST(Dutch, APlayerWithARequestedByeSitsOut) {
  const std::string text = trf({{1, "1.0", {"   3 w 1", "0000 - H"}},
                                {2, "1.0", {"   4 b 1"}},
                                {3, "0.0", {"   1 b 0"}},
                                {4, "0.0", {"   2 w 0"}}});
  // 2 has met 4, so 2 meets 3 and 4 has the bye; both had black, so E.3
  // finds no round where their colours differed and E.4 gives the
  // higher-ranked 2 its preference, white.
  EXPECT_EQ(pair(text), (Pairs{{2, 3}, {4, 0}}));
}

}  // namespace
}  // namespace qi::competition::swiss
