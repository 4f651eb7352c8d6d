#include "app/cluster_sync.h"

#include <algorithm>
#include <chrono>

#include "app/storage/stored_game.h"

namespace qi::app {

namespace {

// How often a server sharing the store looks for games whose server stopped.
constexpr std::int64_t kTakeoverCheckMs = 1000;

}  // namespace

ClusterSync::ClusterSync(Cluster* cluster, Store& store, Clock& time, GameTable& table,
                         std::function<void(const Entry&)> schedule_engine)
    : cluster_(cluster ? *cluster : solo_),
      store_(store),
      time_(time),
      table_(table),
      schedule_engine_(std::move(schedule_engine)) {
  if (shared())
    cluster_.set_listener([this](const ClusterEvent& event) {
      {
        std::lock_guard lock(events_mutex_);
        events_.push_back(event);
      }
      events_cv_.notify_one();
    });
}

ClusterSync::~ClusterSync() {
  stop_listening();
  stop();
  join();
}

void ClusterSync::start_worker() {
  if (shared()) worker_ = std::thread([this] { worker(); });
}

void ClusterSync::stop_listening() {
  if (shared()) cluster_.set_listener(nullptr);
}

void ClusterSync::stop() {
  stopping_ = true;
  events_cv_.notify_all();
}

void ClusterSync::join() {
  if (worker_.joinable()) worker_.join();
}

bool ClusterSync::flag_falls(Entry& e) {
  if (shared() && !cluster_.holds(e.session->id())) return false;
  return e.session->check_flag(time_.now_ms());
}

bool ClusterSync::runs(const Session& s) {
  if (!shared()) return true;
  const std::string& id = s.id();
  if (s.over()) {
    if (cluster_.holds(id)) cluster_.release(id);
    return false;
  }
  if (cluster_.holds(id)) return true;
  if (!s.engine_to_move() && !s.watched_by_clock()) return false;
  return cluster_.claim(id);
}

Status ClusterSync::refresh_if_stale(Entry& e) {
  if (!e.stale || e.removed) return Ok{};
  auto fresh = refresh(e);
  if (!fresh) return fresh.error();
  return Ok{};
}

Expected<bool> ClusterSync::refresh(Entry& e) {
  const std::string id = e.session->id();
  auto loaded = store_.load_game(id);
  if (!loaded) {
    e.stale = true;  // read again on the next use; the copy in memory stays meanwhile
    return loaded.error();
  }
  e.stale = false;
  if (!*loaded) {
    // Removed (or expired) through another server.
    e.removed = true;
    table_.notify_change(e);
    return false;
  }
  Session::Saved& saved = **loaded;
  const std::int64_t now = time_.now_ms();
  const Session& old = *e.session;
  const std::uint64_t stored_version = saved.version;
  // This server's own view may be ahead of the store by what time alone
  // changed here (a seat gone quiet); the view must still move forward.
  if (old.version() > saved.version) saved.version = old.version() + 1;
  auto fresh = restore_stored_game(saved, now, &old);
  if (!fresh) {
    e.stale = true;  // read again on the next use; the copy in memory stays meanwhile
    return fresh.error();
  }
  for (Side side : {Side::First, Side::Second})
    if (old.setup().seats[index(side)].kind == SeatKind::Human)
      (*fresh)->contact(side, now - old.away_ms(side, now));
  const bool changed = (*fresh)->version() != old.version();
  e.session = std::move(*fresh);
  e.stored = true;
  e.saved_version = stored_version;
  e.last_saved_ms = now;
  e.rated = e.session->setup().rated && e.session->over();
  if (changed) table_.notify_change(e);
  schedule_engine_(e);
  return true;
}

void ClusterSync::take_over_orphans_if_due(std::int64_t now) {
  if (!shared() || now - last_takeover_ms_ < kTakeoverCheckMs) return;
  last_takeover_ms_ = now;
  take_over_orphans();
}

void ClusterSync::take_over_orphans() {
  // The cluster hands them over a batch at a time (so that survivors share
  // them): all of this server's share is taken now, not one batch a tick.
  std::vector<TakenOver> all;
  for (int batch = 0; batch < 1000; ++batch) {
    std::vector<TakenOver> more = cluster_.take_over_orphans();
    if (more.empty()) break;
    all.insert(all.end(), more.begin(), more.end());
  }
  for (const TakenOver& t : all) {
    ++taken_over_;
    // Its clock goes on from its last save, as after a restart: the time
    // since then (the takeover's) is not charged.
    if (auto e = table_.find_in_memory(t.game_id)) {
      std::lock_guard lock(e->mutex);
      if (!e->removed && !e->evicted) {
        (void)refresh(*e);  // a store that cannot be read: read again at the next use
        continue;
      }
    }
    (void)table_.find(t.game_id);
  }
}

void ClusterSync::on_cluster_event(const ClusterEvent& event) {
  using Kind = ClusterEvent::Kind;
  if (event.kind == Kind::Spectators) {
    std::lock_guard lock(listener_mutex_);
    if (remote_listener_) remote_listener_(event);
    return;
  }
  if (event.kind == Kind::Missed) {
    // Changes may have gone unheard: every game is read again before its
    // next use (the ticker uses them all within a tick).
    for (auto& entry : table_.entries()) {
      std::lock_guard lock(entry->mutex);
      entry->stale = true;
    }
    return;
  }
  // Not a use: an announcement keeps no game in memory.
  std::shared_ptr<Entry> e = table_.peek(event.game_id);
  if (!e) {
    // A game this server runs comes back to run what is now pending.
    if (event.kind == Kind::Changed && cluster_.holds(event.game_id)) (void)table_.find(event.game_id);
    return;
  }
  std::lock_guard lock(e->mutex);
  if (e->removed || e->evicted) return;
  if (event.kind == Kind::Changed) {
    // Read at once: watchers here see the change, and the engine replies.
    // The same version again is a running clock's periodic save: nothing to
    // read. Version 0 is a removal.
    if (event.version == 0 || event.version != e->saved_version) (void)refresh(*e);
  } else if (event.kind == Kind::Presence) {
    (void)refresh_if_stale(*e);
    Session& s = *e->session;
    if (s.setup().seats[index(event.side)].kind != SeatKind::Human) return;
    const std::int64_t now = time_.now_ms();
    s.contact(event.side, std::min(event.at_ms, now));
    if (s.notice_time(now)) table_.notify_change(*e);
  }
}

void ClusterSync::handle_events() {
  std::vector<ClusterEvent> events;
  {
    std::lock_guard lock(events_mutex_);
    events.swap(events_);
  }
  for (const ClusterEvent& event : events) on_cluster_event(event);
}

void ClusterSync::worker() {
  while (!stopping_) {
    {
      std::unique_lock lock(events_mutex_);
      events_cv_.wait_for(lock, std::chrono::milliseconds(200),
                          [&] { return stopping_ || !events_.empty(); });
    }
    handle_events();
  }
}

void ClusterSync::set_remote_listener(std::function<void(const ClusterEvent&)> listener) {
  std::lock_guard lock(listener_mutex_);
  remote_listener_ = std::move(listener);
}

}  // namespace qi::app
