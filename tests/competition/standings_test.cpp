#include <gtest/gtest.h>

#include <set>

#include "competition/format.h"
#include "competition/knockout.h"
#include "competition/round_robin.h"
#include "competition/scoring.h"
#include "competition/standings.h"

namespace qi::competition {
namespace {

PlayedGame win(int winner, int loser) {
  return {winner, loser, Outcome::win(Side::First, Termination::Resignation)};
}
PlayedGame draw(int a, int b) { return {a, b, Outcome::draw(Termination::Agreement)}; }

const Standing& of(const std::vector<Standing>& table, int player) {
  for (const Standing& s : table)
    if (s.player == player) return s;
  return table.front();
}

TEST(Scoring, FideWinDrawLoss) {
  EXPECT_EQ(points(Scoring::Fide, 1.0), 1.0);
  EXPECT_EQ(points(Scoring::Fide, 0.5), 0.5);
  EXPECT_EQ(points(Scoring::Fide, 0.0), 0.0);
}

TEST(Scoring, GroupThreeOneZero) {
  EXPECT_EQ(points(Scoring::Group, 1.0), 3.0);
  EXPECT_EQ(points(Scoring::Group, 0.5), 1.0);
  EXPECT_EQ(points(Scoring::Group, 0.0), 0.0);
}

TEST(Scoring, TwoOneZero) {
  EXPECT_EQ(points(Scoring::TwoOneZero, 1.0), 2.0);
  EXPECT_EQ(points(Scoring::TwoOneZero, 0.5), 1.0);
  EXPECT_EQ(points(Scoring::TwoOneZero, 0.0), 0.0);
  EXPECT_EQ(points_text(5, Scoring::TwoOneZero), "5");
  EXPECT_EQ(scoring_name(Scoring::TwoOneZero), "2-1-0");
}

TEST(Scoring, GameScoreFollowsTheWinnerSide) {
  PlayedGame second_wins{4, 7, Outcome::win(Side::Second, Termination::Resignation)};
  EXPECT_EQ(game_score(second_wins, 7), 1.0);
  EXPECT_EQ(game_score(second_wins, 4), 0.0);
  EXPECT_EQ(game_score(draw(4, 7), 4), 0.5);
}

TEST(TieBreaks, PointsFirst) {
  // 0 beats 1 and 2; 1 beats 2.
  auto t = standings(3, {win(0, 1), win(0, 2), win(1, 2)}, Scoring::Fide);
  EXPECT_EQ(t[0].player, 0);
  EXPECT_EQ(t[1].player, 1);
  EXPECT_EQ(t[2].player, 2);
  EXPECT_EQ(t[2].rank, 3);
}

TEST(TieBreaks, HeadToHeadDecidesEqualPoints) {
  // Under 3/1/0: player 1 beats 2; player 2 makes up the points elsewhere.
  // 0: W vs 3 (3), L vs 1... build: 1 and 2 both on 6 points, 1 won their game.
  std::vector<PlayedGame> games = {win(1, 2), win(2, 0), win(2, 3), win(1, 3), win(0, 1), win(0, 3)};
  // Points: 0: 6 (beat 1, 3), 1: 6 (beat 2, 3), 2: 6 (beat 0, 3), 3: 0.
  auto t = standings(4, games, Scoring::Group);
  EXPECT_EQ(of(t, 0).points, 6);
  EXPECT_EQ(of(t, 1).points, 6);
  EXPECT_EQ(of(t, 2).points, 6);
  // Among 0, 1, 2 each won once: head to head is circular (3 each) and so are
  // net wins (+1 each): they share first place.
  EXPECT_EQ(of(t, 0).head_to_head, 3);
  EXPECT_EQ(of(t, 0).rank, 1);
  EXPECT_EQ(of(t, 1).rank, 1);
  EXPECT_EQ(of(t, 2).rank, 1);
  EXPECT_EQ(of(t, 3).rank, 4);
}

TEST(TieBreaks, HeadToHeadBetweenTwo) {
  // 3/1/0: 0 beats 1 and 3 and loses to 2; 1 beats 2 and 3; 2 and 3 draw.
  // 0 and 1 have 6 points each and the same net wins (+1); 0 won their game.
  std::vector<PlayedGame> games = {win(0, 1), win(2, 0), win(1, 2), win(1, 3), win(0, 3), draw(2, 3)};
  auto t = standings(4, games, Scoring::Group);
  ASSERT_EQ(of(t, 0).points, 6);
  ASSERT_EQ(of(t, 1).points, 6);
  EXPECT_EQ(of(t, 0).net_wins, of(t, 1).net_wins);
  EXPECT_EQ(of(t, 0).head_to_head, 3);
  EXPECT_EQ(of(t, 1).head_to_head, 0);
  EXPECT_EQ(of(t, 0).rank, 1);
  EXPECT_EQ(of(t, 1).rank, 2);
}

TEST(TieBreaks, NetWinsWhenHeadToHeadIsLevel) {
  // 0 and 1 drew each other and both have 2 points under 1/½/0... make it
  // 3/1/0: 0: D(1) W(2) L(3) W(4) D... keep it plain:
  // 0: draw 1, win 2, win 3, loss 4, loss 5 -> 3+3+1 = 7, W2 L2 (net 0)
  // 1: draw 0, win 2, draw 3, draw 4, draw 5 -> 3+1+1+1+1 = 7, W1 L0 (net +1)
  std::vector<PlayedGame> games = {draw(0, 1), win(0, 2),  win(0, 3),  win(4, 0), win(5, 0),
                                   win(1, 2),  draw(1, 3), draw(1, 4), draw(1, 5)};
  auto t = standings(6, games, Scoring::Group);
  ASSERT_EQ(of(t, 0).points, 7);
  ASSERT_EQ(of(t, 1).points, 7);
  EXPECT_EQ(of(t, 0).head_to_head, of(t, 1).head_to_head);
  EXPECT_EQ(of(t, 1).net_wins, 1);
  EXPECT_EQ(of(t, 0).net_wins, 0);
  EXPECT_LT(of(t, 1).rank, of(t, 0).rank);
}

TEST(TieBreaks, ScoringSystemCanChangeTheOrder) {
  // 0: two wins and two losses (FIDE 2, group 6); 1: four draws (FIDE 2, group 4).
  std::vector<PlayedGame> games = {win(0, 2),  win(0, 3),  win(4, 0),  win(5, 0),
                                   draw(1, 2), draw(1, 3), draw(1, 4), draw(1, 5)};
  auto fide = standings(6, games, Scoring::Fide);
  auto group = standings(6, games, Scoring::Group);
  EXPECT_EQ(of(fide, 0).points, of(fide, 1).points);
  EXPECT_GT(of(group, 0).points, of(group, 1).points);
  EXPECT_LT(of(group, 0).rank, of(group, 1).rank);
}

TEST(PointsText, HalvesAndWholes) {
  EXPECT_EQ(points_text(0.5, Scoring::Fide), "½");
  EXPECT_EQ(points_text(2.5, Scoring::Fide), "2½");
  EXPECT_EQ(points_text(3, Scoring::Fide), "3");
  EXPECT_EQ(points_text(0, Scoring::Fide), "0");
  EXPECT_EQ(points_text(7, Scoring::Group), "7");
}

TEST(RoundRobinSchedule, EveryPairMeetsOnce) {
  for (int n = 2; n <= 9; ++n) {
    auto rounds = round_robin_rounds(n);
    EXPECT_EQ(static_cast<int>(rounds.size()), n % 2 ? n : n - 1);
    std::set<std::pair<int, int>> met;
    std::vector<int> firsts(n, 0);
    for (const auto& round : rounds) {
      std::set<int> busy;
      for (auto [a, b] : round) {
        EXPECT_TRUE(busy.insert(a).second && busy.insert(b).second) << "a player twice in one round";
        EXPECT_TRUE(met.insert({std::min(a, b), std::max(a, b)}).second);
        ++firsts[a];
      }
    }
    EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2);
    // Each player moves first in half its games, or one more or fewer.
    for (int p = 0; p < n; ++p) EXPECT_LE(std::abs(2 * firsts[p] - (n - 1)), 1) << n << " " << p;
  }
}

TEST(KnockoutBracket, TopSeedsMeetLast) {
  EXPECT_EQ(bracket_order(2), (std::vector<int>{0, 1}));
  EXPECT_EQ(bracket_order(4), (std::vector<int>{0, 3, 1, 2}));
  EXPECT_EQ(bracket_order(8), (std::vector<int>{0, 7, 3, 4, 1, 6, 2, 5}));
}

TEST(TournamentOptionsParsing, FormatsAndScorings) {
  EXPECT_EQ(*parse_format("round-robin"), Format::RoundRobin);
  EXPECT_EQ(*parse_format("double-round-robin"), Format::DoubleRoundRobin);
  EXPECT_EQ(*parse_format("knockout"), Format::Knockout);
  EXPECT_EQ(*parse_format("best-of-three"), Format::BestOfThree);
  EXPECT_FALSE(parse_format("swiss"));
  EXPECT_EQ(*parse_scoring("3-1-0"), Scoring::Group);
  EXPECT_EQ(*parse_scoring("1-0.5-0"), Scoring::Fide);
  EXPECT_EQ(*parse_scoring("2-1-0"), Scoring::TwoOneZero);
  EXPECT_FALSE(parse_scoring("4-2-0"));
  EXPECT_EQ(*parse_scoring("fide"), Scoring::Fide);
  EXPECT_EQ(*parse_scoring("group"), Scoring::Group);
}

}  // namespace
}  // namespace qi::competition
