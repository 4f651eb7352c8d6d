// The figures of the rule document, computed by walking the game tree.
#include <gtest/gtest.h>

#include <set>

#include "games/tictactoe/census.h"
#include "games/tictactoe/symmetry.h"
#include "test_positions.h"

namespace qi::tictactoe {
namespace {

using testing::play;
using testing::position;

TEST(TicTacToeFigures, CompleteGamesFromTheStart) {
  const GameCounts counts = count_games(Board{});
  EXPECT_EQ(counts.games, 255168u);
  EXPECT_EQ(counts.x_wins, 131184u);
  EXPECT_EQ(counts.o_wins, 77904u);
  EXPECT_EQ(counts.draws, 46080u);
}

TEST(TicTacToeFigures, FinalPositionsUpToSymmetry) {
  const TerminalClasses classes = count_terminal_classes(Board{});
  EXPECT_EQ(classes.total, 138u);
  EXPECT_EQ(classes.x_wins, 91u);
  EXPECT_EQ(classes.o_wins, 44u);
  EXPECT_EQ(classes.draws, 3u);
}

TEST(TicTacToeFigures, ReachablePositions) { EXPECT_EQ(count_positions(Board{}), 5478u); }

TEST(TicTacToeFigures, FillingsAndMoveOrdersIgnoringTheRules) {
  EXPECT_EQ(count_board_fillings(), 19683u);  // 3^9
  EXPECT_EQ(count_move_orders(), 362880u);    // 9!
}

TEST(TicTacToeFigures, AFinishedGameIsOneGame) {
  const GameCounts won = count_games(position("xxx/oo./... o"));
  EXPECT_EQ(won.games, 1u);
  EXPECT_EQ(won.x_wins, 1u);
  EXPECT_EQ(count_positions(position("xxx/oo./... o")), 1u);
  const GameCounts drawn = count_games(position("xox/xoo/oxx o"));
  EXPECT_EQ(drawn.games, 1u);
  EXPECT_EQ(drawn.draws, 1u);
}

// A position's games are the games of its children added up.
TEST(TicTacToeFigures, GamesAddUpOverMoves) {
  const Board board = play({"b2", "a1"});
  const GameCounts total = count_games(board);
  GameCounts sum;
  Board::MoveList moves;
  board.generate_legal(moves);
  for (Move m : moves) {
    Board child = board;
    child.make(m);
    const GameCounts c = count_games(child);
    sum.games += c.games;
    sum.x_wins += c.x_wins;
    sum.o_wins += c.o_wins;
    sum.draws += c.draws;
  }
  EXPECT_EQ(total.games, sum.games);
  EXPECT_EQ(total.x_wins, sum.x_wins);
  EXPECT_EQ(total.o_wins, sum.o_wins);
  EXPECT_EQ(total.draws, sum.draws);
  EXPECT_EQ(total.games, total.x_wins + total.o_wins + total.draws);
}

TEST(TicTacToeSymmetry, EightDistinctImages) {
  // X on a1 and b1, O on c3: no symmetry maps this position onto itself.
  const Board board = play({"a1", "c3", "b1"});
  std::set<std::uint32_t> images;
  for (int s = 0; s < kSymmetries; ++s) {
    const Mask x = transform(board.marks(Side::First), s), o = transform(board.marks(Side::Second), s);
    EXPECT_EQ(std::popcount(unsigned(x)), 2);
    EXPECT_EQ(has_line(x), false);
    images.insert(x | std::uint32_t(o) << 9);
    EXPECT_EQ(canonical_key(Board::from_marks(x, o, Side::Second)), canonical_key(board));
  }
  EXPECT_EQ(images.size(), 8u);
  EXPECT_EQ(transform(0421, 0), 0421);
}

TEST(TicTacToeSymmetry, LinesMapToLines) {
  for (int s = 0; s < kSymmetries; ++s)
    for (Mask line : kLines) EXPECT_TRUE(has_line(transform(line, s))) << s << ' ' << line;
}

}  // namespace
}  // namespace qi::tictactoe
