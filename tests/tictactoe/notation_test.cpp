// Position and move text: round trips and every reason a text is refused.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "games/tictactoe/notation.h"
#include "test_positions.h"

namespace qi::tictactoe {
namespace {

using testing::play;
using testing::reachable_positions;

// The error for a position text, or "" if it was accepted.
std::string position_error(std::string_view text) {
  Expected<Board> board = parse_position(text);
  return board ? "" : board.error().message;
}

TEST(TicTacToeNotation, StartPosition) {
  Expected<Board> start = parse_position(kStartPosition);
  ASSERT_TRUE(start);
  EXPECT_EQ(*start, Board{});
  EXPECT_EQ(position_text(Board{}), ".../.../... x");
}

TEST(TicTacToeNotation, RowsRunTopToBottom) {
  // X on a1 (bottom left), O on c3 (top right).
  EXPECT_EQ(position_text(play({"a1", "c3"})), "..o/.../x.. x");
  EXPECT_EQ(*parse_position("..o/.../x.. x"), play({"a1", "c3"}));
}

TEST(TicTacToeNotation, RoundTripsEveryReachablePosition) {
  for (const Board& board : reachable_positions()) {
    const std::string text = position_text(board);
    Expected<Board> back = parse_position(text);
    ASSERT_TRUE(back) << text << ": " << back.error().message;
    EXPECT_EQ(*back, board) << text;
    EXPECT_EQ(back->hash(), board.hash()) << text;
  }
}

// Every filling of the nine squares with either side to move: the parser
// accepts exactly the positions a walk of the game tree reaches.
TEST(TicTacToeNotation, PositionsAcceptedAreExactlyTheReachableOnes) {
  std::set<std::string> reachable;
  for (const Board& board : reachable_positions()) reachable.insert(position_text(board));
  ASSERT_EQ(reachable.size(), 5478u);
  int accepted = 0;
  for (int filling = 0; filling < 19683; ++filling) {
    std::string rows;
    for (int i = 0, f = filling; i < 9; ++i, f /= 3) {
      rows += ".xo"[f % 3];
      if (i == 2 || i == 5) rows += '/';
    }
    for (const char* side : {" x", " o"}) {
      const std::string text = rows + side;
      const bool ok = static_cast<bool>(parse_position(text));
      EXPECT_EQ(ok, reachable.count(text) == 1) << text << ": " << position_error(text);
      accepted += ok;
    }
  }
  EXPECT_EQ(accepted, 5478);
}

TEST(TicTacToeNotation, SurroundingSpaceIsIgnored) {
  EXPECT_EQ(position_error("  .../.../... x \n"), "");
  EXPECT_EQ(position_error(".../.../...   x"), "");
}

TEST(TicTacToeNotation, RefusesMissingText) {
  EXPECT_EQ(position_error(""), "position: empty; expected rows and the side to move, as in '.../.../... x'");
  EXPECT_EQ(position_error(".../.../..."),
            "position: the side to move is missing; add ' x' or ' o' after the rows, as in '.../.../... x'");
}

TEST(TicTacToeNotation, RefusesExtraFields) {
  EXPECT_EQ(position_error(".../.../... x 0 1"), "position: unexpected text '0 1' after the side to move");
}

TEST(TicTacToeNotation, RefusesWrongRowCount) {
  EXPECT_EQ(position_error(".../... x"), "position: 2 rows in '.../...'; expected 3 separated by '/'");
  EXPECT_EQ(position_error("......... x"), "position: 1 row in '.........'; expected 3 separated by '/'");
  EXPECT_EQ(position_error(".../.../.../... x"),
            "position: 4 rows in '.../.../.../...'; expected 3 separated by '/'");
}

TEST(TicTacToeNotation, RefusesWrongRowLength) {
  EXPECT_EQ(position_error(".../..../... x"), "position: rank 2 '....' has 4 squares, expected 3");
  EXPECT_EQ(position_error("../.../... x"), "position: rank 3 '..' has 2 squares, expected 3");
  EXPECT_EQ(position_error(".../.../ x"), "position: rank 1 '' has 0 squares, expected 3");
}

TEST(TicTacToeNotation, RefusesBadCharacters) {
  EXPECT_EQ(position_error(".../.z./... x"), "position: 'z' on b2 is not x, o or '.'");
  EXPECT_EQ(position_error("X../.../... o"), "position: 'X' on a3 is not x, o or '.' (marks are lower case)");
  EXPECT_EQ(position_error(".../.../..\x01 x"), "position: '\\x01' on c1 is not x, o or '.'");
}

TEST(TicTacToeNotation, RefusesBadSideToMove) {
  EXPECT_EQ(position_error(".../.../... w"), "position: side to move 'w' must be x or o");
  EXPECT_EQ(position_error(".../.../... X"), "position: side to move 'X' must be x or o (lower case)");
}

TEST(TicTacToeNotation, RefusesOAhead) {
  EXPECT_EQ(position_error("o../.../... x"),
            "position: O has 1 marks and X 0; X moves first, so O never has more");
}

TEST(TicTacToeNotation, RefusesXTwoAhead) {
  EXPECT_EQ(position_error("xx./.../... o"),
            "position: X has 2 marks and O 0; the players take turns, so X is at most one ahead");
}

TEST(TicTacToeNotation, SideToMoveMustMatchTheCounts) {
  EXPECT_EQ(position_error(".../.../... o"), "position: X and O have 0 marks each, so X is to move, not O");
  EXPECT_EQ(position_error("x../.../... x"), "position: X has 1 marks and O 0, so O is to move, not X");
}

TEST(TicTacToeNotation, RefusesLinesForBothSides) {
  EXPECT_EQ(position_error("xxx/ooo/... x"),
            "position: both X and O have three in a row, but play stops at the first line");
}

TEST(TicTacToeNotation, RefusesALineForTheSideToMove) {
  // X completed the top row, then O moved anyway.
  EXPECT_EQ(position_error("xxx/oo./o.. x"),
            "position: X has three in a row, yet O has moved since; play stops at the first line");
  // O completed the middle row, then X moved anyway.
  EXPECT_EQ(position_error("xx./ooo/x.x o"),
            "position: O has three in a row, yet X has moved since; play stops at the first line");
}

TEST(TicTacToeNotation, AcceptsAFinishedGame) {
  EXPECT_EQ(position_error("xxx/oo./... o"), "");
  EXPECT_EQ(position_error("xox/o.o/xox x"), "");
  EXPECT_EQ(position_error("xox/oxo/xox o"), "") << "X's last mark, b2, completed both diagonals";
}

TEST(TicTacToeNotation, ErrorsStayOnOneLine) {
  const std::string message = position_error("..\n/.../... x");
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  EXPECT_NE(message.find("\\x0A"), std::string::npos) << message;
}

TEST(TicTacToeNotation, SquareNames) {
  EXPECT_EQ(square_name(0), "a1");
  EXPECT_EQ(square_name(2), "c1");
  EXPECT_EQ(square_name(4), "b2");
  EXPECT_EQ(square_name(6), "a3");
  EXPECT_EQ(square_name(8), "c3");
  for (int s = 0; s < kSquares; ++s) {
    Expected<Move> m = parse_square(square_name(s));
    ASSERT_TRUE(m);
    EXPECT_EQ(m->square, s);
  }
  EXPECT_EQ(parse_square("B2")->square, 4) << "files in upper case are understood";
}

TEST(TicTacToeNotation, RefusesNonSquares) {
  for (std::string_view text : {"d4", "a0", "a4", "b", "b22", "22", "xx"})
    EXPECT_EQ(parse_square(text).error().message, std::string(text) + ": not a square (a1–c3)");
  EXPECT_EQ(parse_square("").error().message, "no square given (a1–c3)");
}

TEST(TicTacToeNotation, MoveMustFillAnEmptySquare) {
  const Board board = play({"b2", "a1"});
  EXPECT_EQ(parse_move(board, "b2").error().message, "b2: the square is already taken by X");
  EXPECT_EQ(parse_move(board, "a1").error().message, "a1: the square is already taken by O");
  EXPECT_EQ(parse_move(board, " c3 ")->square, 8);
}

TEST(TicTacToeNotation, NoMoveAfterTheGameIsOver) {
  const Board won = play({"a1", "a2", "b1", "b2", "c1"});
  EXPECT_EQ(parse_move(won, "c3").error().message, "the game is over: X has three in a row");
  const Board full = play({"a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"});
  EXPECT_EQ(parse_move(full, "b2").error().message,
            "the game is over: the board is full with no three in a row");
}

}  // namespace
}  // namespace qi::tictactoe
