// A game's descriptor (core/game_descriptor.h) as the page reads it from
// /api/info: everything it needs to draw and play the game without knowing
// its rules (docs/app.md lists the fields).
#pragma once

#include <nlohmann/json.hpp>

#include "core/game_descriptor.h"

namespace qi::server {

nlohmann::json descriptor_json(const GameDescriptor& game);

}  // namespace qi::server
