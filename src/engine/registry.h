// The registry of games is core's (core/registry.h): a game's rules are
// registered without a search. The engine's code asks it by these names,
// and reads a registration's engine part through engine/backend.h.
#pragma once

#include "core/registry.h"
#include "engine/backend.h"

namespace qi::engine {

using qi::default_game;
using qi::default_game_name;
using qi::find_game;
using qi::GameRegistration;
using qi::register_game;
using qi::registered_games;

}  // namespace qi::engine
