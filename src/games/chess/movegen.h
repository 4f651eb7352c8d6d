// Legal move generation. Per position it finds the checking pieces and the
// pinned pieces once, then produces only legal moves: a pinned piece moves
// along its pin, in check every move must capture the checker or block the
// check, the king never steps onto an attacked square. Only en passant, where
// two pawns leave a rank at once, is tested by trying it on the occupancy.
#pragma once

#include <cstdint>

#include "games/chess/position.h"

namespace qi::chess {

// Appends every legal move of the side to move.
void generate_legal_moves(const Position& pos, Position::MoveList& moves);
// The number of legal moves, counted from target sets without writing moves.
std::uint64_t count_legal_moves(const Position& pos);
// The captures and queen promotions of the side to move (not in check),
// found from their targets rather than from every legal move: what the
// search's quiescence looks at.
void generate_captures(const Position& pos, Position::MoveList& moves);
// Whether the side to move can legally capture en passant onto ep (the
// square a pawn just skipped).
bool en_passant_capture_possible(const Position& pos, Square ep);

}  // namespace qi::chess
