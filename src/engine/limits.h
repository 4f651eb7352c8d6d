// What a search may spend: the UCI "go" parameters, in one record every
// front end fills.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

namespace qi::engine {

struct SearchLimits {
  // Clock of the side to move and its opponent, in milliseconds; negative
  // when not given.
  std::int64_t time_left = -1;
  std::int64_t increment = 0;
  std::int64_t opponent_time = -1;
  std::int64_t opponent_increment = 0;
  int moves_to_go = 0;                    // moves until the next time control; 0: sudden death
  std::int64_t move_time = -1;            // exactly this long per move, when given
  int depth = 0;                          // at most this many plies; 0: no limit
  std::uint64_t nodes = 0;                // at most about this many nodes; 0: no limit
  int mate = 0;                           // stop once a mate in this many moves is found
  bool infinite = false;                  // until stop
  bool ponder = false;                    // thinking on the opponent's time until ponderhit
  std::vector<std::string> search_moves;  // only these root moves (move ids)
  int multipv = 1;
  // A ceiling on this move's time, whatever the clock or move_time say
  // (the app's: no one search holds a worker for long); -1: none.
  std::int64_t max_time = -1;
  // Set from another thread, it ends the search at once (the caller no
  // longer wants its move: the game ended, the server stops). Null: none.
  const std::atomic<bool>* stop = nullptr;

  bool uses_clock() const { return time_left >= 0 && move_time < 0; }
};

}  // namespace qi::engine
