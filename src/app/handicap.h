// Odds games: the stronger side starts without some material (file 002's
// "handicaps"). Chess: pawn (f-pawn), knight (queen's knight), rook (queen's
// rook), queen. Xiangqi: horse (left horse), two_horses, rook (left rook).
// Tic-tac-toe: no_centre (the usual start; the engine moves second and keeps
// out of the centre on its first move).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/side.h"

namespace qi::app {

inline constexpr std::string_view kNoCentre = "no_centre";

std::vector<std::string> handicap_names(std::string_view game);
// The start FEN `fen` with `side`'s handicap pieces removed.
Expected<std::string> apply_handicap(std::string_view game, std::string_view fen, std::string_view handicap,
                                     Side side);

}  // namespace qi::app
