// What a search reports while it runs and when it ends, in text the
// protocols print as they are (moves in the game's own move ids).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/score.h"

namespace qi::engine {

struct SearchInfo {
  int depth = 0;
  int seldepth = 0;
  int multipv = 1;  // 1 for the best line
  Score score = 0;
  bool lowerbound = false;  // the score is only a bound (aspiration fail)
  bool upperbound = false;
  std::uint64_t nodes = 0;
  std::int64_t time_ms = 0;
  int hashfull = 0;
  std::uint64_t tbhits = 0;  // positions whose value the endgame tables gave
  Wdl wdl;
  std::vector<std::string> pv;
};

struct SearchResult {
  std::string best;    // empty when there is no legal move
  std::string ponder;  // may be empty
  Score score = 0;
  int depth = 0;
  std::uint64_t nodes = 0;
  std::uint64_t tbhits = 0;
  // Every line of the last completed iteration, best first (MultiPV).
  std::vector<SearchInfo> lines;
};

// The root move the search has just started (UCI's currmove): its depth,
// the move and its number among the root moves, from 1.
struct CurrentMove {
  int depth = 0;
  std::string move;
  int number = 0;
};

struct SearchCallbacks {
  std::function<void(const SearchInfo&)> on_info;
  std::function<void(const SearchResult&)> on_done;
  // Each root move as it starts, once a search has run a few seconds; may
  // be empty.
  std::function<void(const CurrentMove&)> on_current_move;
};

}  // namespace qi::engine
