// Tic-tac-toe at level 10 never loses: every strategy of the opponent is
// walked, as X and as O, with the engine answering each position.
#include <gtest/gtest.h>

#include "engine_test_util.h"
#include "games/tictactoe/board.h"
#include "games/tictactoe/notation.h"

namespace qi::engine::test {
namespace {

struct Walk {
  explicit Walk(Side side) : engine_side(side) {}
  Engine engine;
  Side engine_side;
  int games = 0, losses = 0;

  void from(tictactoe::Board board) {
    if (board.game_over()) {
      ++games;
      if (board.someone_won() && board.side_to_move() == engine_side) ++losses;
      return;
    }
    if (board.side_to_move() == engine_side) {
      ASSERT_TRUE(engine.set_position(tictactoe::position_text(board), {}).has_value());
      SearchResult r = search_depth(engine, 9);
      auto m = tictactoe::parse_move(board, r.best);
      ASSERT_TRUE(m.has_value()) << r.best;
      board.make(*m);
      from(board);
      return;
    }
    tictactoe::Board::MoveList moves;
    board.generate_legal(moves);
    for (auto m : moves) {
      tictactoe::Board next = board;
      next.make(m);
      from(next);
    }
  }
};

void walk_as(Side side) {
  Walk w(side);
  ASSERT_TRUE(w.engine.set_game("tictactoe").has_value());
  w.engine.set_hash_mb(1);
  w.engine.options().level = 10;
  w.from(tictactoe::Board());
  EXPECT_GT(w.games, 0);
  EXPECT_EQ(w.losses, 0);
}

TEST(TictactoeLevelTen, NeverLosesAsX) { walk_as(Side::First); }
TEST(TictactoeLevelTen, NeverLosesAsO) { walk_as(Side::Second); }

}  // namespace
}  // namespace qi::engine::test
