#include "engine/time_manager.h"

#include <algorithm>

namespace qi::engine {

std::int64_t deschedule_allowance(std::int64_t time_left, std::int64_t move_overhead) {
  // The operating system may stop the process for tens of milliseconds
  // between two time checks on a busy machine; keep that much in hand, but
  // never more than half a nearly empty clock (there is nothing left to
  // protect and the move must still be made), and never less than the
  // configured overhead.
  return std::max(move_overhead, std::min(kDescheduleAllowanceMs, time_left / 2));
}

namespace {

// The budget the clock or the fixed time gives, before any ceiling.
TimeBudget plan_uncapped(const SearchLimits& limits, std::int64_t move_overhead) {
  TimeBudget b;
  if (limits.move_time >= 0) {
    // Fixed time per move: use it all, less the overhead, never below 1 ms.
    std::int64_t t = std::max<std::int64_t>(1, limits.move_time - move_overhead);
    b.optimum = b.maximum = t;
    return b;
  }
  if (limits.time_left < 0) return b;

  const std::int64_t left = limits.time_left, inc = std::max<std::int64_t>(0, limits.increment);
  // In reserve: the allowance for the link and for descheduling, and a
  // floor the clock is kept above: a twentieth of it (at most
  // kMaxClockFloorMs), or
  // kIncrementsInReserve increments when that is more (but at most 3/4 of the
  // clock, so a move can still be made). With an increment, a clock that has
  // fallen to the floor is refilled by spending less than the increment, so
  // it settles well above zero (about 20 increments) instead of at the few
  // milliseconds a single descheduling would take away.
  // The increments' floor is capped at kMaxIncrementFloorMs: at 10+0.1, 20
  // increments would keep a fifth of the clock unused for the whole game.
  const std::int64_t increments_floor =
      std::min({kIncrementsInReserve * inc, kMaxIncrementFloorMs, left * 3 / 4});
  const std::int64_t floor = std::max(std::min<std::int64_t>(left / 20, kMaxClockFloorMs), increments_floor);
  const std::int64_t reserve = deschedule_allowance(left, move_overhead) + floor;
  const std::int64_t usable = std::max<std::int64_t>(1, left - reserve);
  const int moves = limits.moves_to_go > 0 ? std::min(limits.moves_to_go, kMovesHorizon) : kMovesHorizon;
  // Each move's share of the clock, and the increment it brings back whole:
  // the clock then settles a few increments above its floor (at 10+0.1
  // about a second and a half) instead of keeping several seconds unused.
  std::int64_t optimum = usable / moves + inc;
  // With moves to go, the last move before the control may use more of it.
  std::int64_t maximum = limits.moves_to_go == 1 ? usable * 8 / 10 : std::min(usable / 6 + inc, optimum * 4);
  // Never plan more than a fraction of what is on the clock beyond the
  // reserve, whatever the increment promises: when a loaded machine makes
  // moves cost more than planned, a low clock then shrinks the moves with it
  // (below the increment, which refills it) instead of running out.
  if (limits.moves_to_go != 1) maximum = std::min(maximum, usable / std::min(moves, kMaxShareOfClock));
  maximum = std::min(maximum, usable);
  optimum = std::min(optimum, maximum);
  b.optimum = std::max<std::int64_t>(1, optimum);
  b.maximum = std::max<std::int64_t>(1, maximum);
  return b;
}

}  // namespace

TimeBudget plan_time(const SearchLimits& limits, std::int64_t move_overhead) {
  if (limits.infinite || limits.ponder) return {};  // stop or ponderhit decides
  TimeBudget b = plan_uncapped(limits, move_overhead);
  if (limits.max_time > 0) {
    // The ceiling binds whatever the clock allows, and a search without
    // any time limit (depth, nodes) too.
    b.maximum = b.maximum < 0 ? limits.max_time : std::min(b.maximum, limits.max_time);
    b.optimum = b.optimum < 0 ? b.maximum : std::min(b.optimum, b.maximum);
  }
  return b;
}

}  // namespace qi::engine
