// Counting tic-tac-toe: every complete game, every position, every final
// position up to symmetry. Everything is computed by walking the game tree
// on each call; nothing is stored.
#pragma once

#include <cstdint>

#include "games/tictactoe/board.h"

namespace qi::tictactoe {

// Complete games from a position: every way to play on until a line of three
// or a full board, counted by how each ends. A position that is already over
// is one game.
struct GameCounts {
  std::uint64_t games = 0;
  std::uint64_t x_wins = 0;
  std::uint64_t o_wins = 0;
  std::uint64_t draws = 0;
};
GameCounts count_games(Board board);

// Distinct positions reachable from this one, this one included.
std::uint64_t count_positions(Board board);

// Final positions reachable from this one, counted once per class of
// positions that the board's eight symmetries map onto each other.
struct TerminalClasses {
  std::uint64_t total = 0;
  std::uint64_t x_wins = 0;
  std::uint64_t o_wins = 0;
  std::uint64_t draws = 0;
};
TerminalClasses count_terminal_classes(Board board);

// Ways to fill the nine squares with X, O or nothing, ignoring the rules (3^9).
std::uint64_t count_board_fillings();
// Orders in which the nine squares can be filled, ignoring lines (9!).
std::uint64_t count_move_orders();

}  // namespace qi::tictactoe
