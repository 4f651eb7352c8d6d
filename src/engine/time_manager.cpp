#include "engine/time_manager.h"

#include <algorithm>

namespace qi::engine {

TimeBudget plan_time(const SearchLimits& limits, std::int64_t move_overhead) {
  TimeBudget b;
  if (limits.infinite || limits.ponder) return b;  // stop or ponderhit decides
  if (limits.move_time >= 0) {
    // Fixed time per move: use it all, less the overhead, never below 1 ms.
    std::int64_t t = std::max<std::int64_t>(1, limits.move_time - move_overhead);
    b.optimum = b.maximum = t;
    return b;
  }
  if (limits.time_left < 0) return b;

  const std::int64_t left = limits.time_left, inc = std::max<std::int64_t>(0, limits.increment);
  // What may be spent at most: the clock less the overhead and a margin that
  // grows with the clock, keeping at least a little for the next moves.
  // A tenth of the clock (at most a second) stays in reserve: on a busy
  // machine the process may be descheduled between its time checks.
  const std::int64_t reserve = move_overhead + std::min<std::int64_t>(left / 10, 1000);
  const std::int64_t usable = std::max<std::int64_t>(1, left - reserve);
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, 40) : 40;
  std::int64_t optimum = usable / moves + inc * 3 / 4;
  // With moves to go, the last move before the control may use more of it.
  std::int64_t maximum = limits.moves_to_go == 1 ? usable * 8 / 10 : std::min(usable / 6 + inc, optimum * 4);
  maximum = std::min(maximum, usable);
  optimum = std::min(optimum, maximum);
  b.optimum = std::max<std::int64_t>(1, optimum);
  b.maximum = std::max<std::int64_t>(1, maximum);
  return b;
}

}  // namespace qi::engine
