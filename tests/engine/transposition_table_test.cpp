#include <gtest/gtest.h>

#include "engine/score.h"
#include "engine/tt.h"

namespace qi::engine {
namespace {

TEST(TranspositionTable, MateScoreRoundTripKeepsDistanceFromRoot) {
  // A mate found 7 plies from the root, stored at a node 3 plies deep, read
  // back at a node 5 plies deep (a transposition): mate 2 plies further on.
  const Score at_storing_node = mate_in(7);
  TranspositionTable tt;
  tt.resize(1);
  tt.store(0x1234'5678'9abc'def0ULL, 42, to_tt(at_storing_node, 3), 6, Bound::Exact);
  TtHit hit;
  ASSERT_TRUE(tt.probe(0x1234'5678'9abc'def0ULL, hit));
  EXPECT_EQ(from_tt(hit.score, 3), mate_in(7));
  EXPECT_EQ(from_tt(hit.score, 5), mate_in(9));
  EXPECT_EQ(hit.move, 42u);
  EXPECT_EQ(hit.depth, 6);
  EXPECT_EQ(hit.bound, Bound::Exact);
}

TEST(TranspositionTable, MatedScoresRoundTripToo) {
  for (int ply = 0; ply < 40; ++ply)
    for (int stored_at = 0; stored_at < 20; ++stored_at) {
      Score s = mated_in(ply + stored_at);
      EXPECT_EQ(from_tt(to_tt(s, stored_at), stored_at), s);
    }
}

TEST(TranspositionTable, OrdinaryScoresAreStoredAsTheyAre) {
  TranspositionTable tt;
  tt.resize(1);
  for (Score s : {-3000, -1, 0, 1, 250, 7000}) {
    tt.store(99, 0, to_tt(s, 9), 3, Bound::Lower);
    TtHit hit;
    ASSERT_TRUE(tt.probe(99, hit));
    EXPECT_EQ(from_tt(hit.score, 2), s);
  }
}

// An endgame table's win with its distance is counted from the root as a
// mate is: found 5 plies from the end at a node 10 plies deep, it is 5 plies
// from the end wherever it is read again. A win without a distance (the
// evaluation added to it) is stored as it is.
TEST(TranspositionTable, TableWinsKeepTheirDistanceFromTheRoot) {
  for (int distance : {0, 5, 255})
    for (int stored_at = 0; stored_at < kMaxPly; stored_at += 7) {
      const Score win = kTableWin - stored_at - distance;
      const Score kept = to_tt(win, stored_at);
      EXPECT_EQ(kept, kTableWin - distance);
      EXPECT_EQ(from_tt(kept, 4), kTableWin - 4 - distance);
      EXPECT_EQ(from_tt(to_tt(-win, stored_at), 4), -(kTableWin - 4 - distance));
    }
  for (Score s : {kTableWinNoDistance + kTableEvalRange, -kTableWinNoDistance - kTableEvalRange})
    EXPECT_EQ(from_tt(to_tt(s, 9), 2), s);
}

TEST(TranspositionTable, AnotherKeyMisses) {
  TranspositionTable tt;
  tt.resize(1);
  tt.store(5, 1, 10, 2, Bound::Exact);
  TtHit hit;
  EXPECT_FALSE(tt.probe(6, hit));
  tt.clear();
  EXPECT_FALSE(tt.probe(5, hit));
}

}  // namespace
}  // namespace qi::engine
