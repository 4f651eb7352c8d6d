// The rules of tic-tac-toe, one test per rule, on the compile-time Board.
#include <gtest/gtest.h>

#include <bit>
#include <set>
#include <string>

#include "core/game_state.h"
#include "core/perft.h"
#include "games/tictactoe/board.h"
#include "games/tictactoe/notation.h"
#include "test_positions.h"

namespace qi::tictactoe {
namespace {

using testing::play;
using testing::position;
using testing::square;

static_assert(GameState<Board>);

std::vector<int> squares_of(Mask marks) {
  std::vector<int> out;
  for (int s = 0; s < kSquares; ++s)
    if (marks & bit(s)) out.push_back(s);
  return out;
}

std::vector<int> legal_squares(const Board& board) {
  Board::MoveList moves;
  board.generate_legal(moves);
  std::vector<int> out;
  for (Move m : moves) out.push_back(m.square);
  return out;
}

TEST(TicTacToeRules, XMovesFirst) {
  Board board;
  EXPECT_EQ(board.side_to_move(), Side::First);
  EXPECT_EQ(side_name(Side::First), "X");
  board.make(square("a1"));
  EXPECT_EQ(board.marks(Side::First), bit(square("a1").square));
  EXPECT_EQ(board.side_to_move(), Side::Second);
}

TEST(TicTacToeRules, PlayersTakeTurns) {
  Board board = play({"a1", "b2", "c3"});
  EXPECT_EQ(squares_of(board.marks(Side::First)), (std::vector<int>{0, 8}));
  EXPECT_EQ(squares_of(board.marks(Side::Second)), (std::vector<int>{4}));
  EXPECT_EQ(board.side_to_move(), Side::Second);
}

TEST(TicTacToeRules, AMoveFillsAnEmptySquare) {
  Board board = play({"a1", "b2", "c3"});
  EXPECT_EQ(legal_squares(board), (std::vector<int>{1, 2, 3, 5, 6, 7}));
  EXPECT_EQ(legal_squares(Board{}).size(), 9u);
  EXPECT_EQ(board.count_legal(), 6u);
}

// X completes each line in turn while O plays two squares off it; then O
// completes each line while X's three marks elsewhere hold no line.
TEST(TicTacToeRules, ThreeInARowWins) {
  for (Mask line : kLines) {
    const std::vector<int> on = squares_of(line), off = squares_of(kAllSquares & ~line);
    Board x_wins;
    x_wins.make(Move{std::uint8_t(on[0])});
    x_wins.make(Move{std::uint8_t(off[0])});
    x_wins.make(Move{std::uint8_t(on[1])});
    x_wins.make(Move{std::uint8_t(off[1])});
    EXPECT_EQ(x_wins.result(), Result::None);
    x_wins.make(Move{std::uint8_t(on[2])});
    EXPECT_EQ(x_wins.result(), Result::Loss) << "O to move has lost to X's line " << line;
    EXPECT_EQ(game_over_reason(x_wins), "X has three in a row");

    std::vector<int> x_squares;  // three off the line without a line of their own
    for (std::size_t a = 0; a < off.size() && x_squares.empty(); ++a)
      for (std::size_t b = a + 1; b < off.size() && x_squares.empty(); ++b)
        for (std::size_t c = b + 1; c < off.size() && x_squares.empty(); ++c)
          if (!has_line(bit(off[a]) | bit(off[b]) | bit(off[c]))) x_squares = {off[a], off[b], off[c]};
    ASSERT_EQ(x_squares.size(), 3u);
    Board o_wins;
    for (int i = 0; i < 3; ++i) {
      o_wins.make(Move{std::uint8_t(x_squares[i])});
      EXPECT_EQ(o_wins.result(), Result::None);
      o_wins.make(Move{std::uint8_t(on[i])});
    }
    EXPECT_EQ(o_wins.side_to_move(), Side::First);
    EXPECT_EQ(o_wins.result(), Result::Loss) << "X to move has lost to O's line " << line;
    EXPECT_EQ(game_over_reason(o_wins), "O has three in a row");
  }
}

TEST(TicTacToeRules, TwoInARowIsNotALine) {
  for (Mask line : kLines)
    for (int s : squares_of(line)) EXPECT_FALSE(has_line(line & ~bit(s)));
  EXPECT_FALSE(has_line(bit(0) | bit(4) | bit(5)));  // a bent three
}

TEST(TicTacToeRules, FullBoardDraw) {
  // Ends as x o x / x o o / o x x: no line for either side.
  Board board = play({"a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1"});
  EXPECT_EQ(board.result(), Result::None);
  board.make(square("c1"));
  EXPECT_EQ(position_text(board), "xox/xoo/oxx o");
  EXPECT_EQ(board.result(), Result::Draw);
  EXPECT_TRUE(legal_squares(board).empty());
  EXPECT_EQ(game_over_reason(board), "the board is full with no three in a row");
}

TEST(TicTacToeRules, LineOnTheLastSquareWinsNotDraws) {
  // X's ninth-ply mark on b2 completes both diagonals and fills the board.
  Board board = position("xox/o.o/xox x");
  EXPECT_EQ(board.result(), Result::None);
  board.make(square("b2"));
  EXPECT_EQ(board.occupied(), kAllSquares);
  EXPECT_EQ(board.result(), Result::Loss);
}

TEST(TicTacToeRules, GameStopsAtFirstLine) {
  Board board = play({"a1", "a2", "b1", "b2", "c1"});  // X's bottom row, four squares still empty
  EXPECT_EQ(board.result(), Result::Loss);
  EXPECT_TRUE(legal_squares(board).empty());
  EXPECT_EQ(board.count_legal(), 0u);
  EXPECT_EQ(perft(board, 1), 0u);
  EXPECT_EQ(perft(board, 0), 1u);
}

TEST(TicTacToeRules, UnmakeRestoresThePosition) {
  Board board = play({"b2", "a1"});
  const Board before = board;
  for (Move m : {square("c3"), square("a3"), square("c1")}) {
    board.make(m);
    EXPECT_NE(board, before);
    board.unmake(m);
    EXPECT_EQ(board, before);
    EXPECT_EQ(board.hash(), before.hash());
  }
}

TEST(TicTacToeRules, HashDependsOnThePositionOnly) {
  // The same marks reached in two orders, and set up directly, hash alike.
  const Board a = play({"a1", "b2", "c3", "c1"});
  const Board b = play({"c3", "c1", "a1", "b2"});
  const Board c = position("..x/.o./x.o x");
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  EXPECT_EQ(a.hash(), position(position_text(a)).hash());
  EXPECT_NE(a.hash(), play({"a1", "b2", "c3", "a3"}).hash());
}

TEST(TicTacToeRules, HashTellsEveryPositionApart) {
  std::set<std::uint64_t> hashes, keys;
  const std::vector<Board> all = testing::reachable_positions();
  for (const Board& board : all) {
    hashes.insert(board.hash());
    keys.insert(board.key());
  }
  EXPECT_EQ(hashes.size(), all.size());
  EXPECT_EQ(keys.size(), all.size());
}

// Perft counts move sequences; since play stops at a line, perft(9) counts the
// games that fill the board. Published figures (every tic-tac-toe sequence
// of n plies).
TEST(TicTacToeRules, PerftCountsSequencesThatStopAtLines) {
  const std::uint64_t expected[] = {1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872, 0};
  Board board;
  for (int depth = 0; depth <= 10; ++depth)
    EXPECT_EQ(perft(board, depth), expected[depth]) << "depth " << depth;
}

}  // namespace
}  // namespace qi::tictactoe
