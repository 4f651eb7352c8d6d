#include "games/tictactoe/strategy.h"

#include <algorithm>
#include <bit>

namespace qi::tictactoe {
namespace {

constexpr Mask kCorners = bit(0) | bit(2) | bit(6) | bit(8);
constexpr int kCentre = 4;

// Squares the player could fill to make a fork: afterwards it would have two
// or more squares that each complete a line.
Mask fork_squares(Mask own, Mask empty) {
  Mask out = 0;
  for (unsigned free = empty; free != 0; free &= free - 1) {
    const Mask square = static_cast<Mask>(free & -free);
    if (mark_count(winning_squares(own | square, empty & ~square)) >= 2) out |= square;
  }
  return out;
}

// Whether, after our mark on `square`, the opponent can neither win nor fork
// on its next move, given that a single threat of ours forces its reply.
bool stops_forks(Mask own, Mask theirs, Mask empty, int square) {
  own |= bit(square);
  empty &= static_cast<Mask>(~bit(square));
  if (winning_squares(theirs, empty)) return false;
  const Mask threats = winning_squares(own, empty);
  if (threats == 0) return fork_squares(theirs, empty) == 0;
  // One threat (two would be a fork, a higher rule): the opponent must fill
  // it, and that reply must not give it two threats.
  return mark_count(winning_squares(theirs | threats, empty & ~threats)) < 2;
}

int opposite(int square) { return 8 - square; }

}  // namespace

std::string_view rule_name(Rule rule) {
  switch (rule) {
    case Rule::Win:
      return "win";
    case Rule::Block:
      return "block";
    case Rule::Fork:
      return "fork";
    case Rule::BlockFork:
      return "block_fork";
    case Rule::Centre:
      return "centre";
    case Rule::OppositeCorner:
      return "opposite_corner";
    case Rule::EmptyCorner:
      return "empty_corner";
    case Rule::EmptySide:
      return "empty_side";
  }
  return "?";
}

Rule classify(const Board& board, Move m) {
  const Side us = board.side_to_move();
  const Mask own = board.marks(us), theirs = board.marks(~us), empty = board.empty();
  const Mask square = bit(m.square);
  if (winning_squares(own, empty) & square) return Rule::Win;
  if (winning_squares(theirs, empty) & square) return Rule::Block;
  if (mark_count(winning_squares(own | square, empty & ~square)) >= 2) return Rule::Fork;
  if (fork_squares(theirs, empty) && stops_forks(own, theirs, empty, m.square)) return Rule::BlockFork;
  if (m.square == kCentre) return Rule::Centre;
  if (square & kCorners) return theirs & bit(opposite(m.square)) ? Rule::OppositeCorner : Rule::EmptyCorner;
  return Rule::EmptySide;
}

void strategy_moves(const Board& board, Board::MoveList& out) {
  Board::MoveList legal;
  board.generate_legal(legal);
  Rule best = Rule::EmptySide;
  Rule rules[kSquares];
  for (std::size_t i = 0; i < legal.size(); ++i) {
    rules[i] = classify(board, legal[i]);
    best = std::min(best, rules[i]);
  }
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (rules[i] == best) out.push_back(legal[i]);
}

}  // namespace qi::tictactoe
