#include "engine/engine.h"

#include <algorithm>

#include "engine/handicap.h"
#include "engine/own_book.h"
#include "engine/registry.h"

namespace qi::engine {

Engine::Engine(const Clock* clock) : clock_(clock ? clock : &steady_), time_(*clock_) {
  shared_.tt = &tt_;
  shared_.time = &time_;
  // Qi's default game until told otherwise (registry.h: what UCI GUIs
  // expect), or else the first game there is with a search.
  if (Status s = set_game(default_game_name()); !s)
    for (const GameRegistration* g : registered_games())
      if (g->make_backend && set_game(g->descriptor().name)) break;
}

Engine::~Engine() {
  stop();
  wait();
}

Status Engine::set_game(std::string_view name, std::string_view variant) {
  wait();
  Expected<std::unique_ptr<Game>> game = make_game(name, variant);
  if (!game) return game.error();
  const GameRegistration* registered = find_game(name);
  if (!registered->make_backend) return make_error("the engine has no search for " + std::string(name));
  std::unique_ptr<Backend> backend = registered->make_backend((*game)->variant());
  game_ = std::move(*game);
  backend_ = std::move(backend);
  tt_.clear();
  return Ok{};
}

Expected<Engine::Line> Engine::play_line(std::string_view fen, const std::vector<std::string>& moves) const {
  Line line{game_->clone(), {}, {}, {}};
  if (fen.empty() || fen == "startpos")
    line.start = line.game->start_fen();
  else if (auto handicap = handicap_fen(*line.game, fen))
    line.start = *handicap;
  else
    line.start = std::string(fen);
  if (Status s = line.game->set_fen(line.start); !s) return s.error();
  for (const std::string& m : moves) {
    Expected<MoveText> played = line.game->play(m);
    if (!played) {
      line.refused = played.error();
      break;
    }
    line.ids.push_back(played->id);
  }
  return line;
}

Status Engine::commit(Line line) {
  if (Status s = backend_->set_position(line.start, line.ids); !s) return s.error();
  game_ = std::move(line.game);
  return Ok{};
}

Status Engine::set_position(std::string_view fen, const std::vector<std::string>& moves) {
  wait();
  Expected<Line> line = play_line(fen, moves);
  if (!line) return line.error();
  if (line->refused) {
    const std::string& text = moves[line->ids.size()];
    return make_error(line->refused->code, "move " + text + ": " + line->refused->message);
  }
  return commit(std::move(*line));
}

Expected<Engine::MovesPlayed> Engine::set_position_up_to_refusal(std::string_view fen,
                                                                 const std::vector<std::string>& moves) {
  wait();
  Expected<Line> line = play_line(fen, moves);
  if (!line) return line.error();
  MovesPlayed played{line->ids.size(), line->refused};
  if (Status s = commit(std::move(*line)); !s) return s.error();
  return played;
}

Expected<std::optional<Backend::TableEntry>> Engine::probe(std::string_view fen,
                                                           const std::vector<std::string>& moves) const {
  Expected<Line> line = play_line(fen, moves);
  if (!line) return line.error();
  if (line->refused) {
    const std::string& text = moves[line->ids.size()];
    return make_error(line->refused->code, "move " + text + ": " + line->refused->message);
  }
  std::unique_ptr<Backend> backend = find_game(game_->name())->make_backend(game_->variant());
  if (Status s = backend->set_position(line->start, line->ids); !s) return s.error();
  return backend->table_entry(tt_);
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

void Engine::clear_hash() {
  wait();
  tt_.clear();
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
  shared_.on_current_move = callbacks.on_current_move;
  time_.start(limits, options_.move_overhead);
  tt_.new_search();
  thread_ = std::thread([this, limits, callbacks = std::move(callbacks)] { run(limits, callbacks); });
}

std::optional<SearchResult> Engine::book_answer(const SearchLimits& limits) const {
  const bool plays_a_move = !limits.infinite && !limits.ponder && limits.depth == 0 && limits.mate == 0 &&
                            limits.search_moves.empty() && limits.multipv <= 1 && options_.multipv <= 1;
  if (!plays_a_move || !options_.own_book_in_use()) return std::nullopt;
  const std::optional<OwnBookEntry> entry = own_book_move(*game_);
  if (!entry) return std::nullopt;
  SearchInfo line;
  line.depth = line.seldepth = entry->depth;
  line.score = entry->score;
  line.pv = {std::string(entry->move)};
  SearchResult result;
  result.best = entry->move;
  result.score = entry->score;
  result.depth = entry->depth;
  result.lines = {line};
  return result;
}

void Engine::run(SearchLimits limits, SearchCallbacks callbacks) {
  std::optional<SearchResult> book = book_answer(limits);
  if (book && callbacks.on_info) callbacks.on_info(book->lines.front());
  SearchResult result = book ? std::move(*book) : backend_->search(shared_, options_, callbacks);
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
