// The Backend for one game: the root position with its history, and the
// driver of the search: iterative deepening with MultiPV on the main
// thread, Lazy SMP helpers on the others, reports after each iteration, the
// stop rules (depth, nodes, mate, time) and the levels' choice of move.
#pragma once

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include "engine/backend.h"
#include "engine/levels.h"

namespace qi::engine {

template <SearchTraits T>
class GameBackend final : public Backend {
 public:
  using State = typename T::State;
  using Move = typename T::Move;
  using MoveList = typename T::MoveList;
  using RuleState = typename RuleStateOf<T>::type;
  using EndgameTables = typename EndgameTablesOf<T>::type;

  GameBackend() : root_(T::start()) {
    keys_.push_back(root_.hash());
    resets_.push_back(true);
    root_rules_ = start_rules(root_);
    // Endgame tables of the default directory start loading now, so that
    // they are there by the first search (a game's option may name another).
    if constexpr (T::kFeatures.endgame_tables) (void)T::endgame_tables("");
  }

  Status set_position(std::string_view fen, const std::vector<std::string>& moves) override {
    Expected<State> start = T::from_fen(fen);
    if (!start) return start.error();
    State pos = std::move(*start);
    std::vector<std::uint64_t> keys{pos.hash()};
    std::vector<bool> resets{true};
    RuleState rules = start_rules(pos);
    for (const std::string& text : moves) {
      Expected<Move> m = T::parse_move(pos, text);
      if (!m) return make_error("move " + text + ": " + m.error().message);
      const bool irreversible = T::irreversible(pos, *m);
      resets.push_back(irreversible);
      T::make(pos, *m);
      keys.push_back(pos.hash());
      rules = next_rules(rules, pos, irreversible);
    }
    root_ = std::move(pos);
    keys_ = std::move(keys);
    resets_ = std::move(resets);
    root_rules_ = rules;
    return Ok{};
  }

  Status push_moves(const std::vector<std::string>& moves) override {
    for (const std::string& text : moves) {
      Expected<Move> m = T::parse_move(root_, text);
      if (!m) return make_error("move " + text + ": " + m.error().message);
      const bool irreversible = T::irreversible(root_, *m);
      resets_.push_back(irreversible);
      T::make(root_, *m);
      keys_.push_back(root_.hash());
      root_rules_ = next_rules(root_rules_, root_, irreversible);
    }
    return Ok{};
  }

  void new_game() override { workers_.clear(); }

  Score rules_score() const override {
    State pos = root_;
    Score s;
    if constexpr (T::kFeatures.rule_state)
      s = T::rule_score(pos, root_rules_, 1);
    else
      s = T::rule_score(pos, 1, reversible_plies());
    if (s != kNone) return s;
    // Every position of the game stood before the root.
    const int top = static_cast<int>(keys_.size()) - 1;
    return repetition_rule_score<T>(pos, keys_.data(), top, top - reversible_plies(), top + 1, 1);
  }

  Score static_eval(bool network) const override {
    choose_evaluation(network);
    return T::evaluate(root_);
  }

  std::optional<TableEntry> table_entry(const TranspositionTable& tt) const override {
    State pos = root_;
    TtHit hit;
    if (!tt.probe(pos.hash(), hit)) return std::nullopt;
    TableEntry entry{{}, from_tt(hit.score, 0), hit.depth, hit.bound};
    MoveList legal;
    T::generate(pos, legal);
    for (const Move& m : legal)
      if (hit.move && T::move_key(pos, m) == hit.move) entry.move = T::move_text(pos, m);
    return entry;
  }

  MoveFacts move_facts(const std::string& id) const override {
    MoveFacts f;
    Expected<Move> m = T::parse_move(root_, id);
    if (!m) return f;
    f.capture = T::is_tactical(root_, *m) && T::capture_gain(root_, *m) > 0;
    f.gain = T::capture_gain(root_, *m);
    f.check = T::gives_check(root_, *m);
    return f;
  }

  std::optional<Threat> threat(int depth, bool network) const override {
    if constexpr (!T::kFeatures.null_move) {
      return std::nullopt;
    } else {
      if (T::in_check(root_)) return std::nullopt;
      choose_evaluation(network);
      State pos = root_;
      T::make_null(pos);
      MoveList legal;
      T::generate(pos, legal);
      if (legal.empty()) return std::nullopt;
      TranspositionTable tt;
      tt.resize(1);
      SharedSearch shared;
      shared.tt = &tt;
      Worker<T> w(shared, 0);
      std::vector<std::uint64_t> keys{pos.hash()};
      std::vector<bool> resets{true};
      w.setup(shared, pos, keys, resets, root_rules_, std::vector<Move>(legal.begin(), legal.end()));
      shared.node_counters.push_back(&w.node_counter());
      for (int d = 1; d <= depth; ++d) {
        w.save_previous_scores();
        w.iterate(d, 0);
      }
      const auto& best = w.root_moves()[0];
      Threat t;
      t.move = T::move_text(pos, best.move);
      t.gain = best.score - T::evaluate(pos);
      return t;
    }
  }

  SearchResult search(SharedSearch& shared, const EngineOptions& options,
                      const SearchCallbacks& callbacks) override {
    SearchResult result;
    const SearchLimits& limits = shared.limits;
    const LevelPolicy policy = level_policy(options.level);
    const bool network = options.network_evaluation();
    choose_evaluation(network);

    // Root moves: every legal move, or those of searchmoves.
    MoveList legal;
    T::generate(root_, legal);
    std::vector<Move> root_moves;
    for (const Move& m : legal) {
      if (!limits.search_moves.empty() && std::find(limits.search_moves.begin(), limits.search_moves.end(),
                                                    T::move_text(root_, m)) == limits.search_moves.end())
        continue;
      root_moves.push_back(m);
    }
    if (root_moves.empty()) return result;

    // Endgame tables, where the game has them and the level uses them: the
    // search probes them below the root, and at the root only the moves that
    // keep the position's value are searched, so a won or drawn ending is
    // never thrown away.
    std::shared_ptr<const EndgameTables> tables;
    if constexpr (T::kFeatures.endgame_tables) {
      if (options.endgame_tables_in_use()) tables = T::endgame_tables(options.egdb_path);
      if (tables) keep_table_best(*tables, root_moves);
    }

    const int threads = std::max(1, options.threads);
    while (static_cast<int>(workers_.size()) < threads)
      workers_.push_back(std::make_unique<Worker<T>>(shared, static_cast<int>(workers_.size())));
    workers_.resize(threads);
    shared.node_counters.clear();
    for (int i = 0; i < threads; ++i) {
      workers_[i]->setup(shared, root_, keys_, resets_, root_rules_, root_moves);
      workers_[i]->set_endgame_tables(tables.get());
      shared.node_counters.push_back(&workers_[i]->node_counter());
    }

    const int multipv = std::min<int>(std::max({1, limits.multipv, options.multipv, policy.multipv}),
                                      static_cast<int>(root_moves.size()));
    int max_depth = limits.depth > 0 ? limits.depth : kMaxPly - 8;
    if (policy.max_depth > 0) max_depth = std::min(max_depth, policy.max_depth);
    if (policy.max_nodes > 0 && (shared.limits.nodes == 0 || shared.limits.nodes > policy.max_nodes))
      shared.limits.nodes = policy.max_nodes;

    // Lazy SMP: helpers search the same tree on the shared table, each
    // starting a little deeper so that they fill it ahead of the main thread.
    std::vector<std::thread> helpers;
    for (int i = 1; i < threads; ++i)
      helpers.emplace_back([this, i, max_depth, network] {
        choose_evaluation(network);
        Worker<T>& w = *workers_[i];
        for (int depth = 1 + (i & 1); depth <= max_depth && !w.stopped(); ++depth) {
          w.save_previous_scores();
          if (!w.iterate(depth, 0)) break;
        }
      });

    Worker<T>& main = *workers_[0];
    std::uint32_t last_best = 0;
    int stable_iterations = 0;
    Score last_score = kNone;
    for (int depth = 1; depth <= max_depth; ++depth) {
      main.save_previous_scores();
      bool complete = true;
      for (int pv = 0; pv < multipv && complete; ++pv) complete = main.iterate(depth, pv);
      if (!complete) break;
      report(shared, main, depth, multipv, callbacks, result);

      const Score best = main.root_moves()[0].score;
      const std::uint32_t best_key = T::move_key(root_, main.root_moves()[0].move);
      stable_iterations = best_key == last_best ? stable_iterations + 1 : 0;
      last_best = best_key;
      if (limits.mate > 0 && best >= kMateBound && mate_moves(best) <= limits.mate) break;
      // A mate found needs no deeper look (except when analysing) once the
      // depth is twice its length: reductions, pruning and, with several
      // threads, the shared table's bounds from longer mates can hide a
      // shorter mate for a few iterations more than its own length.
      if (!limits.infinite && is_mate_score(best) && depth >= 2 * mate_plies(best) + 2 && depth > 4) break;
      if (!shared.pondering.load() && shared.time) {
        if (root_moves.size() == 1 && limits.uses_clock() && depth >= 4) break;
        double stability = stable_iterations >= 4 ? 0.6 : (stable_iterations >= 2 ? 0.85 : 1.3);
        // A score falling from one iteration to the next: trouble is being
        // found, give the search more time to find the way out.
        if (last_score != kNone && !is_mate_score(best) && best < last_score - T::kPawn / 4)
          stability = std::min(2.0, stability * 1.5);
        if (shared.time->should_not_start_iteration(stability)) break;
      }
      last_score = best;
    }
    shared.stop = true;
    for (std::thread& t : helpers) t.join();

    // The result: the best line, or a level's choice among the lines.
    if (result.lines.empty()) {  // stopped before the first iteration ended
      const auto& rm = main.root_moves()[0];
      SearchInfo info;
      info.pv = pv_text(rm.pv.empty() ? std::vector<Move>{rm.move} : rm.pv);
      result.lines.push_back(info);
    }
    int chosen = 0;
    if (policy.temperature > 0 && result.lines.size() > 1) {
      std::vector<Score> scores;
      for (const SearchInfo& line : result.lines) scores.push_back(line.score);
      std::uint64_t seed =
          options.seed
              ? options.seed + keys_.back()
              : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
      std::mt19937_64 rng(seed);
      chosen = choose_line(scores, policy, std::uniform_real_distribution<double>(0, 1)(rng));
    }
    const SearchInfo& line = result.lines[chosen];
    result.best = line.pv.empty() ? "" : line.pv[0];
    result.ponder = line.pv.size() > 1 ? line.pv[1] : "";
    result.score = line.score;
    result.nodes = shared.total_nodes();
    result.tbhits = table_hits();
    for (auto& w : workers_) w->set_endgame_tables(nullptr);
    return result;
  }

 private:
  // Which evaluation this thread's searches use, where the game has two.
  static void choose_evaluation(bool network) {
    if constexpr (T::kFeatures.network)
      T::use_network(network);
    else
      (void)network;
  }

  // The draw-rule counts of a start position, and after a move.
  static RuleState start_rules([[maybe_unused]] const State& pos) {
    if constexpr (T::kFeatures.rule_state)
      return T::start_rule_state(pos);
    else
      return {};
  }
  static RuleState next_rules(const RuleState& before, [[maybe_unused]] const State& after,
                              [[maybe_unused]] bool irreversible) {
    if constexpr (T::kFeatures.rule_state)
      return T::next_rule_state(before, after, irreversible);
    else
      return before;
  }

  // Root moves that keep the best value the tables give the root position
  // (every move, where they do not hold it).
  void keep_table_best([[maybe_unused]] const EndgameTables& tables,
                       [[maybe_unused]] std::vector<Move>& moves) const {
    if constexpr (T::kFeatures.endgame_tables) {
      if (T::probe_endgame(tables, root_).value == TableValue::Unknown) return;
      // For the mover: 2 the opponent loses, 1 a draw, 0 it wins.
      auto rank = [](TableValue v) {
        return v == TableValue::Loss ? 2 : v == TableValue::Draw ? 1 : v == TableValue::Win ? 0 : -1;
      };
      std::vector<int> ranks;
      State pos = root_;
      for (const Move& m : moves) {
        T::make(pos, m);
        ranks.push_back(rank(T::probe_endgame(tables, pos).value));
        T::unmake(pos, m);
      }
      const int best = *std::max_element(ranks.begin(), ranks.end());
      if (best < 0 || std::find(ranks.begin(), ranks.end(), -1) != ranks.end()) return;
      std::vector<Move> kept;
      for (std::size_t i = 0; i < moves.size(); ++i)
        if (ranks[i] == best) kept.push_back(moves[i]);
      moves = std::move(kept);
    }
  }

  std::uint64_t table_hits() const {
    std::uint64_t n = 0;
    for (const auto& w : workers_) n += w->table_hits();
    return n;
  }

  // Plies since the last irreversible move (or the start).
  int reversible_plies() const {
    int n = 0;
    for (std::size_t i = resets_.size(); i-- > 1 && !resets_[i];) ++n;
    return n;
  }

  std::vector<std::string> pv_text(const std::vector<Move>& pv) const {
    std::vector<std::string> out;
    State pos = root_;
    for (const Move& m : pv) {
      // A line from the table may end in a move that is not legal after a
      // hash collision; stop there rather than play it.
      MoveList legal;
      T::generate(pos, legal);
      if (!legal.contains(m)) break;
      out.push_back(T::move_text(pos, m));
      T::make(pos, m);
    }
    return out;
  }

  void report(SharedSearch& shared, const Worker<T>& main, int depth, int multipv, const SearchCallbacks& cb,
              SearchResult& result) {
    result.lines.clear();
    const std::uint64_t nodes = shared.total_nodes();
    const std::int64_t elapsed = shared.time ? shared.time->elapsed() : 0;
    for (int i = 0; i < multipv; ++i) {
      const auto& rm = main.root_moves()[i];
      SearchInfo info;
      info.depth = depth;
      info.seldepth = std::max(rm.seldepth, depth);
      info.multipv = i + 1;
      info.score = rm.score;
      info.lowerbound = rm.lowerbound;
      info.upperbound = rm.upperbound;
      info.nodes = nodes;
      info.time_ms = elapsed;
      info.hashfull = shared.tt->hashfull();
      info.tbhits = table_hits();
      info.wdl = wdl_of(rm.score, T::kWdlScale, T::kWdlDrawWidth);
      info.pv = pv_text(rm.pv);
      result.lines.push_back(info);
      if (cb.on_info) cb.on_info(info);
    }
    result.depth = depth;
  }

  State root_;
  std::vector<std::uint64_t> keys_;
  std::vector<bool> resets_;
  RuleState root_rules_{};
  std::vector<std::unique_ptr<Worker<T>>> workers_;
};

}  // namespace qi::engine
