// Static exchange evaluation in chess (ChessTraits::see_ge): the material a
// capture wins after the best recaptures on its square.
#include <gtest/gtest.h>

#include "engine/games/chess/traits.h"

namespace qi::engine {
namespace {

struct Case {
  const char* fen;
  const char* move;
  int value;  // what the exchange wins for the side to move
};

TEST(ChessSee, ExchangeValueIsTheHighestThresholdItMeets) {
  const Case cases[] = {
      {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100},          // a free pawn
      {"4k3/2p5/3p4/8/8/8/3R4/4K3 w - - 0 1", "d2d6", -400},       // rook for a defended pawn
      {"3rk3/8/3p4/8/8/8/3R4/3RK3 w - - 0 1", "d2d6", 100},        // the second rook backs the first
      {"3rk3/3r4/3p4/8/8/8/3R4/3RK3 w - - 0 1", "d2d6", -400},     // two defenders against two
      {"4k3/8/3p4/8/8/8/3Q4/3RK3 w - - 0 1", "d2d6", 100},         // queen takes, rook behind
      {"4k3/8/2p5/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320 - 100},  // pawn takes knight, pawn retakes
      {"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1", 0},             // castling is even
      {"4k3/8/8/3b4/8/8/8/3NK3 w - - 0 1", "d1c3", 0},             // a quiet move to a safe square
      {"4k3/8/8/4b3/8/8/8/1N2K3 w - - 0 1", "b1c3", -320},         // a knight left to a bishop
  };
  for (const Case& c : cases) {
    Expected<chess::Position> pos = chess::Position::from_fen(c.fen);
    ASSERT_TRUE(pos) << c.fen;
    Expected<chess::Move> m = pos->parse_uci(c.move);
    ASSERT_TRUE(m) << c.fen << ' ' << c.move;
    EXPECT_TRUE(ChessTraits::see_ge(*pos, *m, c.value)) << c.fen << ' ' << c.move;
    EXPECT_FALSE(ChessTraits::see_ge(*pos, *m, c.value + 1)) << c.fen << ' ' << c.move;
  }
}

}  // namespace
}  // namespace qi::engine
