// Zobrist keys for xiangqi positions, fixed by seed so hashes are the same
// on every run.
#pragma once

#include <cstdint>

#include "games/xiangqi/types.h"

namespace qi::xiangqi::zobrist {

struct Keys {
  std::uint64_t piece[16][kSquares];
  std::uint64_t black_to_move;
};

extern const Keys keys;

}  // namespace qi::xiangqi::zobrist
