// The vocabulary of xiangqi: points, pieces and moves.
//
// The board has 9 files (a-i, from Red's left) and 10 ranks (0-9, from Red's
// side), 90 points in all, numbered rank * 9 + file as in ICCS coordinates.
// Red moves first and is Side::First; Black is Side::Second.
#pragma once

#include <cstdint>

#include "core/side.h"

namespace qi::xiangqi {

using Square = int;  // 0..89; kNoSquare for "none"

inline constexpr int kFiles = 9;
inline constexpr int kRanks = 10;
inline constexpr int kSquares = 90;
inline constexpr Square kNoSquare = 90;  // its bit is never set on a board

inline constexpr Side kRed = Side::First;
inline constexpr Side kBlack = Side::Second;

constexpr int file_of(Square s) { return s % kFiles; }
constexpr int rank_of(Square s) { return s / kFiles; }
constexpr Square make_square(int file, int rank) { return rank * kFiles + file; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// Points on `side`'s half of the board (ranks 0-4 for Red, 5-9 for Black).
constexpr bool own_half(Side side, Square s) { return side == kRed ? rank_of(s) <= 4 : rank_of(s) >= 5; }
constexpr bool in_palace(Side side, Square s) {
  int f = file_of(s), r = rank_of(s);
  return f >= 3 && f <= 5 && (side == kRed ? r <= 2 : r >= 7);
}
// +1 rank for Red, -1 for Black.
constexpr int forward(Side side) { return side == kRed ? 1 : -1; }

enum PieceType : std::uint8_t {
  kNoType = 0,
  kGeneral = 1,
  kAdvisor,
  kElephant,
  kHorse,
  kChariot,
  kCannon,
  kSoldier,
};
inline constexpr int kPieceTypes = 8;  // including kNoType, for table sizes

// A piece is its type plus 8 for Black; 0 is an empty point.
using Piece = std::uint8_t;
inline constexpr Piece kEmpty = 0;
constexpr Piece make_piece(Side side, PieceType t) { return static_cast<Piece>(t | (index(side) << 3)); }
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(p & 7); }
constexpr Side color_of(Piece p) { return static_cast<Side>(p >> 3); }

// The FEN letter: K A B N R C P for Red, lower case for Black.
constexpr char piece_letter(Piece p) {
  constexpr char kLetters[] = " KABNRCP";
  const char c = kLetters[type_of(p)];
  return color_of(p) == kRed ? c : static_cast<char>(c | 0x20);
}

// How many of each kind a side starts with, and so may have at most.
constexpr int max_count(PieceType t) {
  switch (t) {
    case kGeneral:
      return 1;
    case kSoldier:
      return 5;
    case kNoType:
      return 0;
    default:
      return 2;
  }
}

// A move is the point a piece leaves and the point it goes to; whether it
// captures follows from the board.
struct Move {
  std::uint8_t from = 0;
  std::uint8_t to = 0;
  friend bool operator==(const Move&, const Move&) = default;
};

constexpr Move make_move(Square from, Square to) {
  return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)};
}

}  // namespace qi::xiangqi
