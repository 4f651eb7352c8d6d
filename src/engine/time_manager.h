// Time management: how long to think from the clock, and when to stop.
//
// From base time and increment (and moves to go) it sets an optimum time,
// which iterative deepening tries not to pass when starting a new iteration,
// and a hard maximum, which the search checks every few thousand nodes. The
// maximum always leaves the move overhead and a safety margin on the clock,
// so Qi never loses on time. A fixed time per move (UCI's movetime) is both
// optimum and maximum, and is searched whole: UCI asks for a search of
// exactly that time, so no iteration is refused for starting late. The
// clock is an interface so tests can drive it by hand.
#pragma once

#include <atomic>
#include <cstdint>

#include "core/clock.h"
#include "engine/limits.h"

namespace qi::engine {

// The program's one clock interface (core/clock.h): tests drive a FakeClock.
using qi::Clock;
using qi::SteadyClock;

struct TimeBudget {
  std::int64_t optimum = -1;  // -1: no time limit
  std::int64_t maximum = -1;
};

// At most this is kept in hand for descheduling (like Stockfish's Move
// Overhead, tens of milliseconds at short clocks).
inline constexpr std::int64_t kDescheduleAllowanceMs = 30;
// A clock with an increment is kept above this many increments.
inline constexpr std::int64_t kIncrementsInReserve = 20;
// ... but never more than this (so at 10+0.1 the floor is half a second).
inline constexpr std::int64_t kMaxIncrementFloorMs = 500;
// Without an increment the floor is a twentieth of the clock, at most this:
// a second kept at 10+0 went unused in every game.
inline constexpr std::int64_t kMaxClockFloorMs = 500;
// Without moves to go, the clock is shared as if this many moves were left
// (games last longer, but each move's share shrinks with the clock).
inline constexpr int kMovesHorizon = 20;
// Without moves to go, one move never plans more than 1/8 of the clock
// beyond the reserve.
inline constexpr int kMaxShareOfClock = 8;
// An iteration is not started once this share of the optimum (scaled by
// the best move's stability) has passed: the next one would take longer
// than what is left of it. The share sets how much of its plan a move uses
// on average (docs/strength.md measures it).
inline constexpr double kIterationStartShare = 0.75;
// Below this budget the search checks the clock every 64 nodes, not 256.
inline constexpr std::int64_t kShortBudgetMs = 100;

// What one move keeps on the clock for the link and descheduling: at least
// move_overhead, up to kDescheduleAllowanceMs, less on a nearly empty clock.
std::int64_t deschedule_allowance(std::int64_t time_left, std::int64_t move_overhead);

// The budget for one move. move_overhead is the lag between the engine and
// the clock (GUI, network), in ms. For xiangqi's per-move limit with
// overruns, the GUI sends movetime, or a clock with moves to go.
TimeBudget plan_time(const SearchLimits& limits, std::int64_t move_overhead);

class TimeManager {
 public:
  explicit TimeManager(const Clock& clock) : clock_(&clock) {}
  void start(const SearchLimits& limits, std::int64_t move_overhead) {
    start_ = clock_->now_ms();
    SearchLimits timed = limits;
    timed.ponder = false;  // the budget for after ponderhit
    budget_ = plan_time(timed, move_overhead);
    fixed_ = !limits.infinite && limits.move_time >= 0;
  }
  // The clock starts again (ponderhit: the opponent has played the move
  // we pondered on, and our own time now runs).
  void restart() { start_ = clock_->now_ms(); }
  std::int64_t elapsed() const { return clock_->now_ms() - start_; }
  const TimeBudget& budget() const { return budget_; }
  // How many nodes the search may visit between two looks at the clock
  // (a power of two): fewer on a short budget, where a late look costs more.
  std::uint64_t check_interval() const {
    return budget_.maximum >= 0 && budget_.maximum < kShortBudgetMs ? 64 : 256;
  }
  // Checked inside the search: past the hard maximum.
  bool out_of_time() const { return budget_.maximum >= 0 && elapsed() >= budget_.maximum; }
  // Checked between iterations: another iteration would likely overrun.
  // `stability` in [0.6, 2]: below 1 when the best move has been stable.
  // Never with a fixed time per move, which the search uses to its end.
  bool should_not_start_iteration(double stability) const {
    return !fixed_ && budget_.optimum >= 0 &&
           elapsed() >= static_cast<std::int64_t>(budget_.optimum * stability * kIterationStartShare);
  }

 private:
  const Clock* clock_;
  std::atomic<std::int64_t> start_{0};
  TimeBudget budget_;
  bool fixed_ = false;
};

}  // namespace qi::engine
