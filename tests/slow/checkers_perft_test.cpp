// Deep perft from the start positions (slow: excluded from the default test run).
#include <gtest/gtest.h>

#include <cstdint>

#include "core/perft.h"
#include "games/checkers/position.h"

namespace qi::checkers {
namespace {

TEST(CheckersPerftSlow, EnglishDepth10To12MatchAartBik) {
  Position<English> p = Position<English>::start();
  EXPECT_EQ(perft(p, 10), 18391564u);
  EXPECT_EQ(perft(p, 11), 85242128u);
  EXPECT_EQ(perft(p, 12), 388623673u);
}

// Kodra's depth 10 (22,461,267) also counts 10,620 captures in which a king
// passes a square whose piece it has already taken, which the Russian rules
// forbid (docs/rules-checkers.md); depth 9 has none of them.
TEST(CheckersPerftSlow, RussianDepth9CountingEveryPathMatchesKodra) {
  Position<RussianPaths> p = Position<RussianPaths>::start();
  EXPECT_EQ(perft(p, 9), 4570667u);
}

TEST(CheckersPerftSlow, InternationalDepth8To9MatchBikDam) {
  Position<International> p = Position<International>::start();
  EXPECT_EQ(perft(p, 8), 6483961u);
  EXPECT_EQ(perft(p, 9), 41022423u);
}

}  // namespace
}  // namespace qi::checkers
