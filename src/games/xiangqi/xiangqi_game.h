// The run-time qi::Game for xiangqi (see core/game.h).
#pragma once

#include <memory>

#include "core/game.h"

namespace qi::xiangqi {

std::unique_ptr<qi::Game> make_game();

}  // namespace qi::xiangqi
