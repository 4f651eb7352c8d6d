// The eight symmetries of the square board (four rotations, four
// reflections), for counting positions that differ only by turning or
// mirroring the board.
#pragma once

#include <cstdint>

#include "games/tictactoe/board.h"

namespace qi::tictactoe {

inline constexpr int kSymmetries = 8;

// The marks moved by symmetry number `symmetry` (0 is the identity).
Mask transform(Mask marks, int symmetry);

// The same number for a position and each of its images: the smallest key()
// of the eight.
std::uint32_t canonical_key(const Board& board);

}  // namespace qi::tictactoe
