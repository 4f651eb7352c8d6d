// Scores, tie-breaks and tables of a round robin.
//   Scoring: 1 / ½ / 0 (FIDE Laws, article 12 scoring: a win 1, a draw ½,
//   a loss 0), or 3 / 1 / 0 group scoring (CXA group play in the xiangqi
//   document: a win 3, a draw 1, a loss or forfeit 0).
//   Ties on points are broken by the head-to-head result (the points the tied
//   players scored in their games against each other, under the same
//   scoring), then by net wins (wins minus losses, over all games), as the
//   xiangqi document orders them ("积分相同看胜负关系，胜负关系循环看净胜局数").
//   Players still equal share the rank.
#pragma once

#include <string>
#include <vector>

#include "core/outcome.h"

namespace qi::arena {

enum class Scoring { Fide, Group };

struct PlayedGame {
  int first = 0, second = 0;  // players, by index; first moved first
  Outcome outcome;
};

// Points for a game's result: `won` / drawn / lost.
double points(Scoring scoring, double game_score);  // game_score 1, 0.5 or 0
// The game score (1, ½, 0) of `player` in `game`; `player` must have played it.
double game_score(const PlayedGame& game, int player);

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

// "1", "½", "1½", "3", "" (no game) for tables.
std::string points_text(double points, Scoring scoring);

// The cross-table and the standings as text.
std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              Scoring scoring);

}  // namespace qi::arena
