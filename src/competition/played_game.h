// A game of a competition as pairings, standings and brackets see it: who
// played it, in which colours, and how it ended.
#pragma once

#include "core/outcome.h"

namespace qi::competition {

struct PlayedGame {
  int first = 0, second = 0;  // players, by index; first moved first
  Outcome outcome;
};

// The game score (1, ½, 0) of `player` in `game`; `player` must have played it.
// A game without a winner counts ½ to each.
double game_score(const PlayedGame& game, int player);

// The player who won `game`, or -1 when nobody did.
int winner_of(const PlayedGame& game);

}  // namespace qi::competition
