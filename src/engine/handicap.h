// Handicaps as named start positions, usable wherever a start position is
// (qi go --fen, UCI "position fen", qi play --fen):
// - chess: "pawn" (pawn and move: Black's f7 pawn removed, White moves
//   first), "knight", "rook", "queen" (White's queen-side knight, rook or
//   queen removed: White gives the odds);
// - xiangqi: "one_horse" 让单马, "two_horses" 让双马, "one_chariot" 让单车,
//   "chariot_horse" 让车马 (Red gives the odds; the Chinese names work too);
// - checkers: "one_man", "two_men" (White gives the odds);
// - tic-tac-toe: "no_centre": the usual start, but the engine moves second
//   and keeps out of the centre on its first move (see avoids_centre).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace qi::engine {

// The FEN a handicap name stands for in a game (variant for checkers), or
// nullopt when the name is no handicap of that game.
std::optional<std::string> handicap_fen(std::string_view game, std::string_view variant,
                                        std::string_view name);
// The handicap names of a game.
std::vector<std::string> handicap_names(std::string_view game);

}  // namespace qi::engine
