// Positions reached by random play from the start, with fixed seeds, for
// differential and round-trip tests.
#pragma once

#include <vector>

#include "core/random.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi::testing {

// `games` random games of up to `plies` plies each; every `every`-th
// position is kept (the start too).
inline std::vector<Position> random_positions(int games, int plies, int every, std::uint64_t seed = 2024) {
  std::vector<Position> out;
  SplitMix64 rng(seed);
  for (int g = 0; g < games; ++g) {
    Position pos;
    for (int ply = 0; ply < plies; ++ply) {
      if (ply % every == 0) out.push_back(pos);
      Position::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      // Prefer captures a little so positions open up.
      Move m = moves[rng.below(moves.size())];
      for (int tries = 0; tries < 2 && pos.piece_on(m.to) == kEmpty; ++tries)
        m = moves[rng.below(moves.size())];
      pos.make(m);
    }
  }
  return out;
}

}  // namespace qi::xiangqi::testing
