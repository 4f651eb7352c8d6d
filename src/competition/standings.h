// Standings, tie-breaks and the cross-table of a round robin, under one of
// the scoring systems of scoring.h.
//   Ties on points are broken by the head-to-head result (the points the tied
//   players scored in their games against each other, under the same
//   scoring), then by net wins (wins minus losses, over all games), as the
//   xiangqi document orders them ("积分相同看胜负关系，胜负关系循环看净胜局数").
//   Players still equal share the rank.
#pragma once

#include <string>
#include <vector>

#include "competition/played_game.h"
#include "competition/scoring.h"

namespace qi::competition {

struct Standing {
  int player = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;
  double points = 0;
  double head_to_head = 0;  // among the players level on points with this one
  int net_wins = 0;
  int rank = 0;  // 1-based; equal players share it
};

// Sorted best first.
std::vector<Standing> standings(int players, const std::vector<PlayedGame>& games, Scoring scoring);

// The cross-table and the standings as text.
std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              Scoring scoring);

}  // namespace qi::competition
