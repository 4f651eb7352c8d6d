// The shipped chess network (engine/games/chess/nnue.h) has learned what
// every beginner knows: the start is about even and a queen is a lot. A
// network trained wrongly (views swapped, weights written in the wrong
// order) fails these; its mirror symmetry is checked in
// evaluation_symmetry_test.cpp.
#include <gtest/gtest.h>

#include <string>

#include "engine/games/chess/nnue.h"
#include "games/chess/position.h"
#include "games/chess/types.h"

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

// Walks every line `depth` plies deep, evaluating through the stack at
// some nodes only (so updates also catch up over several plies, and
// siblings reuse their parent), and compares with a fresh sum at each.
int check_incremental(chess::Position& pos, chess_nnue::AccumulatorStack& stack, int ply, int depth,
                      int& visited) {
  int mismatches = 0;
  if (++visited % 3 == 0 || depth == 0)
    if (stack.evaluate(pos, ply) != chess_nnue::evaluate(pos)) {
      ++mismatches;
      ADD_FAILURE() << "incremental score differs in " << pos.fen();
    }
  if (depth == 0) return mismatches;
  chess::Position::MoveList moves;
  pos.generate_legal(moves);
  for (const chess::Move m : moves) {
    stack.push(ply + 1, chess_nnue::change_of(pos, m));
    pos.make(m);
    mismatches += check_incremental(pos, stack, ply + 1, depth - 1, visited);
    pos.unmake(m);
  }
  if (!pos.in_check()) {  // a null move changes no input
    stack.push(ply + 1, {});
    pos.make_null();
    mismatches += check_incremental(pos, stack, ply + 1, depth - 1, visited);
    pos.unmake_null();
  }
  return mismatches;
}

TEST(ChessNetwork, IncrementalAccumulatorsMatchAFreshSum) {
  // Castling both ways, en passant, promotions with and without capture,
  // and ordinary captures within three plies.
  for (const char* fen :
       {"r3k2r/pPppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/P1PBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/2pP4/8/8/8/R3K2R w KQkq c6 0 2", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"}) {
    auto pos = chess::Position::from_fen(fen);
    ASSERT_TRUE(pos.has_value()) << fen;
    chess_nnue::AccumulatorStack stack;
    stack.set_root(*pos);
    int visited = 0;
    EXPECT_EQ(check_incremental(*pos, stack, 0, 3, visited), 0) << fen;
    EXPECT_GT(visited, 1000) << fen;
  }
}

}  // namespace
}  // namespace qi::engine::test
