// Qi's ten levels. Each level is a search limit and a temperature: a weak
// level searches a little and then picks among its best few moves (MultiPV)
// with chances that fall off with the score lost, exp(-loss / temperature),
// so it makes the plausible mistakes of a weaker player (a natural-looking
// move that drops a pawn) rather than random ones. Level 10 is full
// strength: no limit beyond the clock and always the best move.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/score.h"

namespace qi::engine {

struct LevelPolicy {
  int level = 10;
  int max_depth = 0;            // 0: no limit
  std::uint64_t max_nodes = 0;  // 0: no limit
  int multipv = 1;              // lines to choose among
  int temperature = 0;          // in the game's centipawns; 0: always the best
};

inline constexpr int kMinLevel = 1;
inline constexpr int kMaxLevel = 10;

LevelPolicy level_policy(int level);

// Which of the scored lines (best first) a level plays; `random` in [0, 1).
int choose_line(const std::vector<Score>& scores, const LevelPolicy& policy, double random);

}  // namespace qi::engine
