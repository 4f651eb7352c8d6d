// 128-bit bitboards over the 90 points, and the attack tables every move
// generator and attack test reads.
//
// Chariot and cannon rays come from rank and file occupancy: the rank's 9
// bits are read straight from the board; the file's 10 bits from a second,
// file-major ("rotated") copy of the occupancy that the position keeps in
// step. Each lookup is one table read per direction pair, no loops.
// Leapers (horse, elephant) index their tables by the 4 blocking points
// (legs, eyes) around them.
#pragma once

#include <cstdint>

#include "games/xiangqi/types.h"

namespace qi::xiangqi {

__extension__ typedef unsigned __int128 Bitboard;

constexpr Bitboard bit(Square s) { return Bitboard(1) << s; }
constexpr bool test(Bitboard b, Square s) { return (b >> s) & 1; }

inline int popcount(Bitboard b) {
  return __builtin_popcountll(static_cast<std::uint64_t>(b)) +
         __builtin_popcountll(static_cast<std::uint64_t>(b >> 64));
}
inline Square lsb(Bitboard b) {
  auto lo = static_cast<std::uint64_t>(b);
  return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(static_cast<std::uint64_t>(b >> 64));
}
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// The index of a point in the file-major occupancy: file * 10 + rank.
constexpr int rotated_index(Square s) { return file_of(s) * kRanks + rank_of(s); }
constexpr Bitboard rotated_bit(Square s) { return Bitboard(1) << rotated_index(s); }

struct AttackTables {
  // Rays along one line, as masks of that line's points: indexed by the
  // piece's position on the line and the line's occupancy.
  std::uint16_t rank_slide[kFiles][1 << kFiles];  // chariot: up to and including the first piece
  std::uint16_t rank_jump[kFiles][1 << kFiles];   // cannon capture: the piece behind the first
  std::uint16_t file_slide[kRanks][1 << kRanks];
  std::uint16_t file_jump[kRanks][1 << kRanks];
  Bitboard file_spread[1 << kRanks];  // a file mask as points of file a

  Bitboard file_bb[kFiles];
  Bitboard rank_bb[kRanks];
  Bitboard lines[kSquares];          // the point's file and rank
  Bitboard diagonal_near[kSquares];  // the four diagonal neighbours

  Bitboard general_moves[kSquares];  // inside the palace the point is in
  Bitboard advisor_moves[kSquares];
  Bitboard soldier_moves[2][kSquares];
  Bitboard soldier_attackers[2][kSquares];  // where a soldier of that side attacks the point from

  // Leapers: the four blockers around the point (kNoSquare off the board)
  // and the targets for each of the 16 blocker patterns.
  std::uint8_t horse_legs[kSquares][4];
  Bitboard horse_moves[kSquares][16];
  std::uint8_t elephant_eyes[kSquares][4];
  Bitboard elephant_moves[kSquares][16];
  // A horse attacking the point has its leg on one of the point's diagonal
  // neighbours; indexed by which of those four are occupied.
  std::uint8_t diagonal_squares[kSquares][4];
  Bitboard horse_attackers[kSquares][16];
};

extern const AttackTables tables;

// Which of the four blocker points around s are occupied, as 4 bits.
inline unsigned blocker_pattern(Bitboard occupied, const std::uint8_t (&points)[4]) {
  return static_cast<unsigned>(test(occupied, points[0])) |
         (static_cast<unsigned>(test(occupied, points[1])) << 1) |
         (static_cast<unsigned>(test(occupied, points[2])) << 2) |
         (static_cast<unsigned>(test(occupied, points[3])) << 3);
}

inline unsigned rank_occupancy(Bitboard occupied, Square s) {
  return static_cast<unsigned>(occupied >> (rank_of(s) * kFiles)) & 0x1FF;
}
inline unsigned file_occupancy(Bitboard rotated, Square s) {
  return static_cast<unsigned>(rotated >> (file_of(s) * kRanks)) & 0x3FF;
}

// Points a chariot on s reaches (empty ones and the first piece each way).
inline Bitboard slide_attacks(Square s, Bitboard occupied, Bitboard rotated) {
  int f = file_of(s), r = rank_of(s);
  return (Bitboard(tables.rank_slide[f][rank_occupancy(occupied, s)]) << (r * kFiles)) |
         (tables.file_spread[tables.file_slide[r][file_occupancy(rotated, s)]] << f);
}
// Points a cannon on s captures on: the first piece behind a screen.
inline Bitboard jump_attacks(Square s, Bitboard occupied, Bitboard rotated) {
  int f = file_of(s), r = rank_of(s);
  return (Bitboard(tables.rank_jump[f][rank_occupancy(occupied, s)]) << (r * kFiles)) |
         (tables.file_spread[tables.file_jump[r][file_occupancy(rotated, s)]] << f);
}
inline Bitboard horse_attacks(Square s, Bitboard occupied) {
  return tables.horse_moves[s][blocker_pattern(occupied, tables.horse_legs[s])];
}
inline Bitboard elephant_attacks(Square s, Bitboard occupied) {
  return tables.elephant_moves[s][blocker_pattern(occupied, tables.elephant_eyes[s])];
}
// Points from which a horse attacks s.
inline Bitboard horse_attackers_of(Square s, Bitboard occupied) {
  return tables.horse_attackers[s][blocker_pattern(occupied, tables.diagonal_squares[s])];
}

// Every point between a and b on a shared file or rank (exclusive); empty
// if they share neither.
Bitboard between(Square a, Square b);

}  // namespace qi::xiangqi
