// The games the loop's watchers follow (event streams and WebSockets): a
// game's view built once per change on a worker and spread to all of its
// watchers with the count of its spectators, the keep-alives, and the end of
// a watch when its game leaves memory.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <chrono>
#include <limits>

#include "server/loop_server.h"

namespace qi::server::loop {

namespace {

constexpr auto kSweep = std::chrono::seconds(1);

}  // namespace

bool Server::check_seat(const std::string& game, const std::string& token, std::function<void(bool)> then) {
  return pool_.try_submit([this, game, token, then = std::move(then)]() mutable {
    bool seat = false;
    try {
      auto access = manager_.check_token(game, token);
      seat = access && *access == app::SessionManager::Access::Ok;
    } catch (...) {
    }
    net::post(io_, [seat, then = std::move(then)] { then(seat); });
  });
}

void Server::watch(const std::string& game, std::shared_ptr<Watcher> watcher, bool seat) {
  Watch& w = watches_[game];
  w.entries.push_back({std::move(watcher), seat});
  if (!seat) spectators_.add_local(game, +1);
  // The new watcher's first view: the one being built, if one is (every
  // watcher is sent the next view built), else the last one built (sent to
  // all: the count of spectators may have changed), else a new one.
  if (w.rendering) return;
  if (!w.last || w.dirty) return render(game, w);
  if (!seat) return spread(game, w);
  const Rendered view = *w.last;
  w.entries.back().watcher->deliver(game, delivery_of(game, view));
}

void Server::unwatch(const std::string& game, const Watcher* watcher) {
  // The watch itself stays (it may be being iterated); the sweep removes it.
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  auto& entries = it->second.entries;
  auto found = std::find_if(entries.begin(), entries.end(),
                            [watcher](const Entry& e) { return e.watcher.get() == watcher; });
  if (found == entries.end()) return;
  const bool seat = found->seat;
  entries.erase(found);
  if (seat) return;
  spectators_.add_local(game, -1);
  // Later, not now: this may be called from a delivery to the same watch.
  net::post(io_, [this, game] { spectators_changed(game); });
}

void Server::drop(std::unordered_map<std::string, Watch>::iterator it) {
  for (const Entry& e : it->second.entries)
    if (!e.seat) spectators_.add_local(it->first, -1);
  watches_.erase(it);
}

void Server::game_changed(const std::string& game) {
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  it->second.dirty = true;
  if (!it->second.rendering) render(game, it->second);
}

void Server::spectators_changed(const std::string& game) {
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  Watch& w = it->second;
  // A view being built is sent with the count when it is done.
  if (w.rendering) return;
  if (!w.last || w.dirty) return render(game, w);
  spread(game, w);
}

void Server::render(const std::string& game, Watch& w) {
  w.dirty = false;
  w.rendering = true;
  w.checked = Clock::now();
  const bool queued = pool_.try_submit([this, game] {
    Rendered view = render_now(game);
    net::post(io_, [this, game, view = std::move(view)]() mutable { rendered(game, std::move(view)); });
  });
  if (!queued) {  // the sweep tries again
    w.rendering = false;
    w.dirty = true;
  }
}

Rendered Server::render_now(const std::string& game) {
  Rendered r;
  try {
    // Version 0: the game is no longer in memory (finished long ago, removed).
    r.in_memory = manager_.wait_for_change(game, std::numeric_limits<std::uint64_t>::max(), 0) != 0;
    auto view = manager_.shared_view(game);
    if (!view) {
      if (store_failed(view.error())) r.store_failure = view.error();
      return r;
    }
    r.found = true;
    r.written = std::move(*view);
  } catch (...) {
    r.found = false;
  }
  return r;
}

void Server::rendered(const std::string& game, Rendered view) {
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  Watch& w = it->second;
  w.rendering = false;
  w.last = std::move(view);
  spread(game, w);
}

Delivery Server::delivery_of(const std::string& game, const Rendered& view) {
  Delivery delivery{view, spectators_.sum(game), nullptr, nullptr, nullptr};
  if (!view.found) return delivery;
  // "spectators":N and the view's members: the same JSON for both kinds.
  const std::string members = "\"spectators\":" + std::to_string(delivery.spectators) +
                              (view.written.text->size() > 2 ? "," : "") + view.written.text->substr(1);
  delivery.event = std::make_shared<const std::string>("data: {" + members + "\n\n");
  delivery.frame = std::make_shared<const std::string>("{\"type\":\"view\"," + members);
  if (view.written.tail)
    delivery.tail_frame = std::make_shared<const std::string>(
        "{\"type\":\"view\",\"spectators\":" + std::to_string(delivery.spectators) + "," +
        view.written.tail->substr(1));
  return delivery;
}

void Server::spread(const std::string& game, Watch& w) {
  const Rendered view = *w.last;  // a copy: a watch that ends takes its own with it
  const Delivery delivery = delivery_of(game, view);
  // A copy: a delivery that closes its watcher takes it out of the watch.
  const std::vector<Entry> live = w.entries;
  for (const Entry& e : live) e.watcher->deliver(game, delivery);
  auto it = watches_.find(game);
  if (it == watches_.end()) return;
  if (!view.found || !view.in_memory || it->second.entries.empty()) return drop(it);
  if (it->second.dirty) render(game, it->second);
}

void Server::sweep() {
  const auto now = Clock::now();
  const auto interval = std::chrono::milliseconds(limits_.stream_keepalive_ms);
  for (auto it = watches_.begin(); it != watches_.end();) {
    Watch& w = it->second;
    if (w.entries.empty() && !w.rendering) {
      it = watches_.erase(it);
      continue;
    }
    const std::vector<Entry> entries = w.entries;
    for (const Entry& e : entries) e.watcher->keep_alive(now);
    // A game that left memory without a change (finished ten minutes ago)
    // is noticed here: its streams get the final state and end.
    if (!w.rendering && (w.dirty || now - w.checked >= interval)) render(it->first, w);
    ++it;
  }
  sweep_timer_.expires_after(kSweep);
  sweep_timer_.async_wait([this](boost::system::error_code ec) {
    if (!ec) sweep();
  });
}

}  // namespace qi::server::loop
