// How a chess game ends by the rules, and the draws a player may claim
// (FIDE Laws of Chess, articles 5 and 9; the 1990s text in the project's rule
// documents numbers them 10.1-10.12).
//
// Ends by itself (rules_outcome):
// - checkmate (5.1.1): the side to move is in check with no legal move;
// - stalemate (5.2.1): the side to move has no legal move and is not in check;
// - dead position by material (5.2.2): K v K, K+B v K, K+N v K, and kings
//   with bishops all on squares of one colour;
// - fivefold repetition (9.6.1): the same position (9.2.3) for the fifth time;
// - seventy-five moves (9.6.2): 150 plies without a capture or pawn move,
//   unless the last of them mated (mate is tested first, so it takes
//   precedence).
// Claimable by the player to move (draw_claims):
// - threefold repetition (9.2.1.2): the current position has stood on the
//   board three times, counting now;
// - fifty moves (9.3.2): 100 plies without a capture or pawn move.
// The claim with an intended move (9.2.1.1, 9.3.1: a player writes down a
// move that would produce the repetition or complete the fifty moves) is
// answered by draw_claim_with_move(); the Game adapter lets the player make
// that move and then claim, since either player may claim there.
//
// "The same position" (9.2.3): same pieces on the same squares, same side to
// move, same castling rights, same possibility of a legal en passant capture.
// The Position's hash is built to that definition, and repetitions are
// counted over the positions since the last irreversible move that this
// Position object has seen (a FEN start knows no earlier history).
#pragma once

#include <optional>
#include <vector>

#include "core/outcome.h"
#include "games/chess/position.h"

namespace qi::chess {

// The result by the rules alone: checkmate, stalemate, dead position,
// fivefold repetition, seventy-five moves.
Outcome rules_outcome(const Position& pos);

// The draws the side to move may claim now: threefold repetition, fifty
// moves. Empty once the game is over by the rules.
std::vector<Outcome> draw_claims(const Position& pos);

// The claim a player could make by writing down m (legal here) as the move
// they intend to play (9.2.1.1 and 9.3.1), if any.
std::optional<Outcome> draw_claim_with_move(const Position& pos, Move m);

}  // namespace qi::chess
