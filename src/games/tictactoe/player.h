// The perfect player: the solver's values, with the rules of thumb to choose
// among moves of equal value.
#pragma once

#include <optional>
#include <vector>

#include "games/tictactoe/board.h"
#include "games/tictactoe/solver.h"
#include "games/tictactoe/strategy.h"

namespace qi::tictactoe {

struct MoveAnalysis {
  Move move;
  Value value;  // for the side that plays it
  Rule rule;
};

// Every legal move, best first: by perfect-play value (faster wins, slower
// losses), then by the rule it follows, then by square (a1 first).
// A solver passed in keeps what it learnt for the next call.
std::vector<MoveAnalysis> analyse_moves(const Board& board, Solver& solver);
std::vector<MoveAnalysis> analyse_moves(const Board& board);

// The first of analyse_moves(); none once the game is over.
std::optional<Move> perfect_move(const Board& board, Solver& solver);
std::optional<Move> perfect_move(const Board& board);

}  // namespace qi::tictactoe
