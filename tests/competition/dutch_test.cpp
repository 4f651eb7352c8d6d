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

// The last round (XXR 10): 5 (7 points of 9, a topscorer) and 8 (4 points)
// both had black twice, so both must have white; C.3 forbids such a pair only
// between two players who are not topscorers. Every other pairing of the
// round leaves someone without a new opponent. Of the two, neither has the
// wider colour difference (-1 each), and going back they last differed in
// round 6, where 5 had black: 5 has white (E.3).
TEST(Dutch, ATopscorerMayMeetAPlayerWithTheSameAbsolutePreference) {
  const std::string text = R"(012 Last round
XXR 10
XXC black1
001    1      Player 1                          2449                             7.5    1     7 b 1     4 w 1     2 b 1     5 w =     3 b 1     6 w =     8 b 1    10 w =    11 w 1
001    2      Player 2                          2282                             4.5    2     8 w 1     3 b =     1 w 0     4 b 0    10 b =    11 w 1     5 b 0    12 w 1     7 w =
001    3      Player 3                          2156                             5.0    3     9 b 1     2 w =     5 b =     7 w =     1 w 0     8 b =    11 b 1     4 w 0    12 b 1
001    4      Player 4                          2144                             5.5    4    10 w 1     1 b 0     8 w =     2 w 1     5 b 0     9 b =     7 w =     3 b 1     6 w 1
001    5      Player 5                          2091                             7.0    5    11 b =    12 w 1     3 w =     1 b =     4 w 1     7 b 1     2 w 1     6 b 1     9 b =
001    6      Player 6                          1928                             4.0    6  0000 - H  0000 - Z  0000 - H     8 b 1     9 w =     1 b =    12 w 1     5 w 0     4 b 0
001    7      Player 7                          1884                             5.5    7     1 w 0    10 b 1     9 w 1     3 b =    11 w 1     5 w 0     4 b =     8 w 1     2 b =
001    8      Player 8                          1807                             4.0    8     2 b 0    11 w 1     4 b =     6 w 0    12 b 1     3 w =     1 w 0     7 b 0    10 b 1
001    9      Player 9                          1682                             4.5    9     3 w 0  0000 - U     7 b 0    12 w 1     6 b =     4 w =    10 b 0    11 b 1     5 w =
001   10      Player 10                         1420                             4.0   10     4 b 0     7 w 0  0000 - U    11 b 0     2 w =    12 b 1     9 w 1     1 b =     8 w 0
001   11      Player 11                         1350                             2.0   11     5 w =     8 b 0    12 b =    10 w 1     7 b 0     2 b 0     3 w 0     9 w 0     1 b 0
001   12      Player 12                         1083                             1.0   12  0000 - H     5 b 0    11 w =     9 b 0     8 w 0    10 w 0     6 b 0     2 b 0     3 w 0)";
  Expected<TrfTournament> t = read_trf(text);
  ASSERT_TRUE(t) << t.error().message;
  Expected<std::vector<SwissPairing>> pairs = pair_dutch(*t);
  ASSERT_TRUE(pairs) << pairs.error().message;
  int pairs_with_5 = 0;
  for (const SwissPairing& p : *pairs) {
    if (p.white == 5 || p.black == 5) {
      ++pairs_with_5;
      EXPECT_EQ(p.white, 5);
      EXPECT_EQ(p.black, 8);
    }
  }
  EXPECT_EQ(pairs_with_5, 1);
}

// Six draws in round 1 (1-4, 5-2, 3-6): everyone on ½, and 1, 3 and 5 want
// black, 2, 4 and 6 white. Every transposition of S2 = {4, 5, 6} against
// S1 = {1, 2, 3} either repeats a game or leaves two players without their
// colour, and C10 comes before the order of the players; the least exchange
// (C.04.3 D.2 of 2017: the smallest difference of pairing numbers, 3 for 4) makes
// S1 = {1, 2, 4}, S2 = {3, 5, 6}, whose transposition 1-6, 2-3, 4-5 gives
// every player its colour.
TEST(Dutch, AnExchangeBetweenS1AndS2WhenNoTranspositionGivesTheColours) {
  const std::string text = trf({{1, "0.5", {"   4 w ="}},
                                {2, "0.5", {"   5 b ="}},
                                {3, "0.5", {"   6 w ="}},
                                {4, "0.5", {"   1 b ="}},
                                {5, "0.5", {"   2 w ="}},
                                {6, "0.5", {"   3 b ="}}});
  EXPECT_EQ(pair(text), (Pairs{{6, 1}, {2, 3}, {4, 5}}));
}

// 1 and 2 (1½, they have met) both move down to the 1-point bracket of 3 and
// 6 (who have met): each MDP meets one resident. 1 (white twice) must have
// black and 3 (one white, a bye) wants black strongly, so 1-3 and 2-6 would
// leave two players without their colour (C10, C11), which outranks the
// order that would pair the first MDP with the first resident: 1-6 and 2-3.
// 4 and 5 (half-point byes, black before) pair, 4 first: white (E.4).
TEST(Dutch, ColoursDecideWhichResidentAnMdpMeets) {
  const std::string text = trf({{1, "1.5", {"   4 w 1", "   2 w ="}},
                                {2, "1.5", {"   5 w 1", "   1 b ="}},
                                {3, "1.0", {"0000 - U", "   6 w 0"}},
                                {4, "0.5", {"   1 b 0", "0000 - H"}},
                                {5, "0.5", {"   2 b 0", "0000 - H"}},
                                {6, "1.0", {"0000 - Z", "   3 b 1"}}});
  EXPECT_EQ(pair(text), (Pairs{{6, 1}, {2, 3}, {4, 5}}));
}

// Round 2: 1-2 in the winners' group (1 takes black: both want it, E.4), 3
// moves down and meets 4, the first resident it has not met. Of 5, 6 and 7
// one has the bye: 7 has played no game (absent in round 1), and C.04.3
// keeps the bye from the player with the most unplayed games before any
// colour or order criterion, so 5-7 and the bye to 6.
TEST(Dutch, TheByeAvoidsThePlayerWithTheMostUnplayedGames) {
  const std::string text = trf({{1, "1.0", {"   4 w 1"}},
                                {2, "1.0", {"   5 w 1"}},
                                {3, "1.0", {"   6 w 1"}},
                                {4, "0.0", {"   1 b 0"}},
                                {5, "0.0", {"   2 b 0"}},
                                {6, "0.0", {"   3 b 0"}},
                                {7, "0.0", {"0000 - Z"}}});
  EXPECT_EQ(pair(text), (Pairs{{2, 1}, {4, 3}, {5, 7}, {6, 0}}));
}

// E.5: 2 and 4 (half-point byes) have no colours; the higher-ranked, 2, has
// an even pairing number, so it has the colour the top board did not have
// in round 1, black (3rd in the order of scores, it would have had white).
// 1-3 (both had white) gives 1 black by E.4; 5-6 (both black) 5 white.
TEST(Dutch, PlayersWithoutColoursGoByTheHigherPairingNumber) {
  const std::string text = trf({{1, "1.0", {"   5 w 1"}},
                                {2, "0.5", {"0000 - H"}},
                                {3, "1.0", {"   6 w 1"}},
                                {4, "0.5", {"0000 - H"}},
                                {5, "0.0", {"   1 b 0"}},
                                {6, "0.0", {"   3 b 0"}}});
  EXPECT_EQ(pair(text), (Pairs{{3, 1}, {4, 2}, {5, 6}}));
}

// Eight players on 1 point after two draws each: 1, 3, 5 and 7 (white, then
// black) want white, the others black. 1 and 3 have met 6 and 8, 5 and 7
// have met 2 and 4, so every pairing that gives everyone their colour pairs
// {1, 3} with {2, 4} and {5, 7} with {6, 8}: two pairs inside S1 = {1, 2, 3,
// 4}, which no transposition and no exchange of one player makes. Of the
// exchanges of two (C.04.3 D.2 of 2017), 3 and 4 for 5 and 6 has the smallest
// difference of pairing numbers (4); S1 = {1, 2, 5, 6} then meets S2 = {3,
// 4, 7, 8} in its first transposition that gives the colours: 1-4, 2-3, 5-8,
// 6-7.
TEST(Dutch, AnExchangeOfTwoPlayersWhenNoneOfOneWillDo) {
  const std::string text = trf({{1, "1.0", {"   6 w =", "   8 b ="}},
                                {2, "1.0", {"   5 b =", "   7 w ="}},
                                {3, "1.0", {"   8 w =", "   6 b ="}},
                                {4, "1.0", {"   7 b =", "   5 w ="}},
                                {5, "1.0", {"   2 w =", "   4 b ="}},
                                {6, "1.0", {"   1 b =", "   3 w ="}},
                                {7, "1.0", {"   4 w =", "   2 b ="}},
                                {8, "1.0", {"   3 b =", "   1 w ="}}});
  EXPECT_EQ(pair(text), (Pairs{{1, 4}, {3, 2}, {5, 8}, {7, 6}}));
}

}  // namespace
}  // namespace qi::competition::swiss
