// The shipped chess network (engine/games/chess_nnue.h) has learned what
// every beginner knows: the start is about even and a queen is a lot. A
// network trained wrongly (views swapped, weights written in the wrong
// order) fails these; its mirror symmetry is checked in
// evaluation_symmetry_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "engine/games/chess_nnue.h"
#include "games/chess/position.h"

namespace qi::engine::test {
namespace {

Score network_score(const std::string& fen) {
  auto pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos.has_value()) << fen;
  return pos ? chess_nnue::evaluate(*pos) : 0;
}

TEST(ChessNetwork, TheStartIsAboutEven) {
  const Score s = network_score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_GT(s, -100);
  EXPECT_LT(s, 100);
}

TEST(ChessNetwork, AQueenUpIsWinningForEitherSideToMove) {
  // White has no queen.
  EXPECT_LT(network_score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"), -500);
  EXPECT_GT(network_score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1"), 500);
}

TEST(ChessNetwork, MoreMaterialScoresHigher) {
  // The same ending with a pawn, a knight, a rook and a queen for White.
  const Score pawn = network_score("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
  const Score knight = network_score("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1");
  const Score rook = network_score("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1");
  const Score queen = network_score("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
  EXPECT_LT(rook, queen);
  EXPECT_LT(pawn, rook);
  EXPECT_LT(knight, rook);
}

}  // namespace
}  // namespace qi::engine::test
