// Plays a list of games on K threads. Each thread keeps its own instance of
// every player (an engine process is never shared between two games at
// once) and replaces one that crashed or hung before its next game. Results
// are handed back one at a time, in the order games finish.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "arena/game_runner.h"
#include "arena/openings.h"
#include "arena/player_spec.h"

namespace qi::arena {

struct GameJob {
  int number = 0;             // 1-based, for progress lines and the Round tag
  int first = 0, second = 0;  // indices into the players
  const Opening* opening = nullptr;
  std::uint64_t seed = 0;
  Tags tags;  // Event, Round, ...
};

// Called under a lock as each game finishes; returning false stops the
// scheduler from starting more games (the ones running finish).
using GameDone = std::function<bool(const GameJob&, const GameResult&)>;

void run_games(const std::vector<GameJob>& jobs, const std::vector<PlayerSpec>& players,
               const GameSettings& settings, int concurrency, const GameDone& done);

}  // namespace qi::arena
