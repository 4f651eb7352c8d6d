// Team events: teams of N boards, the k-th player of one team's line-up
// meeting the k-th of the other's.
//   Colours: the team named first (the lower number in the pairing table)
//   moves first on the odd boards, 1, 3, ..., and second on the even ones:
//   the CXA's rule for team round robins (韩宽《象棋规则问答》, on the
//   round-robin table: "号次在前面的队，单数台均执红棋先走，双数台由另一方执红棋
//   先走") and FIDE's for the Olympiad (the first-named team has white on
//   boards 1 and 3). In a match of two games a pairing, the second game
//   reverses every board's colours.
//   Board points (局分, game points): the sum of a team's game points on its
//   boards, under the event's game scoring (1 / ½ / 0 by default; a
//   forfeited board scores as a win for the team that came).
//   Match points (场分): the team with more board points wins the match:
//   2 for a win, 1 for a draw, 0 for a loss by default (FIDE's Olympiad),
//   or 3 / 1 / 0.
//   Standings: match points, then board points; teams level on both share
//   the rank. (File 004 names the CXA's articles on team events but does not
//   hold their text: these defaults are FIDE's; docs/rules.md, "Formats".)
#pragma once

#include <string>
#include <vector>

#include "competition/scoring.h"

namespace qi::competition {

// True when the first-named team moves first on `board` (0-based: boards
// 0, 2, ... are the odd boards 1, 3, ...).
bool first_named_team_moves_first(int board);

struct BoardGame {
  int board = 0;              // 0-based
  int first = 0, second = 0;  // players; first moves first
};

// The games of a team match between two line-ups of the same length, best
// player first; `game` 1 reverses the colours of game 0.
std::vector<BoardGame> team_match_games(const std::vector<int>& first_named, const std::vector<int>& other,
                                        int game = 0);

enum class MatchPoints { TwoOneZero, ThreeOneZero };

struct TeamRules {
  Scoring board_scoring = Scoring::Fide;
  MatchPoints match_points = MatchPoints::TwoOneZero;
};

struct TeamMatch {
  int a = 0, b = 0;                   // teams; a is named first
  std::vector<double> a_game_scores;  // team a's game score on each board: 1, ½ or 0
};

struct TeamMatchScore {
  double board_points_a = 0, board_points_b = 0;
  double match_points_a = 0, match_points_b = 0;
};

TeamMatchScore score_team_match(const TeamMatch& match, const TeamRules& rules);

struct TeamStanding {
  int team = 0;
  int matches = 0, won = 0, drawn = 0, lost = 0;
  double match_points = 0, board_points = 0;
  int rank = 0;  // 1-based; shared by teams level on both
};

// Best first.
std::vector<TeamStanding> team_standings(int teams, const std::vector<TeamMatch>& matches,
                                         const TeamRules& rules);

}  // namespace qi::competition
