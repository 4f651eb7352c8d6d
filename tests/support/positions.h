// Positions from FENs the tests take to be valid, for any game's Position.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/perft.h"

namespace qi::test {

// A FEN that does not read fails the test where it is used, and the game's
// empty position stands in so that the test can go on to report its other
// failures.
template <class Position, class... Options>
Position valid_position(std::string_view fen, Options... options) {
  auto pos = Position::from_fen(fen, options...);
  EXPECT_TRUE(pos.has_value()) << fen << ": " << (pos ? "" : pos.error().message);
  return pos ? *pos : Position{};
}

// The perft of a FEN's position, checking that counting leaves the position as it was.
template <class Position, class... Options>
std::uint64_t checked_perft(std::string_view fen, int depth, Options... options) {
  auto pos = Position::from_fen(fen, options...);
  EXPECT_TRUE(pos.has_value()) << fen;
  if (!pos) return 0;
  const std::string before = pos->fen();
  const std::uint64_t nodes = perft(*pos, depth);
  EXPECT_EQ(pos->fen(), before);
  return nodes;
}

}  // namespace qi::test
