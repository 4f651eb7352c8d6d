// Why a move is not legal, in words a learner can act on. Each reason names
// the rule broken and, where there is one, the piece responsible:
//   "there is no piece of yours on e4"
//   "a pawn moves one square forward, or two from its starting square"
//   "the bishop on c1 is blocked by the pawn on d2"
//   "en passant is only possible immediately after the pawn's double step"
//   "castling is not allowed: the rook on h1 has moved"
//   "the king would pass through f1, which the bishop on b5 attacks"
//   "the pawn on d2 is pinned by the bishop on b4 against the king"
//   "the king would be in check from the rook on e8"
// The checks follow the order a player would think of them: is there a piece,
// can it move that way, is the way clear, would the king be safe.
#pragma once

#include <span>
#include <string>

#include "games/chess/position.h"
#include "games/chess/san.h"
#include "games/chess/types.h"

namespace qi::chess {

// How the player wrote the move, for the promotion hint ("add q, r, b or n"
// in UCI, "add =Q, =R, =B or =N" in SAN).
enum class Notation { Uci, San };

struct Explanation {
  std::string reason;      // empty when the move is legal
  bool geometric = false;  // the piece cannot move that way at all (as opposed
                           // to blocked, pinned, or forbidden by a rule)
  std::string code;        // the rule's stable name (refusal_codes.h)
  bool legal() const { return reason.empty(); }
};

// Why moving the piece on `from` to `to` (promoting to `promotion`, or
// NoPieceType) is not legal for the side to move. `history`: the moves since
// the game's starting position, oldest first (may be empty); it lets castling
// reasons say whether the king or the rook moved.
Explanation explain_move(const Position& pos, Square from, Square to, PieceType promotion, Notation notation,
                         std::span<const Move> history = {});

// Why no legal move fits a SAN pattern ("no knight can reach f3", or the
// specific reason of the one piece that could have gone there).
Explanation explain_san(const Position& pos, const SanPattern& pattern, std::span<const Move> history = {});

// "pawn", "knight", ...
const char* piece_type_name(PieceType pt);
// "the bishop on b5"
std::string piece_on_square_text(const Position& pos, Square s);

}  // namespace qi::chess
