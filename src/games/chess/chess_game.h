// Chess behind the run-time qi::Game interface: the FIDE Laws of Chess as
// implemented by Position (moves, check, mate, stalemate, automatic draws),
// draw_rules.h (claims), san.h and explain.h (move text and why a move is
// refused) and pgn.h (the record).
//
// Move ids are UCI ("e2e4", "e7e8q", "e1g1"), displays are SAN ("Nf3",
// "O-O", "e8=Q+"); parse_move accepts both.
#pragma once

#include <memory>

#include "core/game.h"

namespace qi::chess {

std::unique_ptr<qi::Game> make_game();

}  // namespace qi::chess
