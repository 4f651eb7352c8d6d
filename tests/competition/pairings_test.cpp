// Pairings and brackets: a double round robin's colours, the byes and the
// deciders of a knockout.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "competition/knockout.h"
#include "competition/round_robin.h"
#include "games.h"

namespace qi::competition {
namespace {

using test::drawn;
using test::first_wins;
using test::second_wins;

TEST(RoundRobinPairings, ADoubleRoundRobinGivesEachPairOneGameWithEachColour) {
  for (int n = 2; n <= 7; ++n) {
    const std::vector<Pairing> pairings = round_robin_pairings(n, 2);
    ASSERT_EQ(static_cast<int>(pairings.size()), n * (n - 1));
    std::map<std::pair<int, int>, int> games;  // (first, second) -> count
    for (const Pairing& p : pairings) ++games[{p.first, p.second}];
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (a != b) {
          EXPECT_EQ((games[{a, b}]), 1) << n << ": " << a << " v " << b;
        }
    // Rounds count on through the second cycle.
    const int rounds = n % 2 ? n : n - 1;
    EXPECT_EQ(pairings.front().round, 1);
    EXPECT_EQ(pairings.back().round, 2 * rounds);
  }
}

// FIDE's numbers (1-based) of round_robin_rounds: one round, board by board.
std::vector<std::pair<int, int>> fide_round(int players, int round) {
  std::vector<std::pair<int, int>> out;
  const auto rounds = round_robin_rounds(players);
  for (auto [first, second] : rounds[round - 1]) out.emplace_back(first + 1, second + 1);
  return out;
}

using Boards = std::vector<std::pair<int, int>>;

TEST(BergerTables, PublishedRows) {
  // FIDE Handbook C.05, Annex 1 (white first):
  //   3/4 players  Rd 1: 1-4 2-3        Rd 2: 4-3 1-2        Rd 3: 2-4 3-1
  //   5/6 players  Rd 1: 1-6 2-5 3-4    Rd 2: 6-4 5-3 1-2    Rd 3: 2-6 3-1 4-5
  //                Rd 4: 6-5 1-4 2-3    Rd 5: 3-6 4-2 5-1
  //   7/8 players  Rd 1: 1-8 2-7 3-6 4-5   Rd 2: 8-5 6-4 7-3 1-2
  //                Rd 6: 8-7 1-6 2-5 3-4   Rd 7: 4-8 5-3 6-2 7-1
  //   9/10         Rd 2: 10-6 7-5 8-4 9-3 1-2   Rd 9: 5-10 6-4 7-3 8-2 9-1
  EXPECT_EQ(fide_round(4, 1), (Boards{{1, 4}, {2, 3}}));
  EXPECT_EQ(fide_round(4, 2), (Boards{{4, 3}, {1, 2}}));
  EXPECT_EQ(fide_round(4, 3), (Boards{{2, 4}, {3, 1}}));
  EXPECT_EQ(fide_round(6, 1), (Boards{{1, 6}, {2, 5}, {3, 4}}));
  EXPECT_EQ(fide_round(6, 2), (Boards{{6, 4}, {5, 3}, {1, 2}}));
  EXPECT_EQ(fide_round(6, 3), (Boards{{2, 6}, {3, 1}, {4, 5}}));
  EXPECT_EQ(fide_round(6, 4), (Boards{{6, 5}, {1, 4}, {2, 3}}));
  EXPECT_EQ(fide_round(6, 5), (Boards{{3, 6}, {4, 2}, {5, 1}}));
  EXPECT_EQ(fide_round(8, 1), (Boards{{1, 8}, {2, 7}, {3, 6}, {4, 5}}));
  EXPECT_EQ(fide_round(8, 2), (Boards{{8, 5}, {6, 4}, {7, 3}, {1, 2}}));
  EXPECT_EQ(fide_round(8, 6), (Boards{{8, 7}, {1, 6}, {2, 5}, {3, 4}}));
  EXPECT_EQ(fide_round(8, 7), (Boards{{4, 8}, {5, 3}, {6, 2}, {7, 1}}));
  EXPECT_EQ(fide_round(10, 2), (Boards{{10, 6}, {7, 5}, {8, 4}, {9, 3}, {1, 2}}));
  EXPECT_EQ(fide_round(10, 9), (Boards{{5, 10}, {6, 4}, {7, 3}, {8, 2}, {9, 1}}));
  // An odd number plays the next even table; who meets the highest number
  // has a bye: with 5 players, 1 in round 1, 4 in round 2, 5 in round 4.
  EXPECT_EQ(fide_round(5, 1), (Boards{{2, 5}, {3, 4}}));
  EXPECT_EQ(fide_round(5, 2), (Boards{{5, 3}, {1, 2}}));
  EXPECT_EQ(fide_round(5, 4), (Boards{{1, 4}, {2, 3}}));
}

TEST(BergerTables, AgreeWithTheRoundToRoundConstructionFrom3To16Players) {
  // A second way to the same tables: list players 1..N-1 in the previous
  // round's board order, the one moving first before the other; the last
  // of the list meets N on board 1 (N moves first in even rounds), and the
  // rest pair off from the end of the list, the second-to-last moving first.
  for (int players = 3; players <= 16; ++players) {
    const int n = players + players % 2;
    std::vector<Boards> rounds{{}};
    for (int b = 1; b <= n / 2; ++b) rounds[0].emplace_back(b, n + 1 - b);
    for (int r = 2; r < n; ++r) {
      std::vector<int> list;
      for (auto [first, second] : rounds.back()) {
        if (first != n) list.push_back(first);
        if (second != n) list.push_back(second);
      }
      Boards next;
      const int last = list.back();
      list.pop_back();
      next.push_back(r % 2 == 0 ? std::pair{n, last} : std::pair{last, n});
      while (!list.empty()) {
        const int second = list.back();
        list.pop_back();
        const int first = list.back();
        list.pop_back();
        next.emplace_back(first, second);
      }
      rounds.push_back(next);
    }
    ASSERT_EQ(static_cast<int>(round_robin_rounds(players).size()), n - 1) << players;
    for (int r = 1; r < n; ++r) {
      Boards expected;
      for (auto [first, second] : rounds[r - 1])
        if (first <= players && second <= players) expected.emplace_back(first, second);
      EXPECT_EQ(fide_round(players, r), expected) << players << " players, round " << r;
    }
  }
}

TEST(KnockoutBracket, ByesGoToTheTopSeeds) {
  // Five players in a bracket of eight: seeds 0, 1 and 2 meet the missing
  // seeds 7, 6 and 5, that is, byes.
  const std::vector<int> slots = first_round_slots(5);
  EXPECT_EQ(slots, (std::vector<int>{0, -1, 3, 4, 1, -1, 2, -1}));
  const std::vector<KnockoutMatch> round = pair_round(slots, 1);
  ASSERT_EQ(round.size(), 4u);
  EXPECT_EQ(round[0].decided_by, "bye");
  EXPECT_EQ(round[0].winner, 0);
  EXPECT_EQ(round[1].a, 3);
  EXPECT_EQ(round[1].b, 4);
  EXPECT_TRUE(round[1].decided_by.empty());
}

TEST(KnockoutBracket, TheBetterSeedStartsAndColoursAlternate) {
  const KnockoutMatch m = pair_round({5, 2}, 1).front();
  EXPECT_EQ(m.a, 2);
  EXPECT_EQ(alternating_colours(m, 0).first, 2);
  EXPECT_EQ(alternating_colours(m, 1).first, 5);
  EXPECT_EQ(alternating_colours(m, 2).first, 2);
}

TEST(KnockoutMatchScore, BestOfThreeStopsOnceTheLeaderCannotBeCaught) {
  KnockoutMatch m = pair_round({0, 1}, 1).front();
  add_regular_game(m, first_wins(0, 1));
  EXPECT_TRUE(match_open(m, 1, 3));
  add_regular_game(m, first_wins(0, 1));  // 2-0: the third game cannot change it
  EXPECT_FALSE(match_open(m, 2, 3));
  EXPECT_TRUE(decide_by_games(m));
  EXPECT_EQ(m.winner, 0);

  KnockoutMatch level = pair_round({0, 1}, 1).front();
  add_regular_game(level, first_wins(0, 1));
  add_regular_game(level, first_wins(1, 0));
  EXPECT_TRUE(match_open(level, 2, 3));
  EXPECT_FALSE(match_open(level, 2, 2));  // a two-game match ends here, level
  EXPECT_FALSE(decide_by_games(level));
}

TEST(Armageddon, ADrawLosesForTheFirstMover) {
  EXPECT_EQ(armageddon_winner(drawn(3, 7)), 7);
  EXPECT_EQ(armageddon_winner(first_wins(3, 7)), 3);
  EXPECT_EQ(armageddon_winner({3, 7, Outcome::win(Side::Second, Termination::Resignation)}), 7);
}

TEST(KnockoutBracket, WinnersGoThroughInBracketOrder) {
  std::vector<KnockoutMatch> round = pair_round({0, 3, 1, 2}, 1);
  round[0].winner = 3;
  round[1].winner = 1;
  EXPECT_EQ(winners(round), (std::vector<int>{3, 1}));
}

}  // namespace
}  // namespace qi::competition
