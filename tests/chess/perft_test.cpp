// Perft counts against the published numbers (Chess Programming Wiki,
// "Perft Results", and well-known edge-case positions), plus checks that
// make/unmake restore the position, its FEN and its hash exactly.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "../support/positions.h"
#include "core/perft.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

struct PerftCase {
  const char* name;
  const char* fen;
  std::vector<std::uint64_t> counts;  // depth 1, 2, ...
};

constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const std::vector<PerftCase>& published() {
  static const std::vector<PerftCase> cases = {
      {"Start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {20, 400, 8902, 197281, 4865609}},
      {"Kiwipete", kKiwipete, {48, 2039, 97862, 4085603}},
      {"Position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624}},
      {"Position4",
       "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
       {6, 264, 9467, 422333}},
      {"Position4Mirrored",
       "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
       {6, 264, 9467, 422333}},
      {"Position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", {44, 1486, 62379, 2103487}},
      {"Position6",
       "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
       {46, 2079, 89890}},
      // Edge cases, each named after what it probes.
      {"EnPassantRankPin", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", {18, 92, 1670, 10138}},
      {"EnPassantDiagonalPin", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", {13, 102, 1266, 10276}},
      {"EnPassantGivesCheck", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", {15, 126, 1928, 13931}},
      {"ShortCastlingGivesCheck", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", {15, 66, 1198, 6399}},
      {"LongCastlingGivesCheck", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", {16, 71, 1286, 7418}},
      {"CastlingAndAttacks", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", {26, 1141, 27826}},
      {"CastlingPrevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", {44, 1494, 50509}},
      {"PromoteOutOfCheck", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", {11, 133, 1442, 19174}},
      {"DiscoveredCheck", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", {29, 165, 5160, 31961}},
      {"PromoteToGiveCheck", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", {9, 40, 472, 2661, 38983}},
      {"UnderpromoteToCheck", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", {6, 27, 273, 1329, 18135}},
      {"SelfStalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", {2, 6, 13, 63, 382, 2217}},
      {"StalemateAndCheckmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", {10, 25, 268, 926, 10857}},
      {"DoubleCheck", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", {37, 183, 6559, 23527}},
  };
  return cases;
}

TEST(ChessPerft, PublishedCounts) {
  for (const PerftCase& c : published()) {
    Position pos = test::valid_position<Position>(c.fen);
    for (std::size_t d = 0; d < c.counts.size(); ++d)
      EXPECT_EQ(perft(pos, static_cast<int>(d) + 1), c.counts[d]) << c.name << " depth " << d + 1;
    EXPECT_EQ(pos.fen(), test::valid_position<Position>(c.fen).fen())
        << c.name << ": perft must leave the position as it was";
  }
}

TEST(ChessPerft, CountLegalEqualsGeneratedListSize) {
  for (const PerftCase& c : published()) {
    Position pos = test::valid_position<Position>(c.fen);
    Position::MoveList moves;
    pos.generate_legal(moves);
    EXPECT_EQ(pos.count_legal(), moves.size()) << c.name;
  }
}

TEST(ChessPerft, DivideSumsToPerft) {
  Position pos = test::valid_position<Position>(kKiwipete);
  std::uint64_t sum = 0;
  for (const auto& [move, count] : perft_divide(pos, 3)) sum += count;
  EXPECT_EQ(sum, 97862u);
}

// Walks the tree: at every node, each legal move made and unmade must give
// back the same FEN and hash, and the incremental hash after the move must
// equal the hash computed from scratch.
void check_make_unmake(Position& pos, int depth, int& checked) {
  const std::string fen = pos.fen();
  const std::uint64_t hash = pos.hash();
  ASSERT_EQ(hash, pos.compute_hash()) << fen;
  if (depth == 0) return;
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    pos.make(m);
    ASSERT_EQ(pos.hash(), pos.compute_hash()) << fen << " after " << to_uci(m);
    ASSERT_EQ(pos.last_move(), m);
    check_make_unmake(pos, depth - 1, checked);
    pos.unmake(m);
    ++checked;
    ASSERT_EQ(pos.fen(), fen) << "unmake " << to_uci(m);
    ASSERT_EQ(pos.hash(), hash) << fen << " unmake " << to_uci(m);
  }
}

TEST(ChessPerft, MakeUnmakeRestoresFenAndHash) {
  for (const PerftCase& c : published()) {
    Position pos = test::valid_position<Position>(c.fen);
    int checked = 0;
    check_make_unmake(pos, 3, checked);
    EXPECT_GT(checked, 0) << c.name;
  }
}

TEST(ChessPerft, FenOfEveryNodeReadsBackToTheSamePosition) {
  Position pos = test::valid_position<Position>(kKiwipete);
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    pos.make(m);
    Position::MoveList replies;
    pos.generate_legal(replies);
    for (Move r : replies) {
      pos.make(r);
      Position copy = test::valid_position<Position>(pos.fen());
      EXPECT_EQ(copy.fen(), pos.fen());
      EXPECT_EQ(copy.hash(), pos.hash()) << pos.fen();
      EXPECT_EQ(copy.count_legal(), pos.count_legal()) << pos.fen();
      pos.unmake(r);
    }
    pos.unmake(m);
  }
}

// A long random line: the undo stack must grow past its first reservation
// (1024 records) and still unwind to the start.
TEST(ChessPerft, LongLinesGrowTheUndoStack) {
  Position pos;
  std::uint64_t seed = 12345;
  std::vector<Move> played;
  for (int step = 0; step < 4000; ++step) {
    Position::MoveList moves;
    pos.generate_legal(moves);
    if (moves.empty()) {  // mate or stalemate: step back a little and go on
      for (int i = 0; i < 4 && !played.empty(); ++i) {
        pos.unmake(played.back());
        played.pop_back();
      }
      continue;
    }
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    Move m = moves[(seed >> 33) % moves.size()];
    pos.make(m);
    played.push_back(m);
  }
  EXPECT_EQ(pos.ply_count(), static_cast<int>(played.size()));
  EXPECT_GT(pos.ply_count(), 1024);
  EXPECT_EQ(pos.hash(), pos.compute_hash());
  while (!played.empty()) {
    pos.unmake(played.back());
    played.pop_back();
  }
  EXPECT_EQ(pos.fen(), Position().fen());
}

}  // namespace
}  // namespace qi::chess
