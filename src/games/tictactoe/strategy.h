// The classical rules of thumb for tic-tac-toe (Newell and Simon, 1972),
// the first three of which the rule documents list. In priority order:
//   win             complete a line of your own;
//   block           fill the square where the opponent would complete a line;
//   fork            make two threats at once (two squares that would each
//                   complete a line of yours), which cannot both be blocked;
//   block_fork      the opponent could fork next move, and this move stops
//                   it: by taking the fork square, or by making a threat that
//                   forces a reply which gives the opponent no fork (taking
//                   a fork square directly is sometimes wrong: after X a1, O
//                   b2, X c3, the corner a3 invites X's fork on c1, while the
//                   side b1 forces X to b3 and leaves no fork);
//   centre          b2;
//   opposite_corner the corner opposite one the opponent holds;
//   empty_corner    any other corner;
//   empty_side      a side square (a2, b1, b3, c2).
// A player who always takes a move of the highest rule that applies never
// loses (the test StrategyPlayerNeverLoses walks every game to check it).
#pragma once

#include <string_view>

#include "games/tictactoe/board.h"

namespace qi::tictactoe {

enum class Rule : std::uint8_t {
  Win,
  Block,
  Fork,
  BlockFork,
  Centre,
  OppositeCorner,
  EmptyCorner,
  EmptySide
};

std::string_view rule_name(Rule rule);  // "win", ..., "block_fork", "empty_side"

// The highest rule that the legal move m follows. Every move follows at least
// one: the last three cover every square.
Rule classify(const Board& board, Move m);

// The moves the rule list picks: every legal move that follows the highest
// rule any legal move follows.
void strategy_moves(const Board& board, Board::MoveList& out);

}  // namespace qi::tictactoe
