// How many people watch each game without playing in it: the connections
// (event streams and WebSockets) of this instance that follow a game without
// a seat's token, and, for a server run as several instances, the counts the
// other instances report (set by whoever relays them). Every pushed view
// carries the sum as "spectators". Thread-safe: the event loop counts, a
// relay may set remote counts from any thread.
#pragma once

#include <functional>
#include <map>
#include <mutex>
#include <string>

namespace qi::server {

class SpectatorCounts {
 public:
  // Called after a change, outside the lock: `game` and its new count.
  using Listener = std::function<void(const std::string& game, int count)>;

  // A local spectator arrives (+1) or leaves (-1); the new local count.
  int add_local(const std::string& game, int delta);
  // What `instance` reports for `game` now (0 forgets it).
  void set_remote(const std::string& instance, const std::string& game, int count);
  // Everything `instance` reported (it has gone).
  void forget_instance(const std::string& instance);

  int local(const std::string& game) const;
  // This instance's and every other's.
  int sum(const std::string& game) const;

  // For a relay: told of each change of a local count (to publish it).
  void on_local_change(Listener listener);
  // For the event loop: told of each change of a sum that a remote count
  // made (a local change is the loop's own doing).
  void on_remote_change(Listener listener);

 private:
  mutable std::mutex mutex_;
  std::map<std::string, int> local_;
  std::map<std::string, std::map<std::string, int>> remote_;  // game -> instance -> count
  Listener local_listener_, remote_listener_;
};

}  // namespace qi::server
