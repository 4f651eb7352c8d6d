#include "games/tictactoe/census.h"

#include <vector>

#include "games/tictactoe/symmetry.h"

namespace qi::tictactoe {
namespace {

// One flag per key(): 2^18 positions' worth.
using Seen = std::vector<bool>;
constexpr std::size_t kKeys = std::size_t{1} << 18;

void add_games(Board& board, GameCounts& counts) {
  switch (board.result()) {
    case Result::Loss:
      ++counts.games;
      ++(board.side_to_move() == Side::First ? counts.o_wins : counts.x_wins);
      return;
    case Result::Draw:
      ++counts.games;
      ++counts.draws;
      return;
    default:
      break;
  }
  Board::MoveList moves;
  board.generate_legal(moves);
  for (Move m : moves) {
    board.make(m);
    add_games(board, counts);
    board.unmake(m);
  }
}

// Calls visit(board) once for each distinct position reachable from board.
template <class Visit>
void visit_positions(Board& board, Seen& seen, Visit& visit) {
  if (seen[board.key()]) return;
  seen[board.key()] = true;
  visit(board);
  Board::MoveList moves;
  board.generate_legal(moves);
  for (Move m : moves) {
    board.make(m);
    visit_positions(board, seen, visit);
    board.unmake(m);
  }
}

std::uint64_t count_fill_orders(Mask empty) {
  if (empty == 0) return 1;
  std::uint64_t orders = 0;
  for (unsigned free = empty; free != 0; free &= free - 1)
    orders += count_fill_orders(static_cast<Mask>(empty & ~(free & -free)));
  return orders;
}

}  // namespace

GameCounts count_games(Board board) {
  GameCounts counts;
  add_games(board, counts);
  return counts;
}

std::uint64_t count_positions(Board board) {
  Seen seen(kKeys);
  std::uint64_t positions = 0;
  auto visit = [&](const Board&) { ++positions; };
  visit_positions(board, seen, visit);
  return positions;
}

TerminalClasses count_terminal_classes(Board board) {
  Seen seen(kKeys), seen_class(kKeys);
  TerminalClasses classes;
  auto visit = [&](const Board& b) {
    const Result result = b.result();
    if (result == Result::None) return;
    const std::uint32_t key = canonical_key(b);
    if (seen_class[key]) return;
    seen_class[key] = true;
    ++classes.total;
    if (result == Result::Draw)
      ++classes.draws;
    else
      ++(b.side_to_move() == Side::First ? classes.o_wins : classes.x_wins);
  };
  visit_positions(board, seen, visit);
  return classes;
}

std::uint64_t count_board_fillings() {
  std::uint64_t fillings = 0;
  for (unsigned x = 0; x < 512; ++x)
    for (unsigned o = 0; o < 512; ++o)
      if ((x & o) == 0) ++fillings;
  return fillings;
}

std::uint64_t count_move_orders() { return count_fill_orders(kAllSquares); }

}  // namespace qi::tictactoe
