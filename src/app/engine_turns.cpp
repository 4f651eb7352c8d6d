#include "app/engine_turns.h"

#include <algorithm>
#include <chrono>

namespace qi::app {

EngineTurns::EngineTurns(int workers) : workers_(std::max(1, workers)) {}

void EngineTurns::push(Turn turn, std::int64_t now) {
  {
    std::lock_guard lock(mutex_);
    if (closed_ || !queued_games_.insert(turn.game).second) return;
    clients_[turn.client].turns.push_back(std::move(turn));
    rebalance_locked(now);
  }
  wake_.notify_one();
}

std::optional<EngineTurns::Search> EngineTurns::start(std::int64_t now) {
  std::lock_guard lock(mutex_);
  return start_locked(now);
}

std::optional<EngineTurns::Search> EngineTurns::wait_and_start(const Clock& clock) {
  std::unique_lock lock(mutex_);
  while (!closed_) {
    const std::int64_t now = clock.now_ms();
    if (auto search = start_locked(now)) return search;
    // Woken by a push or a finished search; a turn that becomes ready later
    // is looked at in time (a fake clock moves without telling: at most 200
    // ms between looks).
    std::int64_t wait_ms = 200;
    if (std::optional<std::int64_t> ready = earliest_ready())
      wait_ms = std::clamp<std::int64_t>(*ready - now, 1, wait_ms);
    wake_.wait_for(lock, std::chrono::milliseconds(wait_ms));
  }
  return std::nullopt;
}

bool EngineTurns::finish(const Search& search) {
  bool gave_way = false;
  {
    std::lock_guard lock(mutex_);
    auto it = std::find_if(running_.begin(), running_.end(),
                           [&](const Running& r) { return r.search.number == search.number; });
    if (it == running_.end()) return false;
    gave_way = it->giving_way;
    running_.erase(it);
    Client& client = clients_[search.turn.client];
    --client.running;
    if (gave_way) {
      ++gave_way_;
      if (!closed_ && queued_games_.insert(search.turn.game).second) client.turns.push_front(search.turn);
    }
    if (client.turns.empty() && client.running == 0) clients_.erase(search.turn.client);
  }
  wake_.notify_all();  // a worker may take a turn that waited for this game or this worker
  return gave_way;
}

void EngineTurns::rebalance(std::int64_t now) {
  std::lock_guard lock(mutex_);
  rebalance_locked(now);
}

void EngineTurns::close() {
  {
    std::lock_guard lock(mutex_);
    closed_ = true;
    for (Running& r : running_) r.search.stop->store(true);
  }
  wake_.notify_all();
}

EngineTurns::Counts EngineTurns::counts() const {
  std::lock_guard lock(mutex_);
  return {next_number_, gave_way_, queued_games_.size(), running_.size()};
}

int EngineTurns::running_for(const std::string& client) const {
  std::lock_guard lock(mutex_);
  auto it = clients_.find(client);
  return it == clients_.end() ? 0 : it->second.running;
}

// A turn may start when it is ready and its game is not being searched
// already (a search of the same game, once ended, makes it moot or plays).
bool EngineTurns::has_ready_turn(const Client& c, std::int64_t now) const {
  for (const Turn& t : c.turns)
    if (t.ready_ms <= now && std::none_of(running_.begin(), running_.end(),
                                          [&](const Running& r) { return r.search.turn.game == t.game; }))
      return true;
  return false;
}

std::optional<std::int64_t> EngineTurns::earliest_ready() const {
  std::optional<std::int64_t> earliest;
  for (const auto& [name, c] : clients_)
    for (const Turn& t : c.turns) {
      const bool game_running = std::any_of(running_.begin(), running_.end(),
                                            [&](const Running& r) { return r.search.turn.game == t.game; });
      if (!game_running && (!earliest || t.ready_ms < *earliest)) earliest = t.ready_ms;
    }
  return earliest;
}

std::optional<EngineTurns::Search> EngineTurns::start_locked(std::int64_t now) {
  if (closed_ || static_cast<int>(running_.size()) >= workers_) return std::nullopt;
  // The client with the fewest searches running, then the one served
  // longest ago.
  Client* chosen = nullptr;
  for (auto& [name, c] : clients_) {
    if (!has_ready_turn(c, now)) continue;
    if (!chosen || c.running < chosen->running ||
        (c.running == chosen->running && c.last_served < chosen->last_served))
      chosen = &c;
  }
  if (!chosen) return std::nullopt;
  auto turn = std::find_if(chosen->turns.begin(), chosen->turns.end(), [&](const Turn& t) {
    return t.ready_ms <= now && std::none_of(running_.begin(), running_.end(),
                                             [&](const Running& r) { return r.search.turn.game == t.game; });
  });
  Search search{std::move(*turn), std::make_shared<std::atomic<bool>>(false), ++next_number_};
  chosen->turns.erase(turn);
  queued_games_.erase(search.turn.game);
  ++chosen->running;
  chosen->last_served = search.number;
  running_.push_back({search, false});
  return search;
}

void EngineTurns::rebalance_locked(std::int64_t now) {
  if (static_cast<int>(running_.size()) < workers_) return;  // an idle worker takes the turn
  std::size_t starved = 0;
  for (const auto& [name, c] : clients_)
    if (c.running == 0 && has_ready_turn(c, now)) ++starved;
  std::size_t freeing = static_cast<std::size_t>(
      std::count_if(running_.begin(), running_.end(), [](const Running& r) { return r.giving_way; }));
  while (starved > freeing) {
    // The client running the most searches that do not already give way,
    // if that is more than one; its newest search gives way.
    std::map<std::string, int> active;
    for (const Running& r : running_)
      if (!r.giving_way) ++active[r.search.turn.client];
    auto most = std::max_element(active.begin(), active.end(),
                                 [](const auto& a, const auto& b) { return a.second < b.second; });
    if (most == active.end() || most->second < 2) return;
    Running* newest = nullptr;
    for (Running& r : running_)
      if (!r.giving_way && r.search.turn.client == most->first &&
          (!newest || r.search.number > newest->search.number))
        newest = &r;
    newest->giving_way = true;
    newest->search.stop->store(true);
    ++freeing;
  }
}

}  // namespace qi::app
