// Several `qi serve` instances on one PostgreSQL database (cluster.h). Each
// instance renews its row in `instances` every second, alive for 3 s more by
// the database's clock (machines' clocks do not matter). A game's lease is a
// row of `game_leases`; it can be taken when its holder is no longer alive.
// A listening connection hears `qi_games` (the store's commits) and
// `qi_events` (announce()) and hands what the others say to the listener.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "app/storage/cluster.h"
#include "app/storage/pg_connection.h"

namespace qi::app {

class PostgresCluster final : public Cluster {
 public:
  static constexpr int kRenewMs = 1000;
  static constexpr int kTtlMs = 3000;
  // Most leases one take_over_orphans() takes: the survivors share a dead
  // instance's games.
  static constexpr int kTakeOverBatch = 32;
  // Announcements waiting to be sent (presence, spectator counts: each is
  // said again by the next beat or change), the oldest dropped past it; and
  // the most one statement sends.
  static constexpr std::size_t kMaxWaitingAnnouncements = 4096;
  static constexpr std::size_t kAnnouncementBatch = 256;

  // `instance`: empty for a new name (host:pid:random). The database must
  // have been migrated (PostgresStore::open does it).
  static Expected<std::unique_ptr<PostgresCluster>> open(const std::string& uri, std::string instance = {});
  ~PostgresCluster() override;

  const std::string& instance() const override { return name_; }
  bool claim(const std::string& game_id) override;
  bool holds(const std::string& game_id) const override;
  void release(const std::string& game_id) override;
  std::vector<TakenOver> take_over_orphans() override;
  void set_listener(std::function<void(const ClusterEvent&)> listener) override;
  // Queued, and sent by a thread of its own: the caller (an action, under
  // its game's lock) never waits for the database.
  void announce(const ClusterEvent& event) override;
  bool shared() const override { return true; }

  // Stops renewing this instance, as a killed one would (tests).
  void stop_heartbeat();

 private:
  PostgresCluster(std::string uri, std::string name, std::unique_ptr<PgConnection> ops,
                  std::unique_ptr<PgConnection> beat);
  // Renews this instance's row; false if the database could not be told.
  bool renew();
  void heartbeat();
  void listen();
  // The listener's connection, listening; null while the database is away.
  std::unique_ptr<PgConnection> connect_listener();
  // A statement on the connection of claims and announcements, tried again
  // on a fresh connection if that one was lost (each is safe to repeat).
  Expected<PgResult> op(const std::string& sql, const std::vector<PgParam>& params);
  void deliver(const ClusterEvent& event);
  // Sends the waiting announcements, a batch a statement, until stopped.
  void announcer();

  const std::string uri_;
  const std::string name_;
  std::mutex ops_mutex_;  // one statement at a time on ops_
  std::unique_ptr<PgConnection> ops_;
  std::unique_ptr<PgConnection> beat_;               // the heartbeat thread's
  std::unique_ptr<PgConnection> listen_connection_;  // the listener thread's
  std::uint64_t take_overs_ = 0;                     // under held_mutex_
  std::atomic<std::int64_t> clock_offset_ms_{0};     // this machine's clock minus the database's

  mutable std::mutex held_mutex_;
  std::set<std::string> held_;
  // Games a living instance held when this one last asked, and until when
  // not to ask again: a game's every change asks (whoever runs it must), and
  // a holder that dies is found by take_over_orphans, not by asking. Long
  // enough that a game played through both instances asks seldom (asking at
  // each move was a database write a move); short enough that a game its
  // holder let go of (left its memory) is run here again soon.
  static constexpr auto kHeldElsewhereMemory = std::chrono::seconds(10);
  std::map<std::string, std::chrono::steady_clock::time_point> held_elsewhere_;

  std::mutex listener_mutex_;
  std::function<void(const ClusterEvent&)> listener_;

  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  bool stopping_ = false, beating_ = true;
  std::thread heartbeat_thread_, listen_thread_;

  std::mutex announce_mutex_;
  std::condition_variable announce_cv_;
  std::deque<std::string> waiting_;  // payloads, oldest first
  bool announcer_stopping_ = false;
  std::thread announce_thread_;
};

// A PostgreSQL array of texts, written as its input syntax ({"a","b\"c"}).
std::string pg_text_array(const std::vector<std::string>& items);

// A new instance name: host:pid:random.
std::string new_instance_name();

// The payloads of the notification channels (tested on their own).
std::string event_payload(const ClusterEvent& event);
std::optional<ClusterEvent> parse_event_payload(const std::string& payload);
std::optional<ClusterEvent> parse_game_payload(const std::string& payload);

}  // namespace qi::app
