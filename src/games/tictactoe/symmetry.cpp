#include "games/tictactoe/symmetry.h"

#include <algorithm>
#include <array>

namespace qi::tictactoe {
namespace {

// Where each symmetry sends a square, from coordinates centred on b2 (-1..1):
// the four rotations, then each rotation after a mirror in the b-file.
constexpr std::array<std::array<int, kSquares>, kSymmetries> kImage = [] {
  std::array<std::array<int, kSquares>, kSymmetries> image{};
  for (int s = 0; s < kSymmetries; ++s) {
    for (int square = 0; square < kSquares; ++square) {
      int f = file_of(square) - 1, r = rank_of(square) - 1;
      if (s >= 4) f = -f;
      for (int turn = 0; turn < s % 4; ++turn) {
        const int old_f = f;
        f = -r;
        r = old_f;
      }
      image[s][square] = square_of(f + 1, r + 1);
    }
  }
  return image;
}();

// transform() per mask, as a table: 8 × 512 entries, cheap and used in bulk.
const std::array<std::array<Mask, 512>, kSymmetries> kTransformed = [] {
  std::array<std::array<Mask, 512>, kSymmetries> table{};
  for (int s = 0; s < kSymmetries; ++s)
    for (unsigned marks = 0; marks < 512; ++marks)
      for (int square = 0; square < kSquares; ++square)
        if (marks & bit(square)) table[s][marks] |= bit(kImage[s][square]);
  return table;
}();

}  // namespace

Mask transform(Mask marks, int symmetry) { return kTransformed[symmetry][marks & kAllSquares]; }

std::uint32_t canonical_key(const Board& board) {
  std::uint32_t best = board.key();
  for (int s = 1; s < kSymmetries; ++s) {
    const std::uint32_t key = transform(board.marks(Side::First), s) |
                              static_cast<std::uint32_t>(transform(board.marks(Side::Second), s)) << 9;
    best = std::min(best, key);
  }
  return best;
}

}  // namespace qi::tictactoe
