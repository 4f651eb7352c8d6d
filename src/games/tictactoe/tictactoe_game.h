// Tic-tac-toe behind the run-time qi::Game interface (rules in board.h,
// notation in notation.h, what a page needs to draw it in descriptor.cpp).
#pragma once

#include <memory>

#include "core/game.h"
#include "core/game_descriptor.h"

namespace qi::tictactoe {

std::unique_ptr<qi::Game> make_game();
const GameDescriptor& descriptor();

}  // namespace qi::tictactoe
