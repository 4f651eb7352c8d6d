// Chess behind the run-time qi::Game interface: the FIDE Laws of Chess as
// implemented by Position (moves, check, mate, stalemate, automatic draws),
// draw_rules.h (claims), san.h and explain.h (move text and why a move is
// refused); what a page needs to draw it is in descriptor.cpp.
//
// Two variants: standard chess (the default, variant name "") and Chess960
// ("chess960": FIDE's Guidelines II, the 960 start positions, castling from
// any of them). Move ids are UCI ("e2e4", "e7e8q", "e1g1"; castling in
// Chess960 as the king taking its rook, "e1h1"), displays are SAN ("Nf3",
// "O-O", "e8=Q+"); parse_move accepts both. In record mode
// (Game::set_record_mode) a record's null move reads too: id "0000",
// display "--".
#pragma once

#include <memory>

#include "core/game.h"
#include "core/game_descriptor.h"

namespace qi::chess {

inline constexpr std::string_view kChess960Name = "chess960";

// An empty variant is standard chess.
std::unique_ptr<qi::Game> make_game(std::string_view variant = {});
const GameDescriptor& descriptor();

}  // namespace qi::chess
