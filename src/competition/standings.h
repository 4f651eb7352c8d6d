// Standings and the cross-table of a round robin, under one of the scoring
// systems of scoring.h, ranked by points and then by the organiser's ordered
// list of tie-breaks (tie_breaks.h): each tie-break only separates players
// the ones before it left level. Players equal on points and on every chosen
// tie-break share the rank.
//   Without a list, the xiangqi document's order: the direct encounter, then
//   net games ("积分相同看胜负关系，胜负关系循环看净胜局数").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "competition/crosstable.h"
#include "competition/played_game.h"
#include "competition/scoring.h"
#include "competition/tie_breaks.h"

namespace qi::competition {

struct Standing {
  int player = 0;
  int games = 0, wins = 0, draws = 0, losses = 0;  // rounds with an opponent, forfeits included
  double points = 0;
  double head_to_head = 0;  // among the players level on points with this one
  int net_wins = 0;
  std::vector<double> tie_breaks;  // the chosen list's values, in its order
  int rank = 0;                    // 1-based; equal players share it
};

// The xiangqi document's order: direct encounter, then net games.
std::vector<TieBreak> default_tie_breaks();

struct RankingRules {
  Scoring scoring = Scoring::Fide;
  std::vector<TieBreak> tie_breaks = default_tie_breaks();
  std::uint64_t lot_seed = 0;  // for TieBreak::Lot
};

// Sorted best first.
std::vector<Standing> standings(const Crosstable& table, const RankingRules& rules);
// Games without rounds (each player's k-th game is its round k): the
// direct encounter, net games and the counts do not need rounds.
std::vector<Standing> standings(int players, const std::vector<PlayedGame>& games, Scoring scoring);
std::vector<Standing> standings(int players, const std::vector<PlayedGame>& games, const RankingRules& rules);

// The cross-table and the standings as text.
std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              Scoring scoring);
std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              const RankingRules& rules);

}  // namespace qi::competition
