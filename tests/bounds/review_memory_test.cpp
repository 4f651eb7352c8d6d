// A review holds one game at a time, not one copy of the game for every
// position: the memory it needs at its peak grows with the game's length,
// not with its square. Counted by the allocator, not by the clock.
#include <gtest/gtest.h>

#include <algorithm>

#include "allocation_count.h"
#include "app/engine_opponent.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "long_games.h"

namespace qi::test {
namespace {

// The most memory held while `review` runs, beyond what was held before.
template <class Review>
double peak_of(Review review) {
  const std::int64_t before = held_bytes();
  reset_peak();
  review();
  return static_cast<double>(peak_held_bytes() - before);
}

std::unique_ptr<Game> played(const LongGame& lg, std::size_t plies) {
  std::unique_ptr<Game> game = std::move(make_game(lg.game, lg.variant).value());
  if (!lg.fen.empty()) {
    EXPECT_TRUE(game->set_fen(lg.fen));
  }
  for (const std::string& m : lg.moves(plies)) EXPECT_TRUE(game->play(m)) << m;
  return game;
}

app::EngineOpponentOptions quick() {
  app::EngineOpponentOptions o = app::EngineOpponentOptions::minimal();
  o.review_depth = 1;
  return o;
}

TEST(ReviewMemory, AReviewsPeakGrowsWithTheGameNotWithItsSquare) {
  app::EngineOpponent engine(quick());
  const std::size_t n = app::kMaxGamePlies / 4, twice = 2 * n;
  for (const LongGame& lg : long_games()) {
    const std::unique_ptr<Game> short_game = played(lg, n), long_game = played(lg, twice);
    (void)engine.review(*played(lg, 4), nullptr);  // the engines and their tables, made once
    const double once = peak_of([&] { (void)engine.review(*short_game, nullptr); });
    const double double_ = peak_of([&] { (void)engine.review(*long_game, nullptr); });
    EXPECT_LE(double_, 2.2 * once) << lg.game << " " << lg.variant << ": a review of " << n
                                   << " plies held at most " << once << " bytes more, of " << twice << ": "
                                   << double_;
  }
}

// The manager's review (the engine's, then its JSON) the same, and what it
// keeps of a review (its text, for the next request) in proportion to the
// game.
TEST(ReviewMemory, TheManagersReviewAndWhatItKeepsGrowWithTheGame) {
  auto store = app::SqliteStore::open(":memory:").value();
  FakeClock time;
  app::EngineOpponent engine(quick());
  app::SessionManager manager{*store, engine, time, app::ManagerOptions::driven_by_caller()};
  const std::vector<LongGame> games = long_games();
  auto found = std::find_if(games.begin(), games.end(), [](const LongGame& g) { return g.game == "chess"; });
  ASSERT_NE(found, games.end());
  const LongGame& chess = *found;
  const std::size_t n = app::kMaxGamePlies / 4;
  std::vector<std::string> ids;
  for (std::size_t plies : {std::size_t{4}, n, 2 * n}) {
    app::SessionSetup setup;
    auto created = manager.create(setup, chess.record(plies));
    ASSERT_TRUE(created) << created.error().message;
    ids.push_back((*created)["id"]);
  }
  (void)manager.review(ids[0]);
  double peak[2], kept[2];
  for (int i = 0; i < 2; ++i) {
    const std::int64_t before = held_bytes();
    peak[i] = peak_of([&] { ASSERT_TRUE(manager.review(ids[i + 1])); });
    kept[i] = static_cast<double>(held_bytes() - before);
  }
  EXPECT_LE(peak[1], 2.2 * peak[0]) << peak[0] << " bytes at the peak of a review of " << n << " plies, "
                                    << peak[1] << " of " << 2 * n;
  EXPECT_LE(kept[1], 2.2 * kept[0] + 4096)
      << kept[0] << " bytes kept after a review of " << n << " plies, " << kept[1] << " of " << 2 * n;
  // The text of a ply's review, kept: a few hundred bytes (its FEN, scores,
  // best move and its notations), not the JSON library's values for them.
  EXPECT_LE(kept[1] / static_cast<double>(2 * n), 1024.0);
}

// One review searches about a stated number of nodes in all, however long
// the game: its positions share them.
TEST(ReviewWork, ALongGamesPositionsShareTheReviewsBudget) {
  app::EngineOpponent engine;
  const app::EngineOpponentOptions& o = engine.options();
  EXPECT_EQ(engine.review_nodes_per_position(100), o.review_nodes);
  for (std::size_t positions : {std::size_t{201}, app::kMaxGamePlies / 2, app::kMaxGamePlies + 1}) {
    const std::uint64_t each = engine.review_nodes_per_position(positions);
    EXPECT_LT(each, o.review_nodes);
    EXPECT_LE(each * positions, o.review_total_nodes) << positions;
  }
}

}  // namespace
}  // namespace qi::test
