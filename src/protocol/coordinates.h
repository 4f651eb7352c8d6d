// How a protocol writes moves, against the game's own move ids.
//
// Qi's xiangqi ids are ICCS (files a-i, ranks 0-9 from Red's side: h2e2,
// h9g7), which UCCI speaks. Fairy-Stockfish, and the GUIs and tools built on
// it, speak UCI with UCI_Variant xiangqi in its own coordinates: ranks 1-10
// (h3e3, h10g8). Chess ids are UCI's already. So `qi uci` translates xiangqi
// moves both ways, `qi ucci` and chess pass them unchanged.
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"
#include "core/move_coordinates.h"

namespace qi::protocol {

// GameIds: the game's ids as they are (chess; xiangqi in UCCI); FairyRanks:
// xiangqi as Fairy-Stockfish's UCI writes it, ranks 1-10.
using Coordinates = MoveCoordinates;

// Protocol text to the game's notation: a pair of squares in Fairy-Stockfish's
// coordinates becomes ICCS; one whose rank is outside 1-10 (or whose file is
// outside a-i) is an error that says so, never another move. Text that is
// not a pair of squares passes unchanged (the game reads its other notations).
Expected<std::string> to_game(Coordinates c, std::string_view text);
// A move id (or a null move's text) in the protocol's coordinates.
std::string from_game(Coordinates c, std::string_view id);
// The game's words about a move (a refusal's reason), with every square
// ("the chariot's path is blocked at a3") in the protocol's coordinates.
std::string words_from_game(Coordinates c, std::string_view words);

// ICCS "h2e2" (ranks 0-9) to Fairy-Stockfish's "h3e3" (ranks 1-10), and
// back; text that is not a pair of squares passes unchanged.
std::string iccs_to_uci_ranks(std::string_view move);
std::string uci_ranks_to_iccs(std::string_view move);

}  // namespace qi::protocol
