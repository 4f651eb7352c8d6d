// Perfect play: values checked against a plain search, and the perfect
// player checked against every possible opponent.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "games/tictactoe/player.h"
#include "games/tictactoe/solver.h"
#include "test_positions.h"

namespace qi::tictactoe {
namespace {

using testing::play;
using testing::position;
using testing::reachable_positions;
using testing::square;

// Negamax without memory, in plies: +n a win n plies away, -n a loss, 0 a draw,
// written apart from the solver's score scale to check it.
int plain_value(Board& board, int& plies) {
  const Result r = board.result();
  if (r == Result::Loss) return plies = 0, -1;
  if (r == Result::Draw) return plies = 0, 0;
  int best = -2, best_plies = 0;
  Board::MoveList moves;
  board.generate_legal(moves);
  for (Move m : moves) {
    board.make(m);
    int child_plies;
    const int v = -plain_value(board, child_plies);
    board.unmake(m);
    const int p = child_plies + 1;
    // Better: a higher result; among wins the fastest, among losses the slowest.
    const bool better = v > best || (v == best && ((v > 0 && p < best_plies) || (v < 0 && p > best_plies)));
    if (better) best = v, best_plies = p;
  }
  plies = best_plies;
  return best;
}

TEST(TicTacToeSolver, StartIsADraw) {
  Solver solver;
  EXPECT_EQ(solver.value(Board{}), (Value{Value::Kind::Draw, 0}));
  EXPECT_EQ(value_text(solver.value(Board{})), "draw");
}

TEST(TicTacToeSolver, AgreesWithPlainSearchEverywhere) {
  Solver solver;
  for (Board board : reachable_positions()) {
    int plies;
    const int v = plain_value(board, plies);
    const Value value = solver.value(board);
    if (v == 0) {
      EXPECT_EQ(value.kind, Value::Kind::Draw);
    } else if (v > 0) {
      EXPECT_EQ(value, (Value{Value::Kind::Win, (plies + 1) / 2}));
    } else {
      EXPECT_EQ(value, (Value{Value::Kind::Loss, plies / 2}));
    }
  }
}

TEST(TicTacToeSolver, ValuesInWords) {
  Solver solver;
  // X: a1 b1, O: a2 b2; X to move wins at once on c1, O threatens c2.
  const Board board = position(".../oo./xx. x");
  EXPECT_EQ(value_text(solver.move_value(board, square("c1"))), "win in 1");
  EXPECT_EQ(value_text(solver.move_value(board, square("c2"))), "draw") << "blocks O's row and holds";
  EXPECT_EQ(value_text(solver.move_value(board, square("a3"))), "loss in 1") << "O completes its row on c2";
  EXPECT_EQ(value_text(solver.value(position("xxx/oo./... o"))), "loss in 0");
}

// Walks every game in which `perfect` plays perfect_move() and the other side
// tries every legal move: that covers every opponent strategy.
void walk_against_everyone(Board& board, Side perfect, Solver& solver,
                           const std::function<void(const Board&)>& end) {
  if (board.result() != Result::None) return end(board);
  if (board.side_to_move() == perfect) {
    const std::optional<Move> m = perfect_move(board, solver);
    ASSERT_TRUE(m);
    board.make(*m);
    walk_against_everyone(board, perfect, solver, end);
    board.unmake(*m);
    return;
  }
  Board::MoveList moves;
  board.generate_legal(moves);
  for (Move m : moves) {
    board.make(m);
    walk_against_everyone(board, perfect, solver, end);
    board.unmake(m);
  }
}

TEST(TicTacToeSolver, PerfectPlayerNeverLoses) {
  Solver solver;
  for (Side perfect : {Side::First, Side::Second}) {
    int games = 0, losses = 0;
    Board start;
    walk_against_everyone(start, perfect, solver, [&](const Board& end) {
      ++games;
      if (end.result() == Result::Loss && end.side_to_move() == perfect) ++losses;
    });
    EXPECT_GT(games, 0);
    EXPECT_EQ(losses, 0) << (perfect == Side::First ? "as X" : "as O");
  }
}

// From every position won for the side to move, the perfect player wins
// against every defence, and no later than the value says.
TEST(TicTacToeSolver, PerfectPlayerConvertsEveryWin) {
  Solver solver;
  int won_positions = 0;
  for (Board board : reachable_positions()) {
    const Value value = solver.value(board);
    if (value.kind != Value::Kind::Win) continue;
    ++won_positions;
    const Side winner = board.side_to_move();
    const int start_marks = std::popcount(unsigned(board.marks(winner)));
    int longest = 0;
    walk_against_everyone(board, winner, solver, [&](const Board& end) {
      EXPECT_TRUE(end.result() == Result::Loss && end.side_to_move() == ~winner);
      longest = std::max(longest, std::popcount(unsigned(end.marks(winner))) - start_marks);
    });
    EXPECT_EQ(longest, value.moves);
  }
  EXPECT_GT(won_positions, 0);
}

// The perfect move always has the value of the position: the best result,
// the fastest win, the slowest loss.
TEST(TicTacToeSolver, PerfectMoveHasThePositionsValue) {
  Solver solver;
  for (const Board& board : reachable_positions()) {
    if (board.game_over()) continue;
    EXPECT_EQ(solver.move_value(board, *perfect_move(board, solver)), solver.value(board))
        << position_text(board);
  }
}

// Positions with winning moves of different lengths (or losing moves only,
// of different lengths): the player takes the fastest win, the slowest loss.
TEST(TicTacToeSolver, PrefersTheFastestWinAndTheSlowestLoss) {
  Solver solver;
  int mixed_wins = 0, mixed_losses = 0;
  for (const Board& board : reachable_positions()) {
    const std::vector<MoveAnalysis> moves = analyse_moves(board, solver);
    if (moves.empty()) continue;
    const auto lengths_of = [&](Value::Kind kind) {
      std::set<int> lengths;
      for (const MoveAnalysis& a : moves)
        if (a.value.kind == kind) lengths.insert(a.value.moves);
      return lengths;
    };
    const std::set<int> wins = lengths_of(Value::Kind::Win);
    const std::set<int> losses = lengths_of(Value::Kind::Loss);
    const Value chosen = solver.move_value(board, *perfect_move(board, solver));
    if (wins.size() >= 2) {
      ++mixed_wins;
      EXPECT_EQ(chosen, (Value{Value::Kind::Win, *wins.begin()})) << position_text(board);
    }
    const bool all_lose = std::all_of(
        moves.begin(), moves.end(), [](const MoveAnalysis& a) { return a.value.kind == Value::Kind::Loss; });
    if (losses.size() >= 2 && all_lose) {
      ++mixed_losses;
      EXPECT_EQ(chosen, (Value{Value::Kind::Loss, *losses.rbegin()})) << position_text(board);
    }
  }
  EXPECT_GT(mixed_wins, 0);
  EXPECT_GT(mixed_losses, 0);
}

TEST(TicTacToeSolver, NoMoveOnceTheGameIsOver) { EXPECT_FALSE(perfect_move(position("xxx/oo./... o"))); }

}  // namespace
}  // namespace qi::tictactoe
