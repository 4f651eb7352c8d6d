// The rules of thumb: which rule each move follows, and that a player who
// keeps to them never loses.
#include <gtest/gtest.h>

#include <functional>

#include "games/tictactoe/strategy.h"
#include "test_positions.h"

namespace qi::tictactoe {
namespace {

using testing::play;
using testing::position;
using testing::square;

std::string rule_of(std::string_view fen, std::string_view move) {
  return std::string(rule_name(classify(position(fen), square(move))));
}

std::vector<std::string> chosen(std::string_view fen) {
  Board::MoveList moves;
  strategy_moves(position(fen), moves);
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(square_name(m.square));
  return out;
}

TEST(TicTacToeStrategy, WinCompletesOwnLine) {
  // X a1 b1, O a2 b2: c1 completes X's bottom row.
  EXPECT_EQ(rule_of(".../oo./xx. x", "c1"), "win");
  EXPECT_EQ(chosen(".../oo./xx. x"), (std::vector<std::string>{"c1"}));
}

TEST(TicTacToeStrategy, BlockFillsOpponentsThirdSquare) {
  EXPECT_EQ(rule_of(".../oo./xx. x", "c2"), "block");
}

TEST(TicTacToeStrategy, WinComesBeforeBlock) {
  // c1 both completes X's row and blocks O's diagonal a3–c1.
  EXPECT_EQ(rule_of("o../.o./xx. x", "c1"), "win");
}

TEST(TicTacToeStrategy, ForkMakesTwoThreats) {
  // X a1 c2, O a2 b2: c1 threatens b1 and c3 at once.
  EXPECT_EQ(rule_of(".../oox/x.. x", "c1"), "fork");
  EXPECT_EQ(rule_of(".../oox/x.. x", "c3"), "empty_corner") << "one threat only";
  EXPECT_EQ(chosen(".../oox/x.. x"), (std::vector<std::string>{"c1"}));
}

TEST(TicTacToeStrategy, BlockForkByTakingTheForkSquare) {
  // X a1 c2 could fork on c1; O takes it (its threat on a3 then forces X
  // to a3, which makes one threat, not two).
  EXPECT_EQ(rule_of(".../.ox/x.. o", "c1"), "block_fork");
  EXPECT_EQ(rule_of(".../.ox/x.. o", "a3"), "empty_corner");
}

TEST(TicTacToeStrategy, BlockForkByForcingADefence) {
  // X a3 c1, O b2. X has two fork squares, a1 and c3. O taking a1 threatens
  // c3, but X's forced block there is itself a fork (b3 and c2); the same
  // for c3. A side square, say b1, forces X to b3, which makes one threat.
  const std::string_view fen = "x../.o./..x o";
  EXPECT_EQ(rule_of(fen, "a1"), "empty_corner");
  EXPECT_EQ(rule_of(fen, "c3"), "empty_corner");
  for (std::string_view side : {"b1", "a2", "c2", "b3"}) EXPECT_EQ(rule_of(fen, side), "block_fork") << side;
  EXPECT_EQ(chosen(fen), (std::vector<std::string>{"b1", "a2", "c2", "b3"}));
}

TEST(TicTacToeStrategy, CentreWhenFree) {
  EXPECT_EQ(rule_of(".../.../... x", "b2"), "centre");
  EXPECT_EQ(chosen(".../.../... x"), (std::vector<std::string>{"b2"}));
  EXPECT_EQ(chosen(".../.../x.. o"), (std::vector<std::string>{"b2"}));
}

TEST(TicTacToeStrategy, OppositeCornerToTheOpponents) {
  // X b2, O a1: c3 is opposite O's corner.
  EXPECT_EQ(rule_of(".../.x./o.. x", "c3"), "opposite_corner");
  EXPECT_EQ(rule_of(".../.x./o.. x", "a3"), "empty_corner");
  EXPECT_EQ(chosen(".../.x./o.. x"), (std::vector<std::string>{"c3"}));
}

TEST(TicTacToeStrategy, EmptyCornerBeforeSide) {
  // X b2, O to move: no corner held by X, so any corner.
  EXPECT_EQ(rule_of(".../.x./... o", "a1"), "empty_corner");
  EXPECT_EQ(rule_of(".../.x./... o", "b1"), "empty_side");
  EXPECT_EQ(chosen(".../.x./... o"), (std::vector<std::string>{"a1", "c1", "a3", "c3"}));
}

TEST(TicTacToeStrategy, EmptySide) { EXPECT_EQ(rule_of(".../.../... x", "a2"), "empty_side"); }

// Every game where one side always takes a move the rule list picks (each of
// them, in turn) and the other side tries every legal move.
void walk(Board& board, Side follower, const std::function<void(const Board&)>& end) {
  if (board.result() != Result::None) return end(board);
  Board::MoveList moves;
  if (board.side_to_move() == follower)
    strategy_moves(board, moves);
  else
    board.generate_legal(moves);
  ASSERT_FALSE(moves.empty());
  for (Move m : moves) {
    board.make(m);
    walk(board, follower, end);
    board.unmake(m);
  }
}

TEST(TicTacToeStrategy, StrategyPlayerNeverLoses) {
  for (Side follower : {Side::First, Side::Second}) {
    int games = 0, losses = 0;
    Board start;
    walk(start, follower, [&](const Board& end) {
      ++games;
      if (end.result() == Result::Loss && end.side_to_move() == follower) ++losses;
    });
    EXPECT_GT(games, 0);
    EXPECT_EQ(losses, 0) << (follower == Side::First ? "as X" : "as O");
  }
}

TEST(TicTacToeStrategy, EveryMoveFollowsSomeRule) {
  for (const Board& board : testing::reachable_positions()) {
    Board::MoveList legal, picked;
    board.generate_legal(legal);
    strategy_moves(board, picked);
    EXPECT_EQ(legal.empty(), picked.empty());
    for (Move m : picked) EXPECT_TRUE(legal.contains(m));
  }
}

}  // namespace
}  // namespace qi::tictactoe
