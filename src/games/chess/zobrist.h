// Zobrist keys: a position's hash is the XOR of one random key per piece on
// its square, one per castling-rights set, one for the en passant file (only
// when an en passant capture is legal, so that two positions FIDE calls the
// same, 9.2.3, hash the same) and one when Black is to move.
#pragma once

#include <array>
#include <cstdint>

#include "core/random.h"
#include "games/chess/types.h"

namespace qi::chess::zobrist {

struct Keys {
  std::uint64_t piece_square[16][64] = {};
  std::uint64_t castling[16] = {};
  std::uint64_t en_passant_file[8] = {};
  std::uint64_t black_to_move = 0;
};

constexpr Keys make_keys() {
  Keys k;
  SplitMix64 rng(0x51C4E55ULL);
  for (int p = 0; p < 16; ++p)
    for (int s = 0; s < 64; ++s) {
      Piece piece = static_cast<Piece>(p);
      bool real = type_of(piece) != NoPieceType && type_of(piece) <= King;
      k.piece_square[p][s] = real ? rng.next() : 0;
    }
  // Each right gets a key; a set of rights is the XOR of its members, so a
  // change of rights is one XOR of the old and new set's keys.
  std::uint64_t single[4] = {rng.next(), rng.next(), rng.next(), rng.next()};
  for (int set = 0; set < 16; ++set)
    for (int bit = 0; bit < 4; ++bit)
      if (set & (1 << bit)) k.castling[set] ^= single[bit];
  for (int f = 0; f < 8; ++f) k.en_passant_file[f] = rng.next();
  k.black_to_move = rng.next();
  return k;
}

inline constexpr Keys keys = make_keys();

inline std::uint64_t piece_square(Piece p, Square s) { return keys.piece_square[p][s]; }
inline std::uint64_t castling(std::uint8_t rights) { return keys.castling[rights]; }
inline std::uint64_t en_passant(Square s) { return keys.en_passant_file[file_of(s)]; }
inline std::uint64_t black_to_move() { return keys.black_to_move; }

}  // namespace qi::chess::zobrist
