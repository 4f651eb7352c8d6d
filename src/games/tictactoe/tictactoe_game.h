// Tic-tac-toe behind the run-time qi::Game interface (rules in board.h,
// notation in notation.h). The built-in opponent is the perfect player.
#pragma once

#include <memory>

#include "core/game.h"

namespace qi::tictactoe {

std::unique_ptr<qi::Game> make_game();

}  // namespace qi::tictactoe
