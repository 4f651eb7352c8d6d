#include "app/game_table.h"

#include <algorithm>
#include <chrono>
#include <set>

#include "app/storage/stored_game.h"

namespace qi::app {

GameTable::GameTable(Store& store, Clock& time, const ManagerOptions& options)
    : store_(store), time_(time), options_(options), last_sweep_ms_(time.now_ms()) {}

std::shared_ptr<GameTable::Entry> GameTable::find_in_memory(const std::string& id) {
  std::shared_lock lock(map_mutex_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second->last_used_ms = time_.now_ms();
  return it->second;
}

std::shared_ptr<GameTable::Entry> GameTable::peek(const std::string& id) {
  std::shared_lock lock(map_mutex_);
  auto it = sessions_.find(id);
  return it == sessions_.end() ? nullptr : it->second;
}

Expected<std::shared_ptr<GameTable::Entry>> GameTable::find(const std::string& id) {
  return find_stored(id, false);
}

Expected<std::shared_ptr<GameTable::Entry>> GameTable::find_or_reopen(const std::string& id) {
  return find_stored(id, true);
}

Expected<std::shared_ptr<GameTable::Entry>> GameTable::find_stored(const std::string& id,
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

std::shared_ptr<GameTable::Entry> GameTable::adopt(std::unique_ptr<Session> session) {
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
    hooks_.brought_back(*entry);
  }
  return entry;
}

Expected<std::shared_ptr<GameTable::Entry>> GameTable::lock_game(const std::string& id,
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
    if (Status st = hooks_.refresh_if_stale(*e); !st) {
      lock.unlock();
      return st.error();
    }
    if (!e->evicted) return e;
    lock.unlock();
  }
  return std::shared_ptr<Entry>();
}

Expected<GameTable::SeatLock> GameTable::lock_seat(const std::string& id, const std::string& token,
                                                   std::unique_lock<std::mutex>& lock) {
  auto e = lock_game(id, lock, true);
  if (!e) return e.error();
  if (!*e) return make_error("there is no game " + id + " in play");
  std::optional<Side> seat = (*e)->session->seat_of(token);
  if (!seat || (*e)->removed) return make_error("that token does not hold a seat in this game");
  return SeatLock{std::move(*e), *seat};
}

Expected<std::shared_ptr<GameTable::Entry>> GameTable::lock_any_game(const std::string& id,
                                                                     std::unique_lock<std::mutex>& lock) {
  for (int tries = 0; tries < 3; ++tries) {
    auto e = find_in_memory(id);
    if (!e) {
      auto saved = store_.load_game(id);
      if (!saved) return saved.error();
      if (!*saved) return std::shared_ptr<Entry>();
      auto session = restore_stored_game(**saved, time_.now_ms());
      if (!session) return session.error();
      e = adopt(std::move(*session));
    }
    lock = std::unique_lock(e->mutex);
    if (!e->evicted && !e->removed) return e;
    lock.unlock();
  }
  return std::shared_ptr<Entry>();
}

bool GameTable::may_leave(const Entry& e) {
  const Session& s = *e.session;
  if (e.removed || e.evicted || e.holds > 0) return false;
  if (s.over()) return true;
  return !s.engine_to_move() && !s.watched_by_clock();
}

void GameTable::insert(const std::string& id, std::shared_ptr<Entry> entry) {
  std::unique_lock map_lock(map_mutex_);
  sessions_[id] = std::move(entry);
}

void GameTable::erase(const std::string& id) {
  std::unique_lock map_lock(map_mutex_);
  sessions_.erase(id);
}

std::vector<std::shared_ptr<GameTable::Entry>> GameTable::entries() {
  std::vector<std::shared_ptr<Entry>> all;
  std::shared_lock lock(map_mutex_);
  all.reserve(sessions_.size());
  for (const auto& [id, e] : sessions_) all.push_back(e);
  return all;
}

std::size_t GameTable::active_games() {
  std::shared_lock lock(map_mutex_);
  return sessions_.size();
}

std::uint64_t GameTable::wait_for_change(const std::string& id, std::uint64_t seen, std::int64_t timeout_ms) {
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

void GameTable::notify_change(Entry& e) {
  stop_moot_search(e);
  e.changed.notify_all();
  std::lock_guard lock(listener_mutex_);
  if (listener_) listener_(e.session->id());
}

void GameTable::set_change_listener(std::function<void(const std::string& id)> listener) {
  std::lock_guard lock(listener_mutex_);
  listener_ = std::move(listener);
}

void GameTable::wake_waiters() {
  stopping_ = true;
  // Each is woken under its game's lock, so that none misses it between its
  // check and its wait.
  for (const auto& e : entries()) {
    std::lock_guard lock(e->mutex);
    e->changed.notify_all();
  }
}

void GameTable::consider(Eviction& round, const std::shared_ptr<Entry>& e, std::int64_t now) {
  const Session& s = *e->session;
  // A finished game leaves 10 minutes after its end even if watched (its
  // watchers are told it left).
  if (s.over() && now - s.updated_ms() > 10 * 60 * 1000 && !e->removed) {
    round.leaving.push_back(e);
  } else if (may_leave(*e)) {
    if (now - e->last_used_ms >= options_.idle_game_ms) {
      round.leaving.push_back(e);
    } else {
      round.may_go.push_back({e->last_used_ms.load(), s.referee().plies(), e});
      ++round.staying;
      round.staying_plies += s.referee().plies();
    }
  } else {
    ++round.staying;
    round.staying_plies += s.referee().plies();
  }
}

std::vector<std::string> GameTable::evict(Eviction round, bool shared) {
  // Beyond the caps (games, and their plies: what they hold is about
  // kGameBytesPerPly a ply), the least recently used go first.
  auto over_caps = [&] {
    return round.staying > options_.max_games_in_memory || round.staying_plies > options_.max_plies_in_memory;
  };
  if (over_caps()) {
    std::sort(
        round.may_go.begin(), round.may_go.end(),
        [](const Eviction::MayGo& a, const Eviction::MayGo& b) { return a.last_used_ms < b.last_used_ms; });
    for (std::size_t i = 0; i < round.may_go.size() && over_caps(); ++i) {
      round.leaving.push_back(round.may_go[i].entry);
      --round.staying;
      round.staying_plies -= round.may_go[i].plies;
    }
  }
  // The store must hold the version each leaving game is at (what time alone
  // changed, a seat gone, is not saved otherwise): it comes back at it.
  for (auto& e : round.leaving) {
    std::lock_guard lock(e->mutex);
    if (!e->removed && e->saved_version != e->session->version()) {
      store_.save_game_soon(write_of(*e, shared, time_.now_ms()));
      e->saved_version = e->session->version();
    }
  }
  std::set<const Entry*> chosen;
  for (auto& e : round.leaving) chosen.insert(e.get());
  std::vector<std::string> released;
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
    if (shared) released.push_back(item.first);
    return true;
  });
  return released;
}

void GameTable::expire_stored_if_due(std::int64_t now) {
  if (now - last_sweep_ms_ < options_.sweep_stored_ms) return;
  last_sweep_ms_ = now;
  expire_stored(now);
}

void GameTable::expire_stored(std::int64_t now) {
  auto unfinished = store_.unfinished_games();
  if (!unfinished) return;  // a store that cannot be read now: the next sweep
  for (const Session::Saved& saved : *unfinished) {
    if (saved.setup.rated || now - saved.updated_ms <= options_.expire_after_ms) continue;
    {
      // In memory: the round of the clocks expires it. (A request bringing
      // it back just now keeps it in memory; it is then expired from there,
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

}  // namespace qi::app
