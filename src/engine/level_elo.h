// What Qi's ten levels are worth in Elo in a game (docs/levels.md), read
// from the game's registration (GameRegistration::levels). The app rates
// people against engine levels with it, and UCI_LimitStrength / UCI_Elo
// choose the level nearest a requested Elo. A game whose registration has
// no table (and names no game whose table it reads) has levels without an
// Elo: these functions say so with an empty answer, never another game's.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "core/registry.h"

namespace qi::engine {

using qi::LevelTable;

// The table `game`'s levels are rated by, or null when they carry no Elo.
inline const LevelTable* level_table(std::string_view game) { return qi::level_table(game); }

// Every table measured (each game's own), for the docs' tests.
std::vector<const LevelTable*> level_tables();

std::optional<int> elo_of_level(std::string_view game, int level);
std::optional<int> level_for_elo(std::string_view game, int elo);

}  // namespace qi::engine
