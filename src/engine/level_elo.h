// What Qi's ten levels are worth in Elo, one table a game (docs/levels.md).
// The app rates people against engine levels with them, and UCI_LimitStrength
// / UCI_Elo choose the level nearest a requested Elo. Each table says what it
// was measured against; a game with no measured table of its own reads the
// table named in level_table().
#pragma once

#include <array>
#include <string_view>

namespace qi::engine {

struct LevelTable {
  std::string_view game;      // the game it was measured in
  std::string_view anchor;    // what the numbers are on (docs/levels.md says it in full)
  std::array<int, 10> elo{};  // levels 1..10, rising
};

// The table `game`'s levels are rated by: chess's for chess and Chess960,
// xiangqi's for xiangqi, English checkers' for every draughts variant, and
// chess's for tic-tac-toe, which has no anchor (docs/levels.md).
const LevelTable& level_table(std::string_view game);

// Every table measured, for the docs' tests.
const std::array<const LevelTable*, 3>& level_tables();

int elo_of_level(std::string_view game, int level);
int level_for_elo(std::string_view game, int elo);

}  // namespace qi::engine
