#include "app/engine_opponent.h"

#include <algorithm>

#include "engine/book.h"
#include "engine/hint.h"
#include "engine/score.h"

namespace qi::app {

MoveText move_text(const Game& game, const std::string& id) {
  for (const MoveText& m : game.legal_moves())
    if (m.id == id) return m;
  return {id, id};
}

EngineOpponent::EngineOpponent(EngineOpponentOptions options) : options_(options) {
  auto add = [&](EngineWork work, int n) {
    for (int i = 0; i < std::max(1, n); ++i) {
      slots_.push_back(std::make_unique<Slot>());
      slots_.back()->work = work;
    }
  };
  add(EngineWork::Move, options_.move_slots);
  add(EngineWork::DrawAnswer, options_.draw_answer_slots);
  add(EngineWork::Analysis, options_.analysis_slots);
}

int EngineOpponent::busy_slots(EngineWork work) const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(
      std::count_if(slots_.begin(), slots_.end(), [&](const auto& s) { return s->work == work && s->busy; }));
}

EngineOpponent::~EngineOpponent() = default;

EngineOpponent::Lease::Lease(EngineOpponent& owner, EngineWork work) : owner_(owner), slot_(nullptr) {
  std::unique_lock lock(owner_.mutex_);
  owner_.freed_.wait(lock, [&] {
    for (auto& s : owner_.slots_)
      if (s->work == work && !s->busy) {
        slot_ = s.get();
        return true;
      }
    return false;
  });
  slot_->busy = true;
}

EngineOpponent::Lease::~Lease() {
  {
    std::lock_guard lock(owner_.mutex_);
    slot_->busy = false;
  }
  owner_.freed_.notify_all();  // the waiters may want other parts of the pool
}

engine::LevelPlayer& EngineOpponent::Lease::player(int level) {
  level = std::clamp(level, 1, 10);
  auto& p = slot_->players[level - 1];
  if (!p)
    p = std::make_unique<engine::LevelPlayer>(
        level, level == 10 ? owner_.options_.hash_mb : owner_.options_.small_hash_mb);
  return *p;
}

engine::Engine& EngineOpponent::Lease::analysis() {
  if (!slot_->analysis) {
    slot_->analysis = std::make_unique<engine::Engine>();
    slot_->analysis->set_hash_mb(owner_.options_.hash_mb);
  }
  return *slot_->analysis;
}

Status EngineOpponent::set_analysis_position(engine::Engine& engine, const Game& game) {
  if (engine.game_name() != game.name() || engine.game().variant() != game.variant())
    if (Status s = engine.set_game(game.name(), game.variant()); !s) return s;
  std::vector<std::string> moves;
  for (const MoveText& m : game.moves_played()) moves.push_back(m.id);
  return engine.set_position(game.initial_fen(), moves);
}

engine::SearchResult EngineOpponent::analyse(engine::Engine& engine, const engine::SearchLimits& limits) {
  engine.options().level = 10;
  engine.options().multipv = 1;
  return engine.think(limits);
}

engine::SearchLimits move_search_limits(const MoveRequest& request, const EngineOpponentOptions& options) {
  engine::SearchLimits limits;
  if (request.movetime_ms > 0) {
    limits.move_time = request.movetime_ms;
  } else if (request.time_left_ms >= 0) {
    limits.time_left = request.time_left_ms;
    limits.increment = request.increment_ms;
    limits.opponent_time = request.opponent_time_ms;
    limits.opponent_increment = request.increment_ms;
  } else {
    limits.move_time = options.untimed_movetime_ms;
  }
  limits.max_time = options.max_move_ms;
  limits.stop = request.stop;
  return limits;
}

MoveText EngineOpponent::choose_move(const Game& game, const MoveRequest& request) {
  const engine::SearchLimits limits = move_search_limits(request, options_);
  Expected<std::string> chosen = make_error("no engine");
  {
    Lease lease(*this, EngineWork::Move);
    engine::LevelPlayer& player = lease.player(request.level);
    player.set_handicap(request.handicap);
    chosen = player.choose(game, limits);
  }
  // Only if the engine could not follow the game (it always can): still answer.
  if (!chosen) return builtin_move(game);
  return move_text(game, *chosen);
}

Hint EngineOpponent::hint(const Game& game) {
  Lease lease(*this, EngineWork::Analysis);
  engine::Engine& engine = lease.analysis();
  auto fallback = [&] {
    return Hint{builtin_move(game), "positional", {"the built-in player's choice", "内置棋手的选择"}, {}};
  };
  if (!set_analysis_position(engine, game)) return fallback();
  engine::SearchLimits limits;
  limits.depth = options_.hint_depth;
  limits.move_time = options_.hint_movetime_ms;
  engine::SearchResult r = analyse(engine, limits);
  if (r.best.empty()) return fallback();
  engine::Hint h = engine::explain_move(engine, r);
  return {move_text(game, h.move), h.kind, h.words, h.facts};
}

DrawDecision EngineOpponent::answer_draw(const Game& game, Side side) {
  if (auto early = draw_decision_without_search(game, side, options_.draw_offers_from_move)) return *early;
  Lease lease(*this, EngineWork::DrawAnswer);
  engine::Engine& engine = lease.analysis();
  if (!set_analysis_position(engine, game))
    return {false, {"Qi declines the draw: it could not judge the position", "Qi 拒绝和棋：它无法判断局面"}};
  engine::SearchLimits limits;
  limits.depth = options_.draw_depth;
  limits.move_time = options_.draw_movetime_ms;
  engine::SearchResult r = analyse(engine, limits);
  const int score = game.side_to_move() == side ? r.score : -r.score;
  return draw_decision_from_score(game, score, options_.accept_draw_below_cp);
}

std::vector<PositionReview> EngineOpponent::review(const Game& game, const std::atomic<bool>* stop) {
  std::vector<PositionReview> out;
  const std::vector<bool> book = engine::book_moves(game);
  const std::vector<MoveText> moves = game.moves_played();
  Lease lease(*this, EngineWork::Analysis);
  engine::Engine& engine = lease.analysis();
  // Deterministic: a node budget (no clock), one thread, and each position
  // searched from a cleared table, so a position's score depends on it
  // and its history alone, not on what was searched before. A long game
  // shares the review's whole budget among its positions.
  engine::SearchLimits limits;
  if (options_.review_depth > 0) limits.depth = options_.review_depth;
  limits.nodes = review_nodes_per_position(moves.size() + 1);
  if (limits.depth == 0 && limits.nodes == 0) limits.nodes = 20000;
  limits.stop = stop;
  const int threads = engine.options().threads;
  engine.options().threads = 1;
  bool following = true;
  for_each_position(game, [&](const Game& position, std::size_t i) {
    if (!following || (stop && *stop)) return;  // what a stopped search found is not a review
    if (i == 0 ? !set_analysis_position(engine, position) : !engine.push_moves({moves[i - 1].id})) {
      following = false;
      return;
    }
    const bool on_book = i > 0 && i - 1 < book.size() && book[i - 1];
    if (position.outcome().over()) {
      out.push_back(final_position_review(position));
      out.back().book = on_book;
      return;
    }
    engine.new_game();
    engine::SearchResult r = analyse(engine, limits);
    bool first = position.side_to_move() == Side::First;
    engine::Wdl wdl = r.lines.empty() ? engine::Wdl{} : r.lines.front().wdl;
    PositionReview p;
    if (engine::is_mate_score(r.score))
      p.mate = (first ? 1 : -1) * engine::mate_moves(r.score);
    else
      p.cp = first ? r.score : -r.score;
    p.win = (first ? wdl.win : wdl.loss) / 1000.0;
    p.loss = (first ? wdl.loss : wdl.win) / 1000.0;
    p.draw = wdl.draw / 1000.0;
    if (!r.best.empty()) p.best = move_text(position, r.best);
    p.book = on_book;
    out.push_back(std::move(p));
  });
  engine.options().threads = threads;
  return out;
}

std::uint64_t EngineOpponent::review_nodes_per_position(std::size_t positions) const {
  if (options_.review_nodes == 0 || positions == 0) return options_.review_nodes;
  const std::uint64_t shared = options_.review_total_nodes / positions;
  return std::max<std::uint64_t>(std::min(options_.review_nodes, shared), options_.review_min_nodes);
}

}  // namespace qi::app
