// How the session manager (session_manager.h) runs: its engine workers and
// their priority, its clocks' ticks, and the bounds on the games it keeps
// in memory.
#pragma once

#include <cstddef>
#include <cstdint>

#include "app/analysis_queue.h"

namespace qi::app {

struct ManagerOptions {
  int engine_threads = 2;
  // Engine searches run at this lower priority (nice), so that requests are
  // answered at once even while every core is searching.
  int engine_nice = 10;
  // Stronger still: searches run only when nothing else wants a core (Linux
  // SCHED_IDLE). Off: on a machine busy with other work the engine starved
  // (33 moves a second instead of 200 in the load test).
  bool engine_idle_priority = false;
  // Reviews kept in memory (by game and number of moves).
  std::size_t review_cache_size = 64;
  // Pause before each move of an engine-against-engine game, so people can watch.
  std::int64_t watch_delay_ms = 600;
  // How often the clocks are checked and running clocks saved.
  std::int64_t tick_ms = 200;
  std::int64_t save_running_clock_ms = 5000;
  // An unrated game in play that nobody touches for this long expires: it
  // leaves memory, the store and the lists.
  std::int64_t expire_after_ms = 7LL * 24 * 60 * 60 * 1000;
  bool background_threads = true;

  // Reviews and hints: their own workers (never the engine workers' slots), a
  // queue per client with a cap on what it may have waiting ("busy" beyond
  // it), clients served in turn.
  AnalysisOptions analysis;

  // An unfinished game nobody has asked about for this long leaves memory
  // (the store keeps it; its next request brings it back), unless something
  // is pending for it: the engine to move, a running clock (or the first-move
  // rule) that the ticker watches, a request waiting for its next change.
  std::int64_t idle_game_ms = 10 * 60 * 1000;
  // At most this many games in memory: beyond it, the least recently used of
  // those with nothing pending leave first (those with something pending stay
  // even beyond it).
  std::size_t max_games_in_memory = 5000;
  // And at most this many plies in all (a game holds at most kGameBytesPerPly
  // a ply): beyond it, the same. A million plies: at most 2.5 GiB.
  std::size_t max_plies_in_memory = 1'000'000;
  // How often games out of memory are looked for in the store to expire them
  // (expire_after_ms).
  std::int64_t sweep_stored_ms = 60 * 60 * 1000;

  // No threads of the manager's own but the analysis workers: the caller (a
  // test) drives tick() and run_engine_moves() when it wants time or the
  // engine to move.
  static ManagerOptions driven_by_caller() {
    ManagerOptions o;
    o.background_threads = false;
    return o;
  }
};

}  // namespace qi::app
