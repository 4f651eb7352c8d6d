// How several `qi serve` instances on one database behave as one site.
//
// Any instance answers any request: a change to a game is a conditional
// write (GameWrite::expected_version), so two changes made at once through
// two instances are ordered by the database and the later one, written
// against a version that is no longer stored, fails as "stale" and is tried
// again on the game as it now is. What time alone does to a game (a flag
// falls, the engine moves, a first move is overdue) is done by one instance
// only, the holder of the game's lease; a lease lives as long as its
// holder keeps renewing it, so a killed instance's games are taken over by
// another within seconds. Every committed change is announced to the other
// instances (PostgreSQL's LISTEN/NOTIFY), which drop their copy of the game
// and tell their watchers.
//
// SoloCluster is one instance alone (SQLite): it holds every lease and
// hears of nothing.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/side.h"

namespace qi::app {

// What another instance tells this one.
struct ClusterEvent {
  enum class Kind {
    Changed,     // a change to the game was committed at `version` (0: removed)
    Presence,    // a seat's page was in touch at `at_ms`
    Spectators,  // the instance has `count` spectators of the game
    Missed,      // announcements may have been lost (the link to the others
                 // broke): any copy of any game may be out of date
  };
  Kind kind = Kind::Changed;
  std::string game_id;
  std::string instance;  // who tells
  std::uint64_t version = 0;
  Side side = Side::First;
  std::int64_t at_ms = 0;
  int count = 0;
};

// A game whose lease this instance has just taken from a holder that
// stopped renewing it: its clock is not charged for the time since
// `holder_last_seen_ms` (when the holder last renewed).
struct TakenOver {
  std::string game_id;
  std::int64_t holder_last_seen_ms = 0;
};

class Cluster {
 public:
  virtual ~Cluster() = default;
  // This instance's name (unique among the living ones).
  virtual const std::string& instance() const = 0;
  // Takes the game's lease unless a living instance holds it; whether this
  // instance holds it now.
  virtual bool claim(const std::string& game_id) = 0;
  // Whether this instance holds the lease (what it last knew; no round trip).
  virtual bool holds(const std::string& game_id) const = 0;
  // Gives the lease up (the game ended, left memory or was removed).
  virtual void release(const std::string& game_id) = 0;
  // The leases this instance took just now from instances that stopped
  // renewing theirs (called by the manager's ticker).
  virtual std::vector<TakenOver> take_over_orphans() = 0;
  // What the others announce, delivered on the cluster's own thread (the
  // listener must only note it).
  virtual void set_listener(std::function<void(const ClusterEvent&)> listener) = 0;
  // Tells the others (a change is announced by the store's commit itself).
  virtual void announce(const ClusterEvent& event) = 0;
  // Whether other instances may exist: a lone instance skips the work of
  // keeping in step.
  virtual bool shared() const = 0;
};

class SoloCluster final : public Cluster {
 public:
  const std::string& instance() const override { return name_; }
  bool claim(const std::string&) override { return true; }
  bool holds(const std::string&) const override { return true; }
  void release(const std::string&) override {}
  std::vector<TakenOver> take_over_orphans() override { return {}; }
  void set_listener(std::function<void(const ClusterEvent&)>) override {}
  void announce(const ClusterEvent&) override {}
  bool shared() const override { return false; }

 private:
  std::string name_ = "solo";
};

}  // namespace qi::app
