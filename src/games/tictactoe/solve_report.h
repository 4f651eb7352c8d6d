// The whole game from a position, as `qi solve` prints it: every game and
// position counted, the classes up to symmetry (from the empty board), the
// perfect-play value, and with each_move every legal move's value and rule
// of thumb. One "key value" line each.
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::tictactoe {

// An empty fen is the empty board; the error says why a fen is none.
Expected<std::string> solve_report(std::string_view fen, bool each_move);

}  // namespace qi::tictactoe
