// The engine's moves in the session manager's games: each game's turn
// queued fairly between clients (engine_turns.h), searched on the engine
// workers without the game's lock, and played only if the game is still
// where it was searched. Each search is stopped at once when its game no
// longer needs it (stop_moot_search, game_entry.h) or the server stops
// (close), and the engine's ceiling bounds any one search's time
// (engine_opponent.h).
#pragma once

#include <functional>
#include <thread>
#include <vector>

#include "app/cluster_sync.h"
#include "app/engine_turns.h"
#include "app/game_table.h"
#include "app/manager_options.h"
#include "app/opponent.h"
#include "app/session.h"
#include "core/clock.h"
#include "core/expected.h"

namespace qi::app {

class EngineMoves {
 public:
  using Entry = GameEntry;

  // `after_change`, under the entry's lock: saves the engine's move (waiting
  // for the commit when `durable`) and tells the game's watchers
  // (SessionManager::after_change).
  EngineMoves(GameTable& table, ClusterSync& cluster, Opponent& opponent, Clock& time,
              const ManagerOptions& options, std::function<Status(Entry&, bool durable)> after_change);
  // Closes the turns and joins the workers.
  ~EngineMoves();
  EngineMoves(const EngineMoves&) = delete;
  EngineMoves& operator=(const EngineMoves&) = delete;

  // Starts the engine workers (options.engine_threads); call once what they
  // use is built.
  void start_workers();
  // Every search ends at once (its move is not played: the game resumes at
  // the next start), and no engine move starts any more; join waits for the
  // workers.
  void close() { turns_.close(); }
  void join();

  // Under the entry's lock: queues the engine's turn if it is to move here.
  void schedule(const Entry& e);
  // Makes searches give way for turns that became ready later than they
  // were queued (the ticker, as time passes).
  void rebalance(std::int64_t now) { turns_.rebalance(now); }
  // Plays all pending engine moves now, on this thread (for tests).
  void run_pending();
  EngineTurns::Counts counts() const { return turns_.counts(); }

 private:
  // What the engine is asked for the side to move: its level and its time.
  MoveRequest move_request(const Session& s) const;
  // Searches the turn's move without the game's lock and plays it if the
  // game is still where it was searched.
  bool play(const EngineTurns::Search& search);
  void worker();

  GameTable& table_;
  ClusterSync& cluster_;
  Opponent& opponent_;
  Clock& time_;
  const ManagerOptions& options_;
  std::function<Status(Entry&, bool)> after_change_;
  EngineTurns turns_;
  std::vector<std::thread> workers_;
};

}  // namespace qi::app
