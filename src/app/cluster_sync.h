// Sharing the store with other servers (cluster.h), for the session
// manager's games in memory (game_table.h): a game another server changed is
// read again before it is used, only the holder of a game's lease runs its
// clock and its engine, the games of a server that stopped are taken over,
// and what the others announce is handled on a worker of its own.
//
// Its refreshes are made under the game's lock, like every change of a game.
// With no cluster (a server alone) it shares nothing and runs every game.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "app/game_table.h"
#include "app/session.h"
#include "app/storage/cluster.h"
#include "app/storage/store.h"
#include "core/clock.h"
#include "core/expected.h"

namespace qi::app {

class ClusterSync {
 public:
  using Entry = GameEntry;

  // `cluster`: the servers sharing the store (none: this one alone).
  // `schedule_engine`, under the entry's lock: queues the engine's turn if
  // it is to move here (EngineMoves::schedule).
  ClusterSync(Cluster* cluster, Store& store, Clock& time, GameTable& table,
              std::function<void(const Entry&)> schedule_engine);
  // Stops listening and joins the worker.
  ~ClusterSync();
  ClusterSync(const ClusterSync&) = delete;
  ClusterSync& operator=(const ClusterSync&) = delete;

  // Starts the worker that handles the others' announcements (only when the
  // store is shared); call once what it uses is built.
  void start_worker();
  // No more announcements are taken, the worker is woken to stop; join
  // waits for it.
  void stop_listening();
  void stop();
  void join();

  bool shared() const { return cluster_.shared(); }
  Cluster& cluster() { return cluster_; }
  const Cluster& cluster() const { return cluster_; }

  // Under the entry's lock: reads the game again from the store (another
  // server changed it), keeping what only this server knows (when each
  // seat's page was last in touch); false when it is no longer there. When
  // the store cannot be read (or the game is damaged), the copy stays and is
  // read again at its next use.
  Expected<bool> refresh(Entry& e);
  // Under the entry's lock: refresh first if another server changed it.
  Status refresh_if_stale(Entry& e);
  // Under the entry's lock: ends the game if a flag has fallen, at the
  // server that runs its clock only.
  bool flag_falls(Entry& e);
  // Whether this server runs the game's clock and engine (claims the lease
  // when something is pending and nobody holds it).
  bool runs(const Session& s);
  // Whether this server holds the game's lease (alone: every game is its).
  bool mine(const std::string& id) { return !shared() || cluster_.holds(id); }

  // Takes over the games of servers that stopped, at most every
  // kTakeoverCheckMs (the ticker asks every tick).
  void take_over_orphans_if_due(std::int64_t now);
  void take_over_orphans();
  // Handles what the other servers announced.
  void handle_events();
  void on_cluster_event(const ClusterEvent& event);
  void set_remote_listener(std::function<void(const ClusterEvent&)> listener);
  // Games whose lease this server took over from a server that stopped, so far.
  std::uint64_t taken_over() const { return taken_over_; }

 private:
  void worker();

  SoloCluster solo_;
  Cluster& cluster_;
  Store& store_;
  Clock& time_;
  GameTable& table_;
  std::function<void(const Entry&)> schedule_engine_;

  std::mutex events_mutex_;
  std::condition_variable events_cv_;
  std::vector<ClusterEvent> events_;  // announced by others, not yet handled
  std::atomic<bool> stopping_{false};
  std::thread worker_;

  std::mutex listener_mutex_;
  std::function<void(const ClusterEvent&)> remote_listener_;
  std::atomic<std::uint64_t> taken_over_{0};
  std::int64_t last_takeover_ms_ = 0;  // under the tick's lock
};

}  // namespace qi::app
