// Team events: colours by board, board points and match points, standings.
#include <gtest/gtest.h>

#include "competition/team_match.h"

namespace qi::competition {
namespace {

TEST(TeamMatch, TheFirstNamedTeamMovesFirstOnOddBoards) {
  const std::vector<BoardGame> games = team_match_games({10, 11, 12, 13}, {20, 21, 22, 23});
  ASSERT_EQ(games.size(), 4u);
  EXPECT_EQ(games[0].first, 10);  // board 1
  EXPECT_EQ(games[1].first, 21);  // board 2
  EXPECT_EQ(games[2].first, 12);  // board 3
  EXPECT_EQ(games[3].first, 23);  // board 4
  EXPECT_EQ(games[3].second, 13);
  // The second game of a two-game pairing reverses every board.
  const std::vector<BoardGame> second = team_match_games({10, 11, 12, 13}, {20, 21, 22, 23}, 1);
  for (std::size_t k = 0; k < games.size(); ++k) {
    EXPECT_EQ(second[k].first, games[k].second);
    EXPECT_EQ(second[k].board, static_cast<int>(k));
  }
}

TEST(TeamMatch, FourBoardsByHand) {
  // Team 0 wins board 1, draws board 2, loses board 3, wins board 4:
  // 2½-1½ in board points, a won match.
  const TeamMatch match{0, 1, {1, 0.5, 0, 1}};
  TeamMatchScore s = score_team_match(match, {});
  EXPECT_EQ(s.board_points_a, 2.5);
  EXPECT_EQ(s.board_points_b, 1.5);
  EXPECT_EQ(s.match_points_a, 2);
  EXPECT_EQ(s.match_points_b, 0);
  // Boards scored 2 / 1 / 0 and the match 3 / 1 / 0.
  s = score_team_match(match, {Scoring::TwoOneZero, MatchPoints::ThreeOneZero});
  EXPECT_EQ(s.board_points_a, 5);
  EXPECT_EQ(s.board_points_b, 3);
  EXPECT_EQ(s.match_points_a, 3);
  // 2-2: a drawn match, 1 each.
  s = score_team_match({0, 1, {1, 0, 0.5, 0.5}}, {});
  EXPECT_EQ(s.match_points_a, 1);
  EXPECT_EQ(s.match_points_b, 1);
}

TEST(TeamMatch, StandingsByMatchPointsThenBoardPoints) {
  // Four teams, four boards, a round robin:
  //   0-1 2½-1½   0-2 1-3   0-3 3-1
  //   1-2 2-2     1-3 4-0   2-3 2-2
  // Match points: 0: 4, 1: 1+2 = 3, 2: 2+1+1 = 4, 3: 1.
  // Board points: 0: 2½+1+3 = 6½, 2: 3+2+2 = 7, 1: 1½+2+4 = 7½, 3: 1+0+2 = 3.
  const std::vector<TeamMatch> matches{{0, 1, {1, 0.5, 0, 1}}, {0, 2, {0, 0, 1, 0}},
                                       {0, 3, {1, 1, 0, 1}},   {1, 2, {1, 0, 0.5, 0.5}},
                                       {1, 3, {1, 1, 1, 1}},   {2, 3, {0.5, 0.5, 0.5, 0.5}}};
  const std::vector<TeamStanding> table = team_standings(4, matches, {});
  ASSERT_EQ(table.size(), 4u);
  EXPECT_EQ(table[0].team, 2);  // 4 match points, 7 board points
  EXPECT_EQ(table[1].team, 0);  // 4, 6½
  EXPECT_EQ(table[2].team, 1);  // 3: more board points do not outweigh match points
  EXPECT_EQ(table[3].team, 3);
  EXPECT_EQ(table[0].won, 1);
  EXPECT_EQ(table[0].drawn, 2);
  EXPECT_EQ(table[2].board_points, 7.5);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(table[i].rank, i + 1);

  // Level on both: the rank is shared.
  const std::vector<TeamStanding> level = team_standings(2, {{0, 1, {1, 0}}}, {});
  EXPECT_EQ(level[0].rank, 1);
  EXPECT_EQ(level[1].rank, 1);
}

}  // namespace
}  // namespace qi::competition
