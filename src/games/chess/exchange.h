// Material questions about chess moves, asked by the search and by hints:
// what a capture takes, and static exchange evaluation (whether a move,
// followed by the best sequence of recaptures on its square, wins at least
// a threshold). Pawn 100, knight 320, bishop 330, rook 500, queen 950; the
// king is never given up.
#pragma once

#include "games/chess/position.h"

namespace qi::chess {

int exchange_value(PieceType pt);

bool is_capture(const Position& pos, Move m);
// The material m takes, promotion included (a queen promotion gains 850).
int capture_gain(const Position& pos, Move m);

// Whether m, followed by the best sequence of recaptures on its square
// (least valuable attacker first, x-rays included, pins ignored), wins at
// least `threshold` centipawns for the side to move. Castling, en passant
// and promotions count as an even exchange.
bool see_ge(const Position& pos, Move m, int threshold);

}  // namespace qi::chess
