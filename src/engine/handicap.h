// Handicaps (odds, file 002's 让子): the standard start of a game with some
// of the stronger side's material taken off, for every game, in one place:
// - chess: pawn (the f-pawn), knight (the queen's knight), rook (the queen's
//   rook, with its castling right), queen;
// - xiangqi: one_horse 让单马 (the horse on the giver's left), two_horses 让双马,
//   one_chariot 让单车 (the chariot on the giver's left), chariot_horse 让车马
//   (both on the left); the Chinese names are accepted too;
// - checkers (every variant): one_man, two_men (from the giver's front row,
//   the squares nearest the middle first);
// - tic-tac-toe: no_centre: the usual start; the giver (O, who moves second)
//   keeps out of the centre on its first move (LevelPlayer::set_handicap).
// The side to move is the game's usual first mover. The app, the command
// line (`qi go --fen NAME`, `qi play --fen NAME`) and the protocols (UCI /
// UCCI "position fen NAME") read the names here.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/side.h"

namespace qi::engine {

// The handicap names of a game, in order of size.
std::vector<std::string> handicap_names(std::string_view game);

// The start FEN of `game` (variant for checkers) with `giver`'s odds taken
// off; an error naming the game's handicaps when `name` is none of them.
Expected<std::string> handicap_fen(std::string_view game, std::string_view variant, std::string_view name,
                                   Side giver);

// Who gives these odds when nobody says: the custom of each game (chess's
// "pawn and move": Black without the f7 pawn, White to move; other chess
// odds: White; xiangqi: Red; checkers: White; tic-tac-toe: O).
Side default_giver(std::string_view game, std::string_view variant, std::string_view name);

// handicap_fen with the default giver, or nullopt when `name` is no handicap
// of the game (so that a FEN may stand in the same place).
std::optional<std::string> handicap_fen(std::string_view game, std::string_view variant,
                                        std::string_view name);

}  // namespace qi::engine
