// File 004's event: groups played as double round robins scored 3 / 1 / 0,
// the top two of each crossing over into two-game matches with an
// armageddon decider; by hand, from the groups' results to the final places.
#include <gtest/gtest.h>

#include <map>

#include "competition/crossover.h"
#include "competition/groups.h"
#include "competition/match_format.h"
#include "games.h"

namespace qi::competition {
namespace {

using test::drawn;
using test::first_wins;
using test::second_wins;

using Groups = std::vector<std::vector<int>>;

TEST(Groups, SerpentineSeeding) {
  EXPECT_EQ(serpentine_groups(6, 2), (Groups{{0, 3, 4}, {1, 2, 5}}));
  EXPECT_EQ(serpentine_groups(9, 3), (Groups{{0, 5, 6}, {1, 4, 7}, {2, 3, 8}}));
  // Seeds 1-4 left to right, 5-7 back from the right: A gets a seed fewer.
  EXPECT_EQ(serpentine_groups(7, 4), (Groups{{0}, {1, 6}, {2, 5}, {3, 4}}));
}

TEST(Groups, NamesAndPairings) {
  EXPECT_EQ(group_name(0), "A");
  EXPECT_EQ(group_name(25), "Z");
  EXPECT_EQ(group_name(26), "AA");
  // A group of 3 players 0, 3, 4 twice over: 6 games, each pair once with
  // each colour, in the players' own numbers.
  const std::vector<Pairing> games = group_pairings({0, 3, 4}, 2);
  ASSERT_EQ(games.size(), 6u);
  std::map<std::pair<int, int>, int> count;
  for (const Pairing& p : games) ++count[{p.first, p.second}];
  for (auto [a, b] : {std::pair{0, 3}, {3, 0}, {0, 4}, {4, 0}, {3, 4}, {4, 3}}) {
    EXPECT_EQ((count[{a, b}]), 1) << a << " v " << b;
  }
}

TEST(Groups, AQualifyingPlaceLeftLevelIsRefused) {
  // Three players all on 5 points in a circle of results, net games 0 each
  // ("胜负关系循环" and no net games to break it).
  const std::vector<PlayedGame> games{first_wins(1, 2), drawn(2, 1),      first_wins(5, 1),
                                      drawn(1, 5),      first_wins(2, 5), drawn(5, 2)};
  const std::vector<Standing> table = group_standings({1, 2, 5}, games, file_004_group_rules());
  for (const Standing& s : table) EXPECT_EQ(s.points, 5);
  const Expected<std::vector<int>> top_two = group_qualifiers(table, 2, "B");
  ASSERT_FALSE(top_two);
  EXPECT_NE(top_two.error().message.find("group B"), std::string::npos);
}

TEST(MultiStage, TwoGroupsFromResultsToTheFinalPlaces) {
  const Groups groups = serpentine_groups(6, 2);  // A: 0 3 4, B: 1 2 5
  const RankingRules rules = file_004_group_rules();
  // Group A, two games a pairing, 3 / 1 / 0:
  //   0-3 win, draw   (0: 4, 3: 1)    0-4 two losses (4: 6)
  //   3-4 two wins    (3: 6)          totals 3: 7, 4: 6, 0: 4
  const std::vector<PlayedGame> group_a{first_wins(0, 3), drawn(3, 0),      second_wins(0, 4),
                                        first_wins(4, 0), first_wins(3, 4), second_wins(4, 3)};
  // Group B:
  //   1-5 win, draw   (1: 4, 5: 1)    1-2 two losses (2: 6)
  //   5-2 win, loss   (5: 3, 2: 3)    totals 2: 9, 1: 4, 5: 4
  // 1 and 5 are level on 4 and on net games (-1 each): the direct
  // encounter (4 to 1) puts 1 second.
  const std::vector<PlayedGame> group_b{first_wins(1, 5), drawn(5, 1),      second_wins(1, 2),
                                        first_wins(2, 1), first_wins(5, 2), first_wins(2, 5)};
  const std::vector<Standing> table_a = group_standings(groups[0], group_a, rules);
  const std::vector<Standing> table_b = group_standings(groups[1], group_b, rules);
  EXPECT_EQ(table_a[0].points, 7);
  EXPECT_EQ(table_b[1].points, table_b[2].points);
  EXPECT_EQ(table_b[1].net_wins, table_b[2].net_wins);
  const Expected<std::vector<int>> a = group_qualifiers(table_a, 2, "A");
  const Expected<std::vector<int>> b = group_qualifiers(table_b, 2, "B");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, (std::vector<int>{3, 4}));
  EXPECT_EQ(*b, (std::vector<int>{2, 1}));

  // The crossover: 1A-2B and 1B-2A.
  Expected<std::vector<KnockoutMatch>> crossover = crossover_round({{3, 4}, {2, 1}});
  ASSERT_TRUE(crossover);
  std::vector<KnockoutMatch> semis = *crossover;
  ASSERT_EQ(semis.size(), 2u);
  EXPECT_EQ(std::pair(semis[0].a, semis[0].b), std::pair(3, 1));
  EXPECT_EQ(std::pair(semis[1].a, semis[1].b), std::pair(2, 4));
  const MatchFormat format = two_games_then_armageddon();
  auto play = [&](KnockoutMatch& m, const std::vector<PlayedGame>& games) {
    const Expected<MatchProgress> p = match_progress(format, m.a, m.b, games);
    ASSERT_TRUE(p);
    record_progress(m, *p);
  };
  // 3-1: a game each, then an armageddon game drawn with 3 moving first: 1
  // goes through ("和棋先手算负").
  play(semis[0], {first_wins(3, 1), first_wins(1, 3), drawn(3, 1)});
  EXPECT_EQ(semis[0].winner, 1);
  EXPECT_EQ(semis[0].decided_by, "armageddon");
  // 2-4: 1½-½.
  play(semis[1], {first_wins(2, 4), drawn(4, 2)});
  EXPECT_EQ(semis[1].winner, 2);

  std::vector<KnockoutMatch> final_round = pair_round(winners(semis), 2);
  ASSERT_EQ(final_round.size(), 1u);
  play(final_round[0], {first_wins(1, 2), second_wins(2, 1)});
  KnockoutMatch third = third_place_match(semis, 2);
  EXPECT_EQ(std::pair(third.a, third.b), std::pair(3, 4));
  play(third, {drawn(3, 4), drawn(4, 3), drawn(4, 3)});  // armageddon drawn, 4 first
  EXPECT_EQ(third.winner, 3);

  std::map<int, int> place;
  for (const Placing& p : multi_stage_placings({semis, final_round}, &third, {table_a, table_b}, 2))
    place[p.player] = p.place;
  EXPECT_EQ(place, (std::map<int, int>{{1, 1}, {2, 2}, {3, 3}, {4, 4}, {0, 5}, {5, 5}}));

  // Without a third-place match the semi-finals' losers share third.
  place.clear();
  for (const Placing& p : multi_stage_placings({semis, final_round}, nullptr, {table_a, table_b}, 2))
    place[p.player] = p.place;
  EXPECT_EQ(place[3], 3);
  EXPECT_EQ(place[4], 3);
}

TEST(MultiStage, FourGroupsKeepAGroupsPairApartUntilTheFinal) {
  Expected<std::vector<KnockoutMatch>> round = crossover_round({{0, 10}, {1, 11}, {2, 12}, {3, 13}});
  ASSERT_TRUE(round);
  std::vector<std::pair<int, int>> pairs;
  for (const KnockoutMatch& m : *round) pairs.emplace_back(m.a, m.b);
  // 1A-2B, 1C-2D in the top half; 1B-2A, 1D-2C in the bottom half.
  EXPECT_EQ(pairs, (std::vector<std::pair<int, int>>{{0, 11}, {2, 13}, {1, 10}, {3, 12}}));
  EXPECT_FALSE(crossover_round({{0, 10}, {1, 11}, {2, 12}}));
}

}  // namespace
}  // namespace qi::competition
