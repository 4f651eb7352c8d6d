#include "engine/level_elo.h"

#include <algorithm>
#include <cstdlib>

namespace qi::engine {
namespace {

// Each table is the weighted least-squares line through the levels measured
// against the anchor, so it rises with the level as the ladder says it must;
// levels below the anchor's lowest setting are read off the same line
// (bench/calibrate_levels.py, docs/levels.md).

// Stockfish 15.1's UCI_Elo at 10+0.1: 24 games a level from 4 to 10 against
// two settings near it (2026-12-03; level 10 with its network).
constexpr LevelTable kChess{
    "chess", "Stockfish 15.1 UCI_Elo, 10+0.1", {810, 960, 1120, 1280, 1440, 1590, 1750, 1910, 2070, 2220}};

// Fairy-Stockfish 11.1's UCI_Elo in xiangqi at 10+0.1: 24 games a level
// from 4 to 9 against two settings near it and 13 for level 10. That scale
// was fitted to chess; in xiangqi its settings lie further apart than chess's
// levels do (docs/levels.md), so the table is steeper than chess's.
constexpr LevelTable kXiangqi{"xiangqi",
                              "Fairy-Stockfish 11.1 UCI_Elo (xiangqi), 10+0.1",
                              {510, 770, 1030, 1290, 1550, 1810, 2070, 2320, 2580, 2840}};

// English checkers has no engine with an Elo scale, so Cake 1.89g held to
// fixed depths is the outside referee: 100 games from the ballots for each
// of 20 pairings of levels 2-10 with Cake's depths 1-11 (2026-12-06), one
// Bradley-Terry fit for all, 145.5 Elo a level on its weighted line; level 1
// (below anything Cake plays) is read off the line, from chess's level 1.
constexpr LevelTable kEnglishCheckers{"checkers",
                                      "Cake 1.89g at fixed depths, from chess's level 1",
                                      {810, 960, 1100, 1250, 1390, 1540, 1680, 1830, 1970, 2120}};

constexpr std::array<const LevelTable*, 3> kTables{&kChess, &kXiangqi, &kEnglishCheckers};

}  // namespace

const LevelTable& level_table(std::string_view game) {
  if (game == "xiangqi") return kXiangqi;
  if (game == "checkers") return kEnglishCheckers;
  return kChess;
}

const std::array<const LevelTable*, 3>& level_tables() { return kTables; }

int elo_of_level(std::string_view game, int level) {
  return level_table(game).elo[std::clamp(level, 1, 10) - 1];
}

int level_for_elo(std::string_view game, int elo) {
  const std::array<int, 10>& table = level_table(game).elo;
  int best = 1;
  for (int l = 2; l <= 10; ++l)
    if (std::abs(table[l - 1] - elo) < std::abs(table[best - 1] - elo)) best = l;
  return best;
}

}  // namespace qi::engine
