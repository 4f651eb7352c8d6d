// What a game holds in memory per ply is bounded by a constant (docs/app.md,
// "Games in memory", states it): its moves, its positions and the text of its
// view, each written once. Counted by the allocator.
#include <gtest/gtest.h>

#include "allocation_count.h"
#include "app/session.h"
#include "app/view_text.h"
#include "long_games.h"

namespace qi::test {
namespace {

// A session of `plies` plies and its view, as the manager keeps them, and
// the bytes they hold.
struct Held {
  std::unique_ptr<app::Session> session;
  app::ViewText view;
  app::ViewText::Written written;
};

double held_by(const LongGame& lg, std::size_t plies, Held& out) {
  const std::int64_t before = held_bytes();
  app::SessionSetup setup;
  setup.game = lg.game;
  setup.variant = lg.variant;
  setup.fen = lg.fen;
  out.session = std::move(app::Session::create("g", setup, 0).value());
  EXPECT_TRUE(out.session->play_history(lg.moves(plies), 0));
  out.written = out.view.write(*out.session, 0);
  return static_cast<double>(held_bytes() - before);
}

TEST(SessionMemory, AGameHoldsABoundedNumberOfBytesPerPly) {
  for (const LongGame& lg : long_games()) {
    Held short_game, long_game;
    const std::size_t n = app::kMaxGamePlies / 2;
    const double once = held_by(lg, n, short_game), twice = held_by(lg, 2 * n, long_game);
    const double per_ply = (twice - once) / static_cast<double>(n);
    EXPECT_LE(per_ply, static_cast<double>(app::kGameBytesPerPly))
        << lg.game << " " << lg.variant << ": " << per_ply << " bytes a ply";
    RecordProperty(lg.game + "_" + lg.variant + "_bytes_per_ply", std::to_string(static_cast<int>(per_ply)));
  }
}

}  // namespace
}  // namespace qi::test
