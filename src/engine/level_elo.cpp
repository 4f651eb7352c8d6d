#include "engine/level_elo.h"

#include <algorithm>
#include <cstdlib>

namespace qi::engine {

std::vector<const LevelTable*> level_tables() {
  std::vector<const LevelTable*> out;
  for (const GameRegistration* g : registered_games())
    if (g->levels) out.push_back(g->levels);
  return out;
}

std::optional<int> elo_of_level(std::string_view game, int level) {
  const LevelTable* table = level_table(game);
  if (!table) return std::nullopt;
  return table->elo[std::clamp(level, 1, 10) - 1];
}

std::optional<int> level_for_elo(std::string_view game, int elo) {
  const LevelTable* table = level_table(game);
  if (!table) return std::nullopt;
  int best = 1;
  for (int l = 2; l <= 10; ++l)
    if (std::abs(table->elo[l - 1] - elo) < std::abs(table->elo[best - 1] - elo)) best = l;
  return best;
}

}  // namespace qi::engine
