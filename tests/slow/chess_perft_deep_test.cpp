// Deep chess perft against the published counts (Chess Programming Wiki,
// "Perft Results", and well-known edge-case positions). Seconds in Release;
// excluded from the default test run.
#include <gtest/gtest.h>

#include "../support/positions.h"
#include "core/perft.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

TEST(ChessPerftDeep, StartDepth6) {
  EXPECT_EQ(test::checked_perft<Position>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6),
            119060324u);
}

TEST(ChessPerftDeep, StartDepth7) {
  EXPECT_EQ(test::checked_perft<Position>("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 7),
            3195901860u);
}

TEST(ChessPerftDeep, KiwipeteDepth5) {
  EXPECT_EQ(test::checked_perft<Position>(
                "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5),
            193690690u);
}

TEST(ChessPerftDeep, Position3Depth7) {
  EXPECT_EQ(test::checked_perft<Position>("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7), 178633661u);
}

TEST(ChessPerftDeep, Position4Depth6) {
  EXPECT_EQ(
      test::checked_perft<Position>("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 6),
      706045033u);
}

TEST(ChessPerftDeep, Position4MirroredDepth5) {
  EXPECT_EQ(
      test::checked_perft<Position>("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 5),
      15833292u);
}

TEST(ChessPerftDeep, Position5Depth5) {
  EXPECT_EQ(test::checked_perft<Position>("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5),
            89941194u);
}

TEST(ChessPerftDeep, Position6Depth5) {
  EXPECT_EQ(test::checked_perft<Position>(
                "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 5),
            164075551u);
}

TEST(ChessPerftDeep, EdgeCases) {
  const std::pair<const char*, std::pair<int, std::uint64_t>> cases[] = {
      {"3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", {6, 1134888}},          // en passant along a pinned rank
      {"8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", {6, 1015133}},         // en passant along a pinned diagonal
      {"8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {6, 1440467}},        // en passant capture gives check
      {"5k2/8/8/8/8/8/8/4K2R w K - 0 1", {6, 661072}},              // short castling gives check
      {"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {6, 803711}},              // long castling gives check
      {"r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {4, 1274206}},  // castling rights
      {"r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {4, 1720476}},   // castling prevented
      {"2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {6, 3821001}},          // promote out of check
      {"8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {5, 1004658}},        // discovered check
      {"4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {6, 217342}},              // promote to give check
      {"8/P1k5/K7/8/8/8/8/8 w - - 0 1", {6, 92683}},                // underpromote to check
      {"K1k5/8/P7/8/8/8/8/8 w - - 0 1", {6, 2217}},                 // self stalemate
      {"8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {7, 567584}},              // stalemate and checkmate
      {"8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {4, 23527}},            // double check
  };
  for (const auto& [fen, expected] : cases)
    EXPECT_EQ(test::checked_perft<Position>(fen, expected.first), expected.second) << fen;
}

}  // namespace
}  // namespace qi::chess
