// Chess behind the run-time qi::Game interface: the FIDE Laws of Chess as
// implemented by Position (moves, check, mate, stalemate, automatic draws),
// draw_rules.h (claims), san.h and explain.h (move text and why a move is
// refused); what a page needs to draw it is in descriptor.cpp.
//
// Move ids are UCI ("e2e4", "e7e8q", "e1g1"), displays are SAN ("Nf3",
// "O-O", "e8=Q+"); parse_move accepts both.
#pragma once

#include <memory>

#include "core/game.h"
#include "core/game_descriptor.h"

namespace qi::chess {

std::unique_ptr<qi::Game> make_game();
const GameDescriptor& descriptor();

}  // namespace qi::chess
