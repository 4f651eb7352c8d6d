// The table of games in memory (SessionManager's): finding a game and
// locking it, bringing it back from the store, saving its changes, waiting
// for them, and the ticker's rounds that run the clocks and send idle games
// out of memory within its bounds (ManagerOptions).
#include <algorithm>
#include <set>

#include "app/refusal_codes.h"
#include "app/session_manager.h"
#include "app/storage/stored_game.h"

namespace qi::app {

namespace {

// How often a server sharing the store looks for games whose server stopped.
constexpr std::int64_t kTakeoverCheckMs = 1000;

}  // namespace

std::shared_ptr<SessionManager::Entry> SessionManager::find_in_memory(const std::string& id) {
  std::shared_lock lock(map_mutex_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second->last_used_ms = time_.now_ms();
  return it->second;
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::find(const std::string& id) {
  return find_stored(id, false);
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::find_stored(const std::string& id,
                                                                             bool finished_unrated_too) {
  if (auto e = find_in_memory(id)) return e;
  // An unfinished game that left memory while idle comes back as it was
  // stored; so does a finished unrated one when it may still be taken back.
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return std::shared_ptr<Entry>();
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  if ((*session)->over() && (!finished_unrated_too || (*saved)->setup.rated)) return std::shared_ptr<Entry>();
  return adopt(std::move(*session));
}

std::shared_ptr<SessionManager::Entry> SessionManager::adopt(std::unique_ptr<Session> session) {
  const std::string id = session->id();
  auto entry = std::make_shared<Entry>();
  entry->session = std::move(session);
  entry->saved_version = entry->session->version();
  entry->stored = true;
  entry->last_saved_ms = time_.now_ms();
  entry->last_used_ms = time_.now_ms();
  entry->rated = entry->session->setup().rated && entry->session->over();
  {
    std::unique_lock map_lock(map_mutex_);
    auto [it, fresh] = sessions_.try_emplace(id, entry);
    if (!fresh) {
      it->second->last_used_ms = time_.now_ms();
      return it->second;  // another request brought it back first
    }
  }
  {
    std::lock_guard lock(entry->mutex);
    schedule_engine(*entry);
  }
  return entry;
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::lock_game(const std::string& id,
                                                                           std::unique_lock<std::mutex>& lock,
                                                                           bool reopen_finished) {
  // Leaving memory takes the game's lock, so a game found unlocked may leave
  // before it is locked: it is then found (brought back) again. Leaving
  // twice in a row needs it idle twice in a row: two tries are plenty.
  for (int tries = 0; tries < 3; ++tries) {
    auto found = reopen_finished ? find_or_reopen(id) : find(id);
    if (!found || !*found) return found;
    std::shared_ptr<Entry> e = std::move(*found);
    lock = std::unique_lock(e->mutex);
    // A copy known to be behind the store is not used while the store
    // cannot be read.
    if (Status st = refresh_if_stale(*e); !st) {
      lock.unlock();
      return st.error();
    }
    if (!e->evicted) return e;
    lock.unlock();
  }
  return std::shared_ptr<Entry>();
}

bool SessionManager::may_leave(const Entry& e) const {
  const Session& s = *e.session;
  if (e.removed || e.evicted || e.holds > 0) return false;
  if (s.over()) return true;
  return !s.engine_to_move() && !s.watched_by_clock();
}

Status SessionManager::add(std::unique_ptr<Session> session, bool durable, const std::string& client) {
  auto entry = std::make_shared<Entry>();
  entry->session = std::move(session);
  entry->engine_client = client;
  entry->last_used_ms = time_.now_ms();
  std::string id = entry->session->id();
  Status saved = Ok{};
  {
    std::lock_guard lock(entry->mutex);
    {
      std::unique_lock map_lock(map_mutex_);
      sessions_[id] = entry;
    }
    saved = after_change(*entry, durable);
    if (!saved) {
      // Not in the store: not acknowledged, so not kept either; the store's
      // retry of its first save is replaced by its removal.
      entry->removed = true;
      GameWrite gone = write_of(*entry->session, time_.now_ms());
      gone.remove = true;
      store_.save_game_soon(gone);
    }
  }
  if (!saved) {
    std::unique_lock map_lock(
        map_mutex_);  // never while holding a game's lock (tick takes them in this order)
    sessions_.erase(id);
  }
  return saved;
}

std::size_t SessionManager::active_games() {
  std::shared_lock lock(map_mutex_);
  return sessions_.size();
}

Expected<SessionManager::SeatLock> SessionManager::lock_seat(const std::string& id, const std::string& token,
                                                             std::unique_lock<std::mutex>& lock) {
  auto e = lock_game(id, lock, true);
  if (!e) return e.error();
  if (!*e) return make_error("there is no game " + id + " in play");
  std::optional<Side> seat = (*e)->session->seat_of(token);
  if (!seat || (*e)->removed) return make_error("that token does not hold a seat in this game");
  return SeatLock{std::move(*e), *seat};
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::find_or_reopen(const std::string& id) {
  return find_stored(id, true);
}

std::uint64_t SessionManager::wait_for_change(const std::string& id, std::uint64_t seen,
                                              std::int64_t timeout_ms) {
  std::unique_lock<std::mutex> lock;
  auto found = lock_game(id, lock, false);
  if (!found || !*found) return 0;
  const std::shared_ptr<Entry>& e = *found;
  ++e->holds;  // a game waited for is not idle
  e->changed.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                      [&] { return e->session->version() > seen || stopping_ || e->removed || e->evicted; });
  --e->holds;
  e->last_used_ms = time_.now_ms();
  return e->removed || e->evicted ? 0 : e->session->version();
}

Status SessionManager::after_change(Entry& e, bool durable) {
  const Session& s = *e.session;
  std::int64_t now = time_.now_ms();
  GameWrite write = write_of(e, shared(), now);
  if (shared()) {
    // Between servers every change waits for its commit: one that another
    // server's change came before must be known now, not dropped later.
    durable = true;
  }
  Status saved = Ok{};
  if (s.setup().rated && s.over() && !e.rated) {
    // The result and the rating changes it brings, in one transaction.
    bool handed_over = false;
    saved = ratings_.save_result(s, std::move(write), now, handed_over);
    if (!handed_over) {
      // The ratings before the game could not be read: nothing is written
      // yet, and the ticker tries again (the game stays in memory until its
      // result is rated and saved).
      notify_change(e);
      return saved;
    }
    e.rated = true;  // handed over: a failed commit is retried by the store with its ratings
  } else if (durable) {
    saved = store_.save_game(write);
  } else {
    store_.save_game_soon(write);
  }
  if (!saved && saved.error().code == refusal("stale")) {
    // Not made: the game as the other server left it replaces this change.
    (void)refresh(e);
    return saved;
  }
  e.stored = true;
  e.last_saved_ms = now;
  e.saved_version = s.version();
  notify_change(e);
  schedule_engine(e);
  return saved;
}

void SessionManager::tick() {
  std::lock_guard tick_lock(tick_mutex_);
  // A watched game's turn that became ready while every worker was busy.
  turns_.rebalance(time_.now_ms());
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::shared_lock lock(map_mutex_);
    for (auto& [id, e] : sessions_) all.push_back(e);
  }
  // Games that may leave memory: those that must (idle, or finished for 10
  // minutes) and those that may if too many are in memory.
  std::vector<std::shared_ptr<Entry>> leaving;
  struct MayGo {
    std::int64_t last_used_ms;
    std::size_t plies;
    std::shared_ptr<Entry> entry;
  };
  std::vector<MayGo> may_go;
  std::size_t staying = 0, staying_plies = 0;
  if (shared() && time_.now_ms() - last_takeover_ms_ >= kTakeoverCheckMs) {
    last_takeover_ms_ = time_.now_ms();
    take_over_orphans();
  }
  for (auto& e : all) {
    std::lock_guard lock(e->mutex);
    (void)refresh_if_stale(*e);  // a store that cannot be read: tried again at the next use
    if (e->removed || e->evicted) continue;
    Session& s = *e->session;
    std::int64_t now = time_.now_ms();
    if (s.over() && s.setup().rated && !e->rated) {
      // Its result waits for the ratings before the game, which the store
      // could not read when it ended: tried again, and it stays meanwhile.
      (void)after_change(*e, false);
      ++staying;
      continue;
    }
    // Time alone changes a game at the server holding its lease only.
    const bool mine = !shared() || cluster_.holds(s.id());
    if (mine && (s.check_flag(now) || s.check_first_move(now))) {
      (void)after_change(*e, false);
      ++staying;
      staying_plies += s.referee().plies();
      continue;
    }
    if (s.notice_time(now)) notify_change(*e);  // an overrun, a seat gone or back
    if (mine && !s.over() && !s.setup().rated && now - s.updated_ms() > options_.expire_after_ms) {
      GameWrite w = write_of(s, now);
      w.remove = true;
      store_.save_game_soon(w);
      e->removed = true;
      notify_change(*e);
      continue;
    } else if (mine && !s.over() && s.clock().running() &&
               now - e->last_saved_ms >= options_.save_running_clock_ms) {
      store_.save_game_soon(write_of(*e, shared(), now));  // stale: dropped (the other server's change wins)
      e->last_saved_ms = now;
      e->saved_version = s.version();
    }
    // A finished game leaves 10 minutes after its end even if watched (its
    // watchers are told it left).
    if (s.over() && now - s.updated_ms() > 10 * 60 * 1000 && !e->removed) {
      leaving.push_back(e);
    } else if (may_leave(*e)) {
      if (now - e->last_used_ms >= options_.idle_game_ms) {
        leaving.push_back(e);
      } else {
        may_go.push_back({e->last_used_ms.load(), s.referee().plies(), e});
        ++staying;
        staying_plies += s.referee().plies();
      }
    } else {
      ++staying;
      staying_plies += s.referee().plies();
    }
  }
  // Beyond the caps (games, and their plies: what they hold is about
  // kGameBytesPerPly a ply), the least recently used go first.
  auto over_caps = [&] {
    return staying > options_.max_games_in_memory || staying_plies > options_.max_plies_in_memory;
  };
  if (over_caps()) {
    std::sort(may_go.begin(), may_go.end(),
              [](const MayGo& a, const MayGo& b) { return a.last_used_ms < b.last_used_ms; });
    for (std::size_t i = 0; i < may_go.size() && over_caps(); ++i) {
      leaving.push_back(may_go[i].entry);
      --staying;
      staying_plies -= may_go[i].plies;
    }
  }
  // The store must hold the version each leaving game is at (what time alone
  // changed, a seat gone, is not saved otherwise): it comes back at it.
  for (auto& e : leaving) {
    std::lock_guard lock(e->mutex);
    if (!e->removed && e->saved_version != e->session->version()) {
      store_.save_game_soon(write_of(*e, shared(), time_.now_ms()));
      e->saved_version = e->session->version();
    }
  }
  std::set<const Entry*> chosen;
  for (auto& e : leaving) chosen.insert(e.get());
  std::vector<std::string> released;
  {
    // A game whose lock is taken (a request, a commit) is left for the next
    // tick: the map's lock is never held while waiting for a game's.
    std::unique_lock lock(map_mutex_);
    std::erase_if(sessions_, [&](const auto& item) {
      Entry& e = *item.second;
      std::unique_lock entry_lock(e.mutex, std::try_to_lock);
      if (!entry_lock) return false;
      if (e.removed) return true;
      if (!chosen.contains(&e) || e.saved_version != e.session->version()) return false;
      const bool finished_long_ago =
          e.session->over() && time_.now_ms() - e.session->updated_ms() > 10 * 60 * 1000;
      if (!finished_long_ago && !may_leave(e)) return false;  // something came up meanwhile
      e.evicted = true;
      notify_change(e);  // its waiters are told it left
      if (shared()) released.push_back(item.first);
      return true;
    });
  }
  // Out of memory, nothing pending: another server may run it when it needs running.
  for (const std::string& id : released)
    if (cluster_.holds(id)) cluster_.release(id);
  std::int64_t now = time_.now_ms();
  if (now - last_sweep_ms_ >= options_.sweep_stored_ms) {
    last_sweep_ms_ = now;
    expire_stored(now);
  }
}

void SessionManager::expire_stored(std::int64_t now) {
  auto unfinished = store_.unfinished_games();
  if (!unfinished) return;  // a store that cannot be read now: the next sweep
  for (const Session::Saved& saved : *unfinished) {
    if (saved.setup.rated || now - saved.updated_ms <= options_.expire_after_ms) continue;
    {
      // In memory: the loop of tick() expires it. (A request bringing it
      // back just now keeps it in memory; it is then expired from there,
      // or saved again by its next change.)
      std::shared_lock lock(map_mutex_);
      if (sessions_.contains(saved.id)) continue;
    }
    auto session = Session::restore(saved, now);
    if (!session) continue;
    GameWrite gone = write_of(**session, now);
    gone.remove = true;
    store_.save_game_soon(gone);
  }
}

void SessionManager::ticker() {
  while (!stopping_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(options_.tick_ms));
    tick();
  }
}

void SessionManager::set_change_listener(std::function<void(const std::string& id)> listener) {
  std::lock_guard lock(listener_mutex_);
  listener_ = std::move(listener);
}

void SessionManager::notify_change(Entry& e) {
  stop_moot_search(e);
  e.changed.notify_all();
  std::lock_guard lock(listener_mutex_);
  if (listener_) listener_(e.session->id());
}

}  // namespace qi::app
