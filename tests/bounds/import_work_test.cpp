// An import costs work in proportion to its plies, in every game: a record
// twice as long costs at most about twice as much. The work is counted, not
// timed: the bytes allocated (a copy of the game's history at every ply is
// what made imports quadratic) and the positions of the history the rules
// looked back over (core/work_count.h: a repetition counted over the whole
// game at every ply is the other way to be quadratic).
#include <gtest/gtest.h>

#include "allocation_count.h"
#include "app/record_import.h"
#include "app/session.h"
#include "app/view_text.h"
#include "core/work_count.h"
#include "long_games.h"

namespace qi::test {
namespace {

struct Work {
  double bytes = 0;
  double positions = 0;
};

// What the app does with an imported record before it answers: the record
// read and replayed, the session made and its moves played, the view written.
Work import_work(const LongGame& lg, std::size_t plies) {
  const std::uint64_t bytes = allocated_bytes();
  const std::uint64_t positions = history_work;
  Expected<app::ImportedGame> imported = app::import_record(lg.game, lg.variant, lg.record(plies));
  EXPECT_TRUE(imported) << lg.game << " " << lg.variant << ": " << imported.error().message;
  if (!imported) return {};
  EXPECT_EQ(imported->moves.size(), plies);
  app::SessionSetup setup;
  setup.game = lg.game;
  setup.variant = imported->variant;
  setup.fen = imported->start_fen;
  auto session = app::Session::create("g", setup, 0);
  EXPECT_TRUE(session);
  if (!session) return {};
  EXPECT_TRUE((*session)->play_history(imported->moves, 0));
  app::ViewText view;
  EXPECT_FALSE(view.write(**session, 0).text.empty());
  return {static_cast<double>(allocated_bytes() - bytes), static_cast<double>(history_work - positions)};
}

TEST(ImportWork, DoublingAGamesPliesAtMostDoublesTheWorkOfItsImport) {
  const std::vector<LongGame> games = long_games();
  ASSERT_GE(games.size(), 6u);  // chess, Chess960, xiangqi and the draughts variants
  // Long enough that a cost of the game's length at every ply shows (four
  // times the work at twice the plies), within the app's bound.
  const std::size_t n = app::kMaxGamePlies / 4, twice = 2 * n;
  for (const LongGame& lg : games) {
    (void)import_work(lg, 8);  // what is made once per program (tables, books) is not the import's
    const Work once = import_work(lg, n), double_ = import_work(lg, twice);
    EXPECT_LE(double_.bytes, 2.2 * once.bytes)
        << lg.game << " " << lg.variant << ": " << once.bytes << " bytes for " << n << " plies, "
        << double_.bytes << " for " << twice;
    EXPECT_LE(double_.positions, 2.2 * once.positions + 100)
        << lg.game << " " << lg.variant << ": " << once.positions << " positions looked back at for " << n
        << " plies, " << double_.positions << " for " << twice;
  }
}

}  // namespace
}  // namespace qi::test
