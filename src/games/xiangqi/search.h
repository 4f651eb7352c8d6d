// A small material search for the built-in opponent until the engine
// exists: fixed-depth alpha-beta over material, mate found as such.
#pragma once

#include "games/xiangqi/position.h"

namespace qi::xiangqi {

// The best move by a `depth`-ply material search; the first legal move
// among equals, so the choice is reproducible. pos must have a legal move.
Move material_search(Position pos, int depth);

}  // namespace qi::xiangqi
