// Pairings and brackets: a double round robin's colours, the byes and the
// deciders of a knockout.
#include <gtest/gtest.h>

#include <map>
#include <utility>

#include "competition/knockout.h"
#include "competition/round_robin.h"

namespace qi::competition {
namespace {

PlayedGame won_by_first(int first, int second) {
  return {first, second, Outcome::win(Side::First, Termination::Resignation)};
}
PlayedGame drawn(int first, int second) { return {first, second, Outcome::draw(Termination::Agreement)}; }

TEST(RoundRobinPairings, ADoubleRoundRobinGivesEachPairOneGameWithEachColour) {
  for (int n = 2; n <= 7; ++n) {
    const std::vector<Pairing> pairings = round_robin_pairings(n, 2);
    ASSERT_EQ(static_cast<int>(pairings.size()), n * (n - 1));
    std::map<std::pair<int, int>, int> games;  // (first, second) -> count
    for (const Pairing& p : pairings) ++games[{p.first, p.second}];
    for (int a = 0; a < n; ++a)
      for (int b = 0; b < n; ++b)
        if (a != b) EXPECT_EQ((games[{a, b}]), 1) << n << ": " << a << " v " << b;
    // Rounds count on through the second cycle.
    const int rounds = n % 2 ? n : n - 1;
    EXPECT_EQ(pairings.front().round, 1);
    EXPECT_EQ(pairings.back().round, 2 * rounds);
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
  add_regular_game(m, won_by_first(0, 1));
  EXPECT_TRUE(match_open(m, 1, 3));
  add_regular_game(m, won_by_first(0, 1));  // 2-0: the third game cannot change it
  EXPECT_FALSE(match_open(m, 2, 3));
  EXPECT_TRUE(decide_by_games(m));
  EXPECT_EQ(m.winner, 0);

  KnockoutMatch level = pair_round({0, 1}, 1).front();
  add_regular_game(level, won_by_first(0, 1));
  add_regular_game(level, won_by_first(1, 0));
  EXPECT_TRUE(match_open(level, 2, 3));
  EXPECT_FALSE(match_open(level, 2, 2));  // a two-game match ends here, level
  EXPECT_FALSE(decide_by_games(level));
}

TEST(Armageddon, ADrawLosesForTheFirstMover) {
  EXPECT_EQ(armageddon_winner(drawn(3, 7)), 7);
  EXPECT_EQ(armageddon_winner(won_by_first(3, 7)), 3);
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
