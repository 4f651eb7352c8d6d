// A checkers move: everything make() and unmake() need, plus the landing
// squares of a capture so that notation can name the path.
#pragma once

#include <array>
#include <cstdint>

#include "games/checkers/board.h"

namespace qi::checkers {

// Trivially constructible on purpose: move lists hold hundreds of these and
// must not initialise them.
template <class V>
struct Move {
  // A move takes at most every enemy piece, so it lands at most that often.
  static constexpr int max_via = (V::size == 8 ? 12 : 20) - 1;

  Bitboard captured;        // pieces taken (empty for a plain move)
  Bitboard captured_kings;  // the kings among them, to put back on unmake
  std::uint8_t from;        // bit index (see board.h)
  std::uint8_t to;
  std::uint8_t king;                      // the moving piece is a king
  std::uint8_t crowns;                    // a man becomes a king with this move
  std::uint8_t jumps;                     // pieces taken
  std::array<std::uint8_t, max_via> via;  // landing bits before `to`: jumps-1 of them

  bool is_capture() const { return jumps != 0; }

  friend bool operator==(const Move& a, const Move& b) {
    if (a.from != b.from || a.to != b.to || a.captured != b.captured || a.king != b.king ||
        a.crowns != b.crowns || a.jumps != b.jumps)
      return false;
    for (int i = 0; i + 1 < a.jumps; ++i)
      if (a.via[i] != b.via[i]) return false;
    return true;
  }
};

}  // namespace qi::checkers
