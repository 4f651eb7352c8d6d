// Bitboards: a 64-bit set of squares (bit i = square i), and the attack
// tables every move generator and attack test reads.
//
// Sliding attacks come from one table lookup per piece: the relevant
// occupancy (the squares on the piece's rays, without the board edge) is
// packed into an index with PEXT where the processor has BMI2, and with a
// multiply-shift "magic" index otherwise. The tables are filled once, before
// main() runs.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "games/chess/types.h"

namespace qi::chess {

using Bitboard = std::uint64_t;

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kFileH = kFileA << 7;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard kRank8 = kRank1 << 56;
constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;  // a1 is dark
constexpr Bitboard kLightSquares = ~kDarkSquares;

constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }
constexpr Bitboard square_bb(Square s) { return Bitboard{1} << s; }

constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }
// The lowest square of a non-empty set.
constexpr Square lsb(Bitboard b) { return static_cast<Square>(std::countr_zero(b)); }
// Removes and returns the lowest square of a non-empty set.
constexpr Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}

// Every square moved one step north (towards rank 8) or south, dropping what
// falls off the board; east/west steps drop what wraps around a side.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~kFileH) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~kFileA) >> 1; }

// One step forward for the pawns of colour c.
template <Color c>
constexpr Bitboard shift_forward(Bitboard b) {
  return c == White ? shift_north(b) : shift_south(b);
}
// The squares the pawns in b attack, towards the west / east.
template <Color c>
constexpr Bitboard pawn_attacks_west(Bitboard b) {
  return c == White ? (b & ~kFileA) << 7 : (b & ~kFileA) >> 9;
}
template <Color c>
constexpr Bitboard pawn_attacks_east(Bitboard b) {
  return c == White ? (b & ~kFileH) << 9 : (b & ~kFileH) >> 7;
}
template <Color c>
constexpr Bitboard pawn_attacks_set(Bitboard b) {
  return pawn_attacks_west<c>(b) | pawn_attacks_east<c>(b);
}

namespace detail {

struct SliderEntry {
  Bitboard mask;  // relevant occupancy
  const Bitboard* attacks;
#if !defined(__BMI2__)
  Bitboard magic;
  unsigned shift;
#endif
  Bitboard index(Bitboard occupied) const {
#if defined(__BMI2__)
    return _pext_u64(occupied, mask);
#else
    return ((occupied & mask) * magic) >> shift;
#endif
  }
  Bitboard lookup(Bitboard occupied) const { return attacks[index(occupied)]; }
};

extern SliderEntry rook_entries[64];
extern SliderEntry bishop_entries[64];
extern Bitboard pawn_attack_table[2][64];
extern Bitboard knight_attack_table[64];
extern Bitboard king_attack_table[64];
extern Bitboard between_table[64][64];
extern Bitboard line_table[64][64];

}  // namespace detail

inline Bitboard pawn_attacks(Color c, Square s) { return detail::pawn_attack_table[c][s]; }
inline Bitboard knight_attacks(Square s) { return detail::knight_attack_table[s]; }
inline Bitboard king_attacks(Square s) { return detail::king_attack_table[s]; }
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  return detail::bishop_entries[s].lookup(occupied);
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) { return detail::rook_entries[s].lookup(occupied); }
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return bishop_attacks(s, occupied) | rook_attacks(s, occupied);
}
// Attacks of a piece of type pt (not a pawn) on s.
Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied);

// The squares strictly between a and b when they share a rank, file or
// diagonal; empty otherwise.
inline Bitboard between(Square a, Square b) { return detail::between_table[a][b]; }
// The whole rank, file or diagonal through a and b (edge to edge, both
// included); empty when they are not aligned.
inline Bitboard line(Square a, Square b) { return detail::line_table[a][b]; }
inline bool aligned(Square a, Square b, Square c) { return (line(a, b) & square_bb(c)) != 0; }

// Slow ray walks, for building tables and checking them in tests.
Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied);

}  // namespace qi::chess
