// A small built-in opponent until the real engine exists: alpha-beta to a
// fixed depth on material, captures searched first, then a capture-only
// quiescence search so that it neither hangs pieces nor grabs defended ones
// at the horizon. Mates are found within the depth; draws by the rules count
// as zero. Deterministic: the same position always gives the same move.
#pragma once

#include "games/chess/position.h"

namespace qi::chess {

// The best move found for the side to move; Move::none() when there is no
// legal move. depth is in plies (3 by default).
Move simple_best_move(const Position& pos, int depth = 3);

}  // namespace qi::chess
