// The search's move-ordering tables learn from every cut-off both ways: the
// quiet move that beat beta gains, the quiet moves tried before it lose. A
// table that only ever lost would order quiet moves by how rarely they
// failed, not by how often they worked.
#include <gtest/gtest.h>

#include <vector>

#include "engine/games/chess/traits.h"
#include "engine/search.h"

namespace qi::engine {
namespace {

using T = ChessTraits;

// A worker that has searched chess's start position to `depth`.
struct SearchedStart {
  TranspositionTable tt;
  SharedSearch shared;
  Worker<T> worker{shared, 0};

  explicit SearchedStart(int depth) {
    tt.resize(1);
    shared.tt = &tt;
    const T::State pos = T::start();
    T::MoveList legal;
    T::generate(pos, legal);
    const std::vector<std::uint64_t> keys{pos.hash()};
    const std::vector<bool> resets{true};
    worker.setup(shared, pos, keys, resets, Worker<T>::RuleState{},
                 std::vector<T::Move>(legal.begin(), legal.end()));
    shared.node_counters.push_back(&worker.node_counter());
    for (int d = 1; d <= depth; ++d) {
      worker.save_previous_scores();
      worker.iterate(d, 0);
    }
  }
};

// How many entries of a table are above and below zero.
struct Signs {
  int rewarded = 0, penalised = 0;
  void add(int h) {
    rewarded += h > 0;
    penalised += h < 0;
  }
};

TEST(SearchHistory, RewardsTheQuietMoveThatBeatBetaAndPenalisesTheOthers) {
  const SearchedStart s(8);
  Signs signs;
  for (Side side : {Side::First, Side::Second})
    for (int index = 0; index < T::kHistorySize; ++index) signs.add(s.worker.history_score(side, index));
  EXPECT_GT(signs.rewarded, 0);
  EXPECT_GT(signs.penalised, 0);
}

TEST(SearchHistory, ContinuationTablesLearnBothWays) {
  const SearchedStart s(8);
  Signs signs;
  for (int before = 0; before < T::kPieceToSize; ++before)
    for (int now = 0; now < T::kPieceToSize; ++now) signs.add(s.worker.continuation_score(before, now));
  EXPECT_GT(signs.rewarded, 0);
  EXPECT_GT(signs.penalised, 0);
}

}  // namespace
}  // namespace qi::engine
