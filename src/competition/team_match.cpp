#include "competition/team_match.h"

#include <algorithm>
#include <cstddef>

namespace qi::competition {

bool first_named_team_moves_first(int board) { return board % 2 == 0; }

std::vector<BoardGame> team_match_games(const std::vector<int>& first_named, const std::vector<int>& other,
                                        int game) {
  std::vector<BoardGame> out;
  for (std::size_t k = 0; k < first_named.size() && k < other.size(); ++k) {
    const int board = static_cast<int>(k);
    const bool named_first = first_named_team_moves_first(board) == (game % 2 == 0);
    out.push_back(named_first ? BoardGame{board, first_named[k], other[k]}
                              : BoardGame{board, other[k], first_named[k]});
  }
  return out;
}

TeamMatchScore score_team_match(const TeamMatch& match, const TeamRules& rules) {
  TeamMatchScore s;
  for (double a : match.a_game_scores) {
    s.board_points_a += points(rules.board_scoring, a);
    s.board_points_b += points(rules.board_scoring, 1.0 - a);
  }
  const double win = rules.match_points == MatchPoints::TwoOneZero ? 2 : 3;
  if (s.board_points_a > s.board_points_b)
    s.match_points_a = win;
  else if (s.board_points_a < s.board_points_b)
    s.match_points_b = win;
  else
    s.match_points_a = s.match_points_b = 1;
  return s;
}

std::vector<TeamStanding> team_standings(int teams, const std::vector<TeamMatch>& matches,
                                         const TeamRules& rules) {
  std::vector<TeamStanding> rows(teams);
  for (int t = 0; t < teams; ++t) rows[t].team = t;
  for (const TeamMatch& m : matches) {
    const TeamMatchScore s = score_team_match(m, rules);
    for (const bool first : {true, false}) {
      TeamStanding& row = rows[first ? m.a : m.b];
      const double mine = first ? s.board_points_a : s.board_points_b;
      const double theirs = first ? s.board_points_b : s.board_points_a;
      ++row.matches;
      row.match_points += first ? s.match_points_a : s.match_points_b;
      row.board_points += mine;
      if (mine > theirs)
        ++row.won;
      else if (mine < theirs)
        ++row.lost;
      else
        ++row.drawn;
    }
  }
  auto better = [](const TeamStanding& x, const TeamStanding& y) {
    if (x.match_points != y.match_points) return x.match_points > y.match_points;
    return x.board_points > y.board_points;
  };
  std::stable_sort(rows.begin(), rows.end(), better);
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i].rank = i > 0 && !better(rows[i - 1], rows[i]) ? rows[i - 1].rank : static_cast<int>(i) + 1;
  return rows;
}

}  // namespace qi::competition
