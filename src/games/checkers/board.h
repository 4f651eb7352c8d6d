// Board geometry shared by every variant: the dark squares of an N x N board
// in a 64-bit word with one ghost bit after every second row.
//
// Squares are numbered as PDN numbers them (1 at the top left of the diagram,
// Black's side; N*N/2 at the bottom right), row by row, H = N/2 per row. The
// bit of square s is (s-1) + (s-1)/(2H): rows 0-1 take bits 0..2H-1, then one
// ghost bit, then rows 2-3, and so on (8x8: 35 bits, ghosts 8, 17, 26;
// 10x10: 54 bits, ghosts 10, 21, 32, 43). With that layout the four diagonal
// steps are the same shift on every row, +H, +H+1 (down) and -H, -H-1 (up),
// and a step off the left or right edge lands on a ghost bit or outside the
// board, which no piece set ever contains.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace qi::checkers {

using Bitboard = std::uint64_t;

template <int N>
struct Geometry {
  static_assert(N == 8 || N == 10, "8x8 and 10x10 boards only");
  static constexpr int size = N;
  static constexpr int per_row = N / 2;
  static constexpr int squares = N * N / 2;
  static constexpr int bits = squares + N / 2 - 1;

  // The four diagonal steps, as bit offsets.
  static constexpr int down_left = per_row;
  static constexpr int down_right = per_row + 1;
  static constexpr int up_right = -per_row;
  static constexpr int up_left = -(per_row + 1);

  static constexpr int bit_of(int square) { return (square - 1) + (square - 1) / (2 * per_row); }

  static constexpr std::array<std::int8_t, 64> square_table() {
    std::array<std::int8_t, 64> t{};
    for (auto& x : t) x = 0;
    for (int s = 1; s <= squares; ++s) t[bit_of(s)] = static_cast<std::int8_t>(s);
    return t;
  }
  static constexpr std::array<std::int8_t, 64> square_of_bit = square_table();

  // The PDN number of the square on bit b (0 for a ghost bit).
  static constexpr int square_of(int bit) { return square_of_bit[bit]; }

  static constexpr Bitboard squares_from(int first, int last) {
    Bitboard b = 0;
    for (int s = first; s <= last; ++s) b |= Bitboard{1} << bit_of(s);
    return b;
  }
  static constexpr Bitboard board = squares_from(1, squares);
  static constexpr Bitboard top_row = squares_from(1, per_row);                         // White crowns here
  static constexpr Bitboard bottom_row = squares_from(squares - per_row + 1, squares);  // Black crowns here

  // Row (0 = top) and column (0 = left) of a square, for diagrams and algebraic names.
  static constexpr int row_of(int square) { return (square - 1) / per_row; }
  static constexpr int column_of(int square) {
    int r = row_of(square), k = (square - 1) % per_row;
    return r % 2 == 0 ? 2 * k + 1 : 2 * k;
  }
  // The square at (row, column), or 0 for a light square.
  static constexpr int square_at(int row, int column) {
    if ((row + column) % 2 == 0) return 0;
    return row * per_row + column / 2 + 1;
  }
};

template <int D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D > 0)
    return b << D;
  else
    return b >> -D;
}

inline int lsb(Bitboard b) { return std::countr_zero(b); }
inline int popcount(Bitboard b) { return std::popcount(b); }
constexpr Bitboard bit(int i) { return Bitboard{1} << i; }

}  // namespace qi::checkers
