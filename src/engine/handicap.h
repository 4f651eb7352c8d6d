// Handicaps (odds, file 002's 让子): the standard start of a game with some
// of the stronger side's material taken off. Each game lists its own in its
// descriptor (chess: pawn, knight, rook, queen; xiangqi: 让单马, 让双马, 让单车,
// 让车马; draughts: one or two men; tic-tac-toe: no centre) and computes
// their positions (Game::handicap_fen); this is the one way everything else
// reads them: the app, the command line (`qi go --fen NAME`, `qi play --fen
// NAME`), the protocols (UCI / UCCI "position fen NAME") and the arena's
// opening files.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/side.h"

namespace qi::engine {

std::vector<std::string> handicap_names(const Game& game);
// A handicap by its name, or by its Chinese title (让单马).
const HandicapInfo* find_handicap(const Game& game, std::string_view name);

// The start FEN of `game` with `giver`'s odds taken off; an error naming the
// game's handicaps when `name` is none of them.
Expected<std::string> handicap_fen(const Game& game, std::string_view name, Side giver);
// The same with the handicap's customary giver, or nullopt when `name` is no
// handicap of the game (so that a FEN may stand in the same place).
std::optional<std::string> handicap_fen(const Game& game, std::string_view name);

}  // namespace qi::engine
