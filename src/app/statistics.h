// A player's record from the stored games: wins, draws and losses by game
// and by opponent (a person, or the engine at a level), streaks and time
// played.
#pragma once

#include <nlohmann/json.hpp>

#include "app/storage/store.h"

namespace qi::app {

Expected<nlohmann::json> player_statistics(Store& store, std::int64_t player);

}  // namespace qi::app
