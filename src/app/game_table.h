// The games in memory (the session manager's table, session_manager.h):
// finding a game and locking it, bringing it back from the store when it
// left memory, waiting for its changes, and sending idle games out of memory
// within the bounds of ManagerOptions; unrated games nobody touched for
// expire_after_ms leave the store.
//
// Locks: the map's shared_mutex is never held while waiting for a game's
// lock (only a new game's lock is held while the map's is taken, to put it
// in); eviction takes each game's lock with try_lock under the map's, and
// leaves a game whose lock is taken for the next round.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <vector>

#include "app/game_entry.h"
#include "app/manager_options.h"
#include "app/session.h"
#include "app/storage/store.h"
#include "core/clock.h"
#include "core/expected.h"

namespace qi::app {

class GameTable {
 public:
  using Entry = GameEntry;

  GameTable(Store& store, Clock& time, const ManagerOptions& options);
  GameTable(const GameTable&) = delete;
  GameTable& operator=(const GameTable&) = delete;

  // What the table asks of the rest of the manager, each under the entry's
  // lock; given once, before the table is first used.
  struct Hooks {
    // Reads the game again if another server changed it (ClusterSync).
    std::function<Status(Entry&)> refresh_if_stale;
    // A game read from the store came into memory: queue the engine's turn
    // if it is to move (EngineMoves).
    std::function<void(const Entry&)> brought_back;
  };
  void set_hooks(Hooks hooks) { hooks_ = std::move(hooks); }

  // The game in memory (counts as its use), or null.
  std::shared_ptr<Entry> find_in_memory(const std::string& id);
  // The game in memory without counting a use (a list, an announcement:
  // what keeps no game in memory), or null.
  std::shared_ptr<Entry> peek(const std::string& id);
  // find_in_memory, or bring an unfinished game back from the store (null:
  // there is none; an error: the store failed, or the game is damaged).
  Expected<std::shared_ptr<Entry>> find(const std::string& id);
  // find, or bring a finished unrated game back from the store too (it leaves
  // memory 10 minutes after its end) so that it can still be taken back.
  Expected<std::shared_ptr<Entry>> find_or_reopen(const std::string& id);
  // What find and find_or_reopen share: memory first, then the store.
  Expected<std::shared_ptr<Entry>> find_stored(const std::string& id, bool finished_unrated_too);
  // A game read from the store put in memory (not saved again: it is the
  // store's); the entry already there if another request was first.
  std::shared_ptr<Entry> adopt(std::unique_ptr<Session> session);
  // The game's entry with `lock` holding its lock (null if there is none),
  // found again if it left memory between the finding and the locking; an
  // error if the store failed (a copy known to be behind it is not used).
  Expected<std::shared_ptr<Entry>> lock_game(const std::string& id, std::unique_lock<std::mutex>& lock,
                                             bool reopen_finished);
  // lock_game for the seat that `token` holds: the entry and its side, or
  // why not (no such game; not a seat of it, or the game was removed).
  struct SeatLock {
    std::shared_ptr<Entry> entry;
    Side seat;
  };
  Expected<SeatLock> lock_seat(const std::string& id, const std::string& token,
                               std::unique_lock<std::mutex>& lock);
  // lock_game for any game, finished (rated too) or not: a rematch changes a
  // finished game.
  Expected<std::shared_ptr<Entry>> lock_any_game(const std::string& id, std::unique_lock<std::mutex>& lock);
  // Under the entry's lock: whether the game may leave memory now.
  static bool may_leave(const Entry& e);

  // Puts a new game's entry in the table (its lock may be held), and takes
  // one out (never while holding a game's lock: eviction takes them in the
  // other order).
  void insert(const std::string& id, std::shared_ptr<Entry> entry);
  void erase(const std::string& id);
  // Every game in memory now.
  std::vector<std::shared_ptr<Entry>> entries();
  std::size_t active_games();

  // Waits until the game's version exceeds `seen` or `timeout_ms` passes
  // (SessionManager::wait_for_change).
  std::uint64_t wait_for_change(const std::string& id, std::uint64_t seen, std::int64_t timeout_ms);
  // Under the entry's lock: wakes its waiters and the listener, and stops
  // the engine's search if the change made it moot.
  void notify_change(Entry& e);
  void set_change_listener(std::function<void(const std::string& id)> listener);
  // The server is stopping: every request waiting for a change is woken,
  // and no more waits.
  void wake_waiters();

  // The ticker's round of eviction: each game, under its lock, is counted
  // as staying, or (consider) as leaving or free to leave if too many are in
  // memory; then evict sends them out.
  struct Eviction {
    struct MayGo {
      std::int64_t last_used_ms;
      std::size_t plies;
      std::shared_ptr<Entry> entry;
    };
    std::vector<std::shared_ptr<Entry>> leaving;  // must leave: idle, or finished for 10 minutes
    std::vector<MayGo> may_go;                    // may leave if too many stay
    std::size_t staying = 0, staying_plies = 0;
  };
  // Under the entry's lock, for a game the round did not keep for a reason
  // of its own.
  void consider(Eviction& round, const std::shared_ptr<Entry>& e, std::int64_t now);
  // Sends out the round's leaving games and, beyond the caps, the least
  // recently used of those that may go; the ids of those that left (only
  // when `shared`: their leases are then released).
  std::vector<std::string> evict(Eviction round, bool shared);
  // Games out of memory that nobody touched for expire_after_ms leave the
  // store, every sweep_stored_ms.
  void expire_stored_if_due(std::int64_t now);
  void expire_stored(std::int64_t now);

 private:
  Store& store_;
  Clock& time_;
  const ManagerOptions& options_;
  Hooks hooks_;

  std::shared_mutex map_mutex_;
  std::map<std::string, std::shared_ptr<Entry>> sessions_;
  std::atomic<bool> stopping_{false};
  std::int64_t last_sweep_ms_ = 0;  // the last search of the store for expired games (under the tick's lock)

  std::mutex listener_mutex_;
  std::function<void(const std::string&)> listener_;
};

}  // namespace qi::app
