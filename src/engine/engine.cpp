#include "engine/engine.h"

#include <algorithm>

#include "engine/handicap.h"
#include "engine/registry.h"

namespace qi::engine {

Engine::Engine(const Clock* clock) : clock_(clock ? clock : &steady_), time_(*clock_) {
  shared_.tt = &tt_;
  shared_.time = &time_;
  // Chess until told otherwise (what UCI GUIs expect), or any game there is.
  if (Status s = set_game("chess"); !s && !registered_games().empty())
    (void)set_game(registered_games().front()->descriptor().name);
}

Engine::~Engine() {
  stop();
  wait();
}

Status Engine::set_game(std::string_view name, std::string_view variant) {
  wait();
  Expected<std::unique_ptr<Game>> game = make_game(name, variant);
  if (!game) return game.error();
  std::unique_ptr<Backend> backend = find_game(name)->make_backend((*game)->variant());
  game_ = std::move(*game);
  backend_ = std::move(backend);
  tt_.clear();
  return Ok{};
}

Status Engine::set_position(std::string_view fen, const std::vector<std::string>& moves) {
  wait();
  std::unique_ptr<Game> game = game_->clone();
  std::string start;
  if (fen.empty() || fen == "startpos")
    start = game->start_fen();
  else if (auto handicap = handicap_fen(*game, fen))
    start = *handicap;
  else
    start = std::string(fen);
  if (Status s = game->set_fen(start); !s) return s.error();
  std::vector<std::string> ids;
  for (const std::string& m : moves) {
    Expected<MoveText> played = game->play(m);
    if (!played) return make_error("move " + m + ": " + played.error().message);
    ids.push_back(played->id);
  }
  if (Status s = backend_->set_position(start, ids); !s) return s.error();
  game_ = std::move(game);
  return Ok{};
}

Status Engine::push_moves(const std::vector<std::string>& moves) {
  wait();
  std::vector<std::string> ids;
  for (const std::string& m : moves) {
    Expected<MoveText> played = game_->play(m);
    if (!played) return make_error("move " + m + ": " + played.error().message);
    ids.push_back(played->id);
  }
  return backend_->push_moves(ids);
}

void Engine::set_hash_mb(std::size_t mib) {
  wait();
  tt_.resize(mib);
}

void Engine::new_game() {
  wait();
  tt_.clear();
  backend_->new_game();
}

void Engine::go(const SearchLimits& limits, SearchCallbacks callbacks) {
  wait();
  {
    std::lock_guard lock(mutex_);
    running_ = true;
    stop_requested_ = false;
  }
  if (thread_.joinable()) thread_.join();
  shared_.stop = false;
  shared_.pondering = limits.ponder;
  shared_.limits = limits;
  time_.start(limits, options_.move_overhead);
  tt_.new_search();
  thread_ = std::thread([this, limits, callbacks = std::move(callbacks)] { run(limits, callbacks); });
}

void Engine::run(SearchLimits limits, SearchCallbacks callbacks) {
  SearchResult result = backend_->search(shared_, options_, callbacks);
  // UCI: an infinite or pondering search reports its move only after stop
  // (or ponderhit).
  {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return stop_requested_ || (!limits.infinite && !shared_.pondering.load()); });
  }
  if (callbacks.on_done) callbacks.on_done(result);
  std::lock_guard lock(mutex_);
  running_ = false;
  wake_.notify_all();
}

void Engine::stop() {
  std::lock_guard lock(mutex_);
  stop_requested_ = true;
  shared_.stop = true;
  shared_.pondering = false;
  wake_.notify_all();
}

void Engine::ponderhit() {
  std::lock_guard lock(mutex_);
  time_.restart();
  shared_.pondering = false;
  // A search that finished while pondering waits for this to report.
  wake_.notify_all();
}

void Engine::wait() {
  {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [&] { return !running_; });
  }
  if (thread_.joinable()) thread_.join();
}

bool Engine::searching() const {
  std::lock_guard lock(mutex_);
  return running_;
}

SearchResult Engine::think(const SearchLimits& limits, SearchCallbacks callbacks) {
  SearchResult out;
  auto done = std::move(callbacks.on_done);
  callbacks.on_done = [&out, done](const SearchResult& r) {
    out = r;
    if (done) done(r);
  };
  go(limits, std::move(callbacks));
  wait();
  return out;
}

}  // namespace qi::engine
