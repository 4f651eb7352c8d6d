// The ticker's rounds (SessionManager::tick): the clocks of the games in
// memory (a flag fallen, the first-move rule, a seat gone, an unrated game
// expired), a running clock saved now and then, a rated result retried, and
// then the table's eviction of idle games and expiry of stored ones.
#include <chrono>
#include <thread>

#include "app/session_manager.h"
#include "app/storage/stored_game.h"

namespace qi::app {

void SessionManager::tick() {
  std::lock_guard tick_lock(tick_mutex_);
  // A watched game's turn that became ready while every worker was busy.
  engine_.rebalance(time_.now_ms());
  std::vector<std::shared_ptr<Entry>> all = table_.entries();
  // Games that may leave memory: those that must (idle, or finished for 10
  // minutes) and those that may if too many are in memory.
  GameTable::Eviction round;
  cluster_.take_over_orphans_if_due(time_.now_ms());
  for (auto& e : all) {
    std::lock_guard lock(e->mutex);
    (void)cluster_.refresh_if_stale(*e);  // a store that cannot be read: tried again at the next use
    if (e->removed || e->evicted) continue;
    Session& s = *e->session;
    std::int64_t now = time_.now_ms();
    if (s.over() && s.setup().rated && !e->rated) {
      // Its result waits for the ratings before the game, which the store
      // could not read when it ended: tried again, and it stays meanwhile.
      (void)after_change(*e, false);
      ++round.staying;
      continue;
    }
    // Time alone changes a game at the server holding its lease only.
    const bool mine = cluster_.mine(s.id());
    if (mine && (s.check_flag(now) || s.check_first_move(now))) {
      (void)after_change(*e, false);
      ++round.staying;
      round.staying_plies += s.referee().plies();
      continue;
    }
    if (s.notice_time(now)) table_.notify_change(*e);  // an overrun, a seat gone or back
    if (mine && !s.over() && !s.setup().rated && now - s.updated_ms() > options_.expire_after_ms) {
      GameWrite w = write_of(s, now);
      w.remove = true;
      store_.save_game_soon(w);
      e->removed = true;
      table_.notify_change(*e);
      continue;
    } else if (mine && !s.over() && s.clock().running() &&
               now - e->last_saved_ms >= options_.save_running_clock_ms) {
      store_.save_game_soon(write_of(*e, shared(), now));  // stale: dropped (the other server's change wins)
      e->last_saved_ms = now;
      e->saved_version = s.version();
    }
    table_.consider(round, e, now);
  }
  // Out of memory, nothing pending: another server may run it when it needs running.
  for (const std::string& id : table_.evict(std::move(round), shared()))
    if (cluster_.cluster().holds(id)) cluster_.cluster().release(id);
  table_.expire_stored_if_due(time_.now_ms());
}

void SessionManager::ticker() {
  while (!stopping_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(options_.tick_ms));
    tick();
  }
}

}  // namespace qi::app
