// The shipped networks (engine/network.h; chess's and xiangqi's nnue.h) have
// learned what every beginner knows: the start is about even and a queen or
// a chariot is a lot. A network trained wrongly (views swapped, weights
// written in the wrong order) fails these; their mirror symmetry is checked
// in evaluation_symmetry_test.cpp. The accumulators a search updates move
// by move must equal a fresh sum at every node.
#include <gtest/gtest.h>

#include <string>

#include "engine/games/chess/nnue.h"
#include "engine/games/xiangqi/nnue.h"
#include "games/chess/position.h"
#include "games/chess/types.h"
#include "games/xiangqi/position.h"

namespace qi::engine::test {
namespace {

Score chess_score(const std::string& fen) {
  auto pos = chess::Position::from_fen(fen);
  EXPECT_TRUE(pos.has_value()) << fen;
  return pos ? chess_nnue::evaluate(*pos) : 0;
}

Score xiangqi_score(const std::string& fen) {
  auto pos = xiangqi::Position::from_fen(fen);
  EXPECT_TRUE(pos.has_value()) << fen;
  return pos ? xiangqi_nnue::evaluate(*pos) : 0;
}

TEST(ChessNetwork, TheStartIsAboutEven) {
  const Score s = chess_score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_GT(s, -100);
  EXPECT_LT(s, 100);
}

TEST(ChessNetwork, AQueenUpIsWinningForEitherSideToMove) {
  // White has no queen.
  EXPECT_LT(chess_score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"), -500);
  EXPECT_GT(chess_score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR b KQkq - 0 1"), 500);
}

TEST(ChessNetwork, MoreMaterialScoresHigher) {
  // The same ending with a pawn, a knight, a rook and a queen for White.
  const Score pawn = chess_score("4k3/8/8/8/8/8/3P4/4K3 w - - 0 1");
  const Score knight = chess_score("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1");
  const Score rook = chess_score("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1");
  const Score queen = chess_score("4k3/8/8/8/8/8/3Q4/4K3 w - - 0 1");
  EXPECT_LT(rook, queen);
  EXPECT_LT(pawn, rook);
  EXPECT_LT(knight, rook);
}

TEST(XiangqiNetwork, TheStartIsAboutEven) {
  const Score s = xiangqi_score("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
  EXPECT_GT(s, -100);
  EXPECT_LT(s, 100);
}

TEST(XiangqiNetwork, AChariotUpIsWinningForEitherSideToMove) {
  // Red has no chariot on a1.
  EXPECT_LT(xiangqi_score("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"), -300);
  EXPECT_GT(xiangqi_score("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR b - - 0 1"), 300);
}

// Walks every line `depth` plies deep, evaluating through the stack at
// some nodes only (so updates also catch up over several plies, and
// siblings reuse their parent), and compares with a fresh sum at each.
template <class Position, class Stack, class ChangeOf, class Evaluate>
int check_incremental(Position& pos, Stack& stack, int ply, int depth, int& visited, ChangeOf change_of,
                      Evaluate evaluate) {
  int mismatches = 0;
  if (++visited % 3 == 0 || depth == 0) {
    if (stack.evaluate(pos, ply) != evaluate(pos)) {
      ADD_FAILURE() << pos.fen() << " at ply " << ply;
      ++mismatches;
    }
  }
  if (depth == 0) return mismatches;
  typename Position::MoveList moves;
  pos.generate_legal(moves);
  for (const auto m : moves) {
    stack.push(ply + 1, change_of(pos, m));
    pos.make(m);
    mismatches += check_incremental(pos, stack, ply + 1, depth - 1, visited, change_of, evaluate);
    pos.unmake(m);
  }
  if (!pos.in_check()) {  // a null move changes no input
    stack.push(ply + 1, {});
    pos.make_null();
    mismatches += check_incremental(pos, stack, ply + 1, depth - 1, visited, change_of, evaluate);
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
    EXPECT_EQ(check_incremental(
                  *pos, stack, 0, 3, visited,
                  [](const chess::Position& p, chess::Move m) { return chess_nnue::change_of(p, m); },
                  [](const chess::Position& p) { return chess_nnue::evaluate(p); }),
              0)
        << fen;
    EXPECT_GT(visited, 1000) << fen;
  }
}

TEST(XiangqiNetwork, IncrementalAccumulatorsMatchAFreshSum) {
  // The start, and a middle game with captures of every kind within reach.
  for (const char* fen : {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
                          "r1bakab1r/9/1cn3nc1/p1p1C1p1p/9/2P6/P3P1P1P/2N3NC1/9/R1BAKAB1R b - - 0 5"}) {
    auto pos = xiangqi::Position::from_fen(fen);
    ASSERT_TRUE(pos.has_value()) << fen;
    xiangqi_nnue::AccumulatorStack stack;
    stack.set_root(*pos);
    int visited = 0;
    EXPECT_EQ(check_incremental(
                  *pos, stack, 0, 3, visited,
                  [](const xiangqi::Position& p, xiangqi::Move m) { return xiangqi_nnue::change_of(p, m); },
                  [](const xiangqi::Position& p) { return xiangqi_nnue::evaluate(p); }),
              0)
        << fen;
    EXPECT_GT(visited, 1000) << fen;
  }
}

}  // namespace
}  // namespace qi::engine::test
