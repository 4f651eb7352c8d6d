// Tic-tac-toe as Qi plays it.
//
// Rules: a 3×3 board, empty at the start. X moves first and the players
// alternate, each putting a mark on an empty square. A player who completes a
// line of three (a row, a column or a diagonal) wins and play stops there: the
// position has no legal move and result() is a loss for the side to move. A
// full board without a line is a draw.
//
// Squares are named as on a chessboard: files a–c from the left, ranks 1–3
// from the bottom. Square index = 3 * rank + file counting from 0, so a1 = 0,
// c1 = 2, b2 = 4, c3 = 8; each side's marks are a 9-bit mask of those indices.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/move_list.h"
#include "core/outcome.h"
#include "core/side.h"

namespace qi::tictactoe {

using Mask = std::uint16_t;

inline constexpr int kSquares = 9;
inline constexpr Mask kAllSquares = 0x1FF;

constexpr Mask bit(int square) { return static_cast<Mask>(1u << square); }
constexpr int square_of(int file, int rank) { return 3 * rank + file; }
constexpr int file_of(int square) { return square % 3; }
constexpr int rank_of(int square) { return square / 3; }

// The eight lines of three: rows from the bottom, columns from the left, then
// the diagonal a1–c3 and the anti-diagonal a3–c1. In octal each digit is one
// rank, rank 3 first, with file a as the digit's lowest bit: 0421 is c3, b2, a1.
inline constexpr std::array<Mask, 8> kLines = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};

// True when the marks contain a whole line; a 512-entry table, since this is
// asked at every node.
inline constexpr std::array<bool, 512> kHasLine = [] {
  std::array<bool, 512> table{};
  for (unsigned marks = 0; marks < 512; ++marks)
    for (Mask line : kLines)
      if ((marks & line) == line) table[marks] = true;
  return table;
}();

constexpr int mark_count(Mask marks) { return std::popcount(static_cast<unsigned>(marks)); }
constexpr bool has_line(Mask marks) { return kHasLine[marks & kAllSquares]; }

// Empty squares where one more mark of `marks` would complete a line.
constexpr Mask winning_squares(Mask marks, Mask empty) {
  Mask out = 0;
  for (Mask line : kLines)
    if (std::popcount(static_cast<unsigned>(marks & line)) == 2) out |= line & empty;
  return out;
}

// A move is the square it fills.
struct Move {
  std::uint8_t square = 0;
  friend constexpr bool operator==(Move, Move) = default;
};

class Board {
 public:
  using Move = tictactoe::Move;
  using MoveList = qi::MoveList<Move, kSquares>;

  Board() = default;  // the empty board, X to move

  // Any masks, unchecked: parse_position() is the checked way in. Positions
  // built here must not overlap and must follow the rules' counts.
  static Board from_marks(Mask x, Mask o, Side to_move);

  Side side_to_move() const { return side_; }
  std::uint64_t hash() const { return hash_; }
  Mask marks(Side side) const { return marks_[index(side)]; }
  Mask occupied() const { return marks_[0] | marks_[1]; }
  Mask empty() const { return kAllSquares & ~occupied(); }
  // Exact 18-bit encoding (X's mask, then O's shifted by 9): two positions
  // are equal exactly when their keys are; the side to move follows from the
  // counts.
  std::uint32_t key() const { return marks_[0] | static_cast<std::uint32_t>(marks_[1]) << 9; }

  // Play stops at the first line, and only the side that just moved can have
  // one.
  bool someone_won() const { return has_line(marks_[index(~side_)]); }
  bool game_over() const { return someone_won() || occupied() == kAllSquares; }

  void generate_legal(MoveList& list) const {
    if (someone_won()) return;
    for (unsigned free = empty(); free != 0; free &= free - 1)
      list.push_back(Move{static_cast<std::uint8_t>(std::countr_zero(free))});
  }
  std::uint64_t count_legal() const {
    return someone_won() ? 0 : std::popcount(static_cast<unsigned>(empty()));
  }

  void make(Move m) {
    marks_[index(side_)] |= bit(m.square);
    hash_ ^= zobrist(side_, m.square);
    side_ = ~side_;
  }
  void unmake(Move m) {
    side_ = ~side_;
    marks_[index(side_)] &= static_cast<Mask>(~bit(m.square));
    hash_ ^= zobrist(side_, m.square);
  }

  Result result() const {
    if (someone_won()) return Result::Loss;
    if (occupied() == kAllSquares) return Result::Draw;
    return Result::None;
  }

  friend bool operator==(const Board&, const Board&) = default;

 private:
  static std::uint64_t zobrist(Side side, int square) { return kZobrist[index(side)][square]; }
  // Zobrist keys, one per side and square (board.cpp).
  static const std::array<std::array<std::uint64_t, kSquares>, 2> kZobrist;

  std::array<Mask, 2> marks_{};
  Side side_ = Side::First;
  std::uint64_t hash_ = 0;
};

}  // namespace qi::tictactoe
