// The same legal moves as Fairy-Stockfish in positions from random play,
// and every legal move survives printing and re-reading in each notation.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "core/perft.h"
#include "games/xiangqi/notation.h"
#include "random_positions.h"
#include "reference_engine.h"

namespace qi::xiangqi {
namespace {

std::vector<std::string> our_moves(const Position& pos) {
  Position::MoveList list;
  pos.generate_legal(list);
  std::vector<std::string> out;
  for (Move m : list) out.push_back(to_iccs(m));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(XiangqiDifferential, SameLegalMovesAsFairyStockfish) {
  auto started = testing::ReferenceEngine::start();
  if (!started) GTEST_SKIP() << "fairy-stockfish is not installed";
  std::unique_ptr<testing::ReferenceEngine> engine(*started);
  auto positions = testing::random_positions(40, 160, 16);
  ASSERT_GE(positions.size(), 300u);
  int compared = 0;
  for (const Position& pos : positions) {
    std::vector<std::string> theirs = engine->legal_moves(pos.fen());
    std::sort(theirs.begin(), theirs.end());
    ASSERT_EQ(our_moves(pos), theirs) << pos.fen();
    ++compared;
  }
  EXPECT_EQ(compared, static_cast<int>(positions.size()));
}

TEST(XiangqiDifferential, SamePerftAsFairyStockfish) {
  auto started = testing::ReferenceEngine::start();
  if (!started) GTEST_SKIP() << "fairy-stockfish is not installed";
  std::unique_ptr<testing::ReferenceEngine> engine(*started);
  auto positions = testing::random_positions(12, 120, 20, 31);
  positions.push_back(
      *Position::from_fen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"));
  for (Position& pos : positions) EXPECT_EQ(qi::perft(pos, 3), engine->perft(pos.fen(), 3)) << pos.fen();
}

TEST(XiangqiNotation, EveryLegalMoveRoundTripsInEveryNotation) {
  for (const Position& pos : testing::random_positions(30, 160, 8, 7)) {
    Position::MoveList list;
    pos.generate_legal(list);
    for (Move m : list) {
      for (const std::string& text : {to_iccs(m), to_wxf(pos, m), to_chinese(pos, m)}) {
        auto back = parse_move(pos, text);
        ASSERT_TRUE(back) << pos.fen() << " " << text << ": " << back.error().message;
        ASSERT_EQ(*back, m) << pos.fen() << " " << text;
      }
    }
  }
}

}  // namespace
}  // namespace qi::xiangqi
