// The search, written once for every game: iterative deepening over a
// principal-variation alpha-beta search with a transposition table,
// aspiration windows, quiescence, null-move pruning, razoring, late-move
// reductions and pruning, killer / history / counter-move / continuation
// history ordering, a correction history of the static evaluation, check
// and singular extensions, mate-distance pruning and each game's draw and
// repetition rules.
//
// It is a template over a game's traits (engine/games/*_traits.h), which
// give the state type and what the search needs beyond the GameState
// concept: captures, checks, null moves, evaluation, and the switches that
// turn a technique off where it does not fit the game (no null move in
// checkers, where zugzwang is the rule). A Worker is one search thread;
// Lazy SMP runs several on one shared transposition table.
//
// Nothing in the search allocates: the move lists, scores, principal
// variations and key history of every ply are sized when a search starts.
#pragma once

#include <algorithm>
#include <atomic>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <functional>
#include <vector>

#include "core/side.h"
#include "engine/limits.h"
#include "engine/score.h"
#include "engine/search_info.h"
#include "engine/search_traits.h"
#include "engine/time_manager.h"
#include "engine/tt.h"

namespace qi::engine {

using qi::Side;

// What every worker of one search shares.
struct SharedSearch {
  TranspositionTable* tt = nullptr;
  TimeManager* time = nullptr;
  SearchLimits limits;
  std::atomic<bool> stop{false};
  std::atomic<bool> pondering{false};  // no stop on time while pondering
  // Told of each root move the main thread starts once the search has run
  // kCurrentMoveAfterMs (UCI's currmove); may be empty.
  std::function<void(const CurrentMove&)> on_current_move;
  // Each worker's node count, summed for reports and node limits.
  std::vector<std::atomic<std::uint64_t>*> node_counters;

  std::uint64_t total_nodes() const {
    std::uint64_t n = 0;
    for (auto* c : node_counters) n += c->load(std::memory_order_relaxed);
    return n;
  }
};

// Root moves are reported as they are searched (currmove) only after this
// long, as Stockfish does: before, they would flood the GUI.
inline constexpr std::int64_t kCurrentMoveAfterMs = 3000;

// Reductions for late moves, by depth and move number (log-log, as usual).
struct LmrTable {
  std::uint8_t r[64][64];
  LmrTable() {
    for (int d = 0; d < 64; ++d)
      for (int m = 0; m < 64; ++m)
        r[d][m] = d == 0 || m == 0 ? 0 : static_cast<std::uint8_t>(0.75 + std::log(d) * std::log(m) / 2.25);
  }
};
inline const LmrTable kLmr;

// Evaluation state a game keeps along the search line (T::EvalStack: chess's
// network accumulators, updated move by move); nothing for the others. The
// same for the draw rules' counts (T::RuleState: checkers' endgame limits).
template <class T>
struct EvalStackOf {
  struct type {};
};
template <class T>
requires(T::kFeatures.eval_stack) struct EvalStackOf<T> {
  using type = typename T::EvalStack;
};
template <class T>
struct EndgameTablesOf {
  struct type {};
};
template <class T>
requires(T::kFeatures.endgame_tables) struct EndgameTablesOf<T> {
  using type = typename T::EndgameTables;
};
template <class T>
struct RuleStateOf {
  struct type {
    friend bool operator==(const type&, const type&) = default;
  };
};
template <class T>
requires(T::kFeatures.rule_state) struct RuleStateOf<T> {
  using type = typename T::RuleState;
};

// A repetition at a node: the position of `keys[top]` repeating one inside
// the search tree (at or after `root_index`), or one that already stood
// T::kRepetitionsBeforeRoot times before the root, looking back to the last
// irreversible move (`reset_at`). The game's verdict on the cycle
// (T::repetition_score), or kNone.
template <SearchTraits T>
Score repetition_rule_score(typename T::State& pos, const std::uint64_t* keys, int top, int reset_at,
                            int root_index, int ply) {
  const std::uint64_t key = keys[top];
  int seen_before_root = 0;
  for (int i = top - 4; i >= reset_at; i -= 2) {
    if (keys[i] != key) continue;
    if (i >= root_index || ++seen_before_root >= T::kRepetitionsBeforeRoot)
      return T::repetition_score(pos, top - i, ply);
  }
  return kNone;
}

template <SearchTraits T>
class Worker {
 public:
  using State = typename T::State;
  using Move = typename T::Move;
  using MoveList = typename T::MoveList;
  using RuleState = typename RuleStateOf<T>::type;
  using EndgameTables = typename EndgameTablesOf<T>::type;
  static constexpr SearchFeatures kFeatures = T::kFeatures;
  static constexpr bool kShallow = kFeatures.shallow_pruning;
  static constexpr bool kSingular = kFeatures.singular_extension;
  static constexpr bool kCorrection = kFeatures.correction_history;
  static constexpr bool kSafeChecksOnly = kFeatures.safe_checks_only;
  static constexpr bool kEvalStack = kFeatures.eval_stack;
  static constexpr bool kContinuation = kFeatures.continuation_history;
  static constexpr bool kRuleState = kFeatures.rule_state;
  static constexpr bool kEndgameTables = kFeatures.endgame_tables;

  struct RootMove {
    Move move{};
    Score score = -kInfinite;
    Score previous = -kInfinite;
    int seldepth = 0;
    bool lowerbound = false, upperbound = false;
    std::vector<Move> pv;  // filled at the root only, between iterations
  };

  Worker(SharedSearch& shared, int id) : shared_(&shared), id_(id) {
    plies_.resize(kMaxPly + 4);
    pv_.resize((kMaxPly + 2) * (kMaxPly + 2));
    pv_len_.resize(kMaxPly + 2);
    history_.assign(2 * T::kHistorySize, 0);
    counter_.assign(T::kHistorySize, 0);
    if constexpr (kCorrection) correction_.assign(2 * kCorrectionSize, 0);
    if constexpr (kContinuation) continuation_.assign(T::kPieceToSize * T::kPieceToSize, 0);
  }

  // The position to search from, with the keys of the game's positions
  // before it (oldest first, the root's own key last) and for each whether
  // it was reached by an irreversible move; the root's draw-rule counts
  // where the game keeps them. `root_moves` are the moves to consider (all
  // legal moves, or UCI searchmoves).
  void setup(SharedSearch& shared, const State& root, const std::vector<std::uint64_t>& keys,
             const std::vector<bool>& resets, const RuleState& root_rules,
             const std::vector<Move>& root_moves) {
    shared_ = &shared;
    pos_ = root;
    if constexpr (kEvalStack) T::eval_root(eval_stack_, pos_);
    const std::size_t n = keys.size();
    keys_.assign(n + kMaxPly + 4, 0);
    reset_at_.assign(n + kMaxPly + 4, 0);
    if constexpr (kRuleState) {
      rules_.assign(kMaxPly + 4, root_rules);
    } else {
      (void)root_rules;
    }
    for (std::size_t i = 0; i < n; ++i) {
      keys_[i] = keys[i];
      reset_at_[i] = (i == 0 || resets[i]) ? static_cast<int>(i) : reset_at_[i - 1];
    }
    root_index_ = static_cast<int>(n) - 1;
    top_ = root_index_;
    root_moves_.clear();
    for (const Move& m : root_moves) root_moves_.push_back(RootMove{m});
    nodes_.store(0, std::memory_order_relaxed);
    table_hits_.store(0, std::memory_order_relaxed);
    check_interval_ = shared.time ? shared.time->check_interval() : 256;
    seldepth_ = 0;
    completed_depth_ = 0;
    for (auto& k : plies_) k.killers[0] = k.killers[1] = 0;
    if constexpr (kShallow) {
      // What the last move's search learnt mostly still holds: keep half.
      for (int& h : history_) h /= 2;
      for (std::int16_t& h : continuation_) h /= 2;
    } else {
      std::fill(history_.begin(), history_.end(), 0);
      std::fill(counter_.begin(), counter_.end(), 0);
    }
  }

  // The endgame tables the next searches probe (null: none), where the
  // game has them; kept by the caller while a search runs.
  void set_endgame_tables(const EndgameTables* tables) { tables_ = tables; }
  // Positions whose value the tables gave, since setup.
  std::uint64_t table_hits() const { return table_hits_.load(std::memory_order_relaxed); }

  std::atomic<std::uint64_t>& node_counter() { return nodes_; }
  std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  int completed_depth() const { return completed_depth_; }
  const std::vector<RootMove>& root_moves() const { return root_moves_; }
  bool stopped() const { return shared_->stop.load(std::memory_order_relaxed); }

  // What the move-ordering tables have learnt (for tests): the history of a
  // quiet move by its history index, and the continuation entry of a move
  // (by piece_to) after the move `piece_to_before`.
  int history_score(Side side, int index) const { return history_[history_slot(side, index)]; }
  int continuation_score(int piece_to_before, int piece_to) const requires kContinuation {
    return continuation_[piece_to_before * T::kPieceToSize + piece_to];
  }

  // One iteration of the root: searches the lines pv_index.. of the root
  // moves at `depth` with an aspiration window around the last score, and
  // sorts them. Returns false if the search was stopped in the middle.
  bool iterate(int depth, int pv_index) {
    pv_index_ = pv_index;
    root_depth_ = depth;
    seldepth_ = 0;
    for (std::size_t i = pv_index + 1; i < root_moves_.size(); ++i) root_moves_[i].score = -kInfinite;
    Score previous = root_moves_[pv_index].previous;
    Score delta = T::kPawn / 4 + std::abs(previous) / 64;
    Score alpha = -kInfinite, beta = kInfinite;
    if (depth >= 4 && previous > -kInfinite && !is_mate_score(previous)) {
      alpha = std::max(previous - delta, -kInfinite);
      beta = std::min(previous + delta, kInfinite);
    }
    while (true) {
      Score score = search<true>(depth, alpha, beta, 0, false);
      std::stable_sort(root_moves_.begin() + pv_index, root_moves_.end(), better);
      if (stopped()) return false;
      if (score <= alpha) {
        beta = (alpha + beta) / 2;
        alpha = std::max(score - delta, -kInfinite);
      } else if (score >= beta) {
        beta = std::min(score + delta, kInfinite);
      } else {
        break;
      }
      delta += delta / 2 + 5;
    }
    // MultiPV: this line may have scored above the lines searched before it
    // at this depth; the lines so far are kept best first.
    std::stable_sort(root_moves_.begin(), root_moves_.begin() + pv_index + 1, better);
    if (pv_index == 0) completed_depth_ = depth;
    return true;
  }

  // Before an iteration: what each root move scored last time.
  void save_previous_scores() {
    for (RootMove& rm : root_moves_) rm.previous = rm.score;
  }

 private:
  static bool better(const RootMove& a, const RootMove& b) { return a.score > b.score; }

  // The main thread tells of the root move it starts, once the search has
  // run long enough for that to be news (currmove). At the root only: it
  // may allocate.
  void report_current_move(const Move& m, int number) {
    if (id_ != 0 || !shared_->on_current_move || !shared_->time ||
        shared_->time->elapsed() < kCurrentMoveAfterMs)
      return;
    shared_->on_current_move(CurrentMove{root_depth_, T::move_text(pos_, m), number});
  }

  struct Ply {
    MoveList moves;
    int scores[MoveList::capacity];
    std::uint32_t killers[2] = {0, 0};
    std::uint32_t move_key = 0;  // of the move made from this ply
    int move_history = -1;       // its history index (-1: null move or none)
    int piece_to = -1;           // its continuation-history index (-1: null move, none, or no such table)
    Score eval = kNone;
    bool null_move = false;
    std::uint32_t excluded = 0;  // the move a singular-extension search leaves out
  };

  // --- Bookkeeping ------------------------------------------------------------
  void count_node() {
    std::uint64_t n = nodes_.load(std::memory_order_relaxed) + 1;
    nodes_.store(n, std::memory_order_relaxed);
    if (id_ == 0 && (n & (check_interval_ - 1)) == 0) check_limits();
  }

  void check_limits() {
    if (shared_->limits.nodes && shared_->total_nodes() >= shared_->limits.nodes) shared_->stop = true;
    if (shared_->limits.stop && shared_->limits.stop->load(std::memory_order_relaxed)) shared_->stop = true;
    if (!shared_->pondering.load(std::memory_order_relaxed) && shared_->time && shared_->time->out_of_time())
      shared_->stop = true;
  }

  void make(const Move& m, int ply) {
    const bool irreversible = T::irreversible(pos_, m);
    Ply& p = plies_[ply];
    p.move_key = T::move_key(pos_, m);
    p.move_history = T::history_index(m);
    if constexpr (kContinuation) p.piece_to = T::piece_to(pos_, m);
    p.null_move = false;
    if constexpr (kEvalStack) T::eval_push(eval_stack_, pos_, m, ply + 1);
    T::make(pos_, m);
    ++top_;
    keys_[top_] = pos_.hash();
    reset_at_[top_] = irreversible ? top_ : reset_at_[top_ - 1];
    if constexpr (kRuleState) rules_[ply + 1] = T::next_rule_state(rules_[ply], pos_, irreversible);
  }
  void unmake(const Move& m) {
    T::unmake(pos_, m);
    --top_;
  }
  void make_null(int ply) {
    Ply& p = plies_[ply];
    p.move_key = 0;
    p.move_history = -1;
    p.piece_to = -1;
    p.null_move = true;
    if constexpr (kEvalStack) T::eval_push_null(eval_stack_, ply + 1);
    T::make_null(pos_);
    ++top_;
    keys_[top_] = pos_.hash();
    reset_at_[top_] = top_;  // no repetition cycle runs through a null move
    if constexpr (kRuleState) rules_[ply + 1] = rules_[ply];
  }
  void unmake_null() {
    T::unmake_null(pos_);
    --top_;
  }

  // The static evaluation of the position at `ply`, side to move's view.
  Score evaluate(int ply) {
    if constexpr (kEvalStack)
      return T::evaluate(pos_, eval_stack_, ply);
    else
      return T::evaluate(pos_);
  }

  // A draw or decision by the game's rules at this node (not the root), or
  // kNone. Repetition: a position repeating one inside the search tree, or
  // one that already stood twice before the root.
  Score rule_score(int ply) {
    if (Score s = counted_rule_score(ply); s != kNone) return s;
    return repetition_rule_score<T>(pos_, keys_.data(), top_, reset_at_[top_], root_index_, ply);
  }

  // The draws a game's count rules declare here (move limits, dead
  // positions), or kNone.
  Score counted_rule_score(int ply) const {
    if constexpr (kRuleState)
      return T::rule_score(pos_, rules_[ply], ply);
    else
      return T::rule_score(pos_, ply, top_ - reset_at_[top_]);
  }

  // The score of a position the endgame tables hold (kNone: they do not):
  // a draw, or a win or loss in the tables' band (score.h), by the plies to
  // the end where they are known, else ordered by the static evaluation.
  //
  // `settled_only`: a win or loss without a distance is taken only where the
  // move into the position was irreversible (a capture, a man's move), and
  // searched on where it was not. Taken after every move, each position of
  // a won ending scores the same band and the search stops one ply below
  // the root: the winner then plays the static evaluation's first choice,
  // shuffles a king, and lets the loser repeat the position (nine games of
  // 333 against Cake were drawn so). Searched on, the win is seen as the
  // capture or man's move that keeps it, which is progress, and the
  // repetitions the loser could reach are seen as the draws they are.
  Score table_score(int ply, bool settled_only = false) {
    if constexpr (kEndgameTables) {
      if (!tables_) return kNone;
      const TableProbe probe = T::probe_endgame(*tables_, pos_);
      if (probe.value == TableValue::Unknown) return kNone;
      if (settled_only && probe.value != TableValue::Draw && probe.distance < 0 && reset_at_[top_] != top_)
        return kNone;
      table_hits_.store(table_hits_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
      if (probe.value == TableValue::Draw) return kDraw;
      const bool win = probe.value == TableValue::Win;
      if (probe.distance >= 0)
        return win ? kTableWin - ply - probe.distance : -kTableWin + ply + probe.distance;
      const Score eval = std::clamp(evaluate(ply), -kTableEvalRange, kTableEvalRange);
      return (win ? kTableWinNoDistance : -kTableWinNoDistance) + eval;
    } else {
      (void)ply;
      return kNone;
    }
  }

  void update_pv(int ply, const Move& m) {
    Move* dst = &pv_[ply * (kMaxPly + 2)];
    const Move* src = &pv_[(ply + 1) * (kMaxPly + 2)];
    dst[0] = m;
    int len = pv_len_[ply + 1];
    for (int i = 0; i < len; ++i) dst[i + 1] = src[i];
    pv_len_[ply] = len + 1;
  }

  // Whether m wins at least `threshold` by static exchange (always true in
  // games without it).
  bool see_ge(const Move& m, int threshold) const {
    if constexpr (kShallow)
      return T::see_ge(pos_, m, threshold);
    else
      return true;
  }

  // A quiet score sums the history and, where the game keeps it, two
  // continuation rows, each within +-16384: the thresholds scale with it.
  static constexpr int kHistoryPruningMargin = kContinuation ? 3000 : 1500;
  static constexpr int kHistoryPerReduction = kContinuation ? 8192 : 4096;

  static int history_slot(Side side, int index) { return static_cast<int>(side) * T::kHistorySize + index; }
  int& history(Side side, int index) { return history_[history_slot(side, index)]; }

  void update_history(int& h, int bonus) { h += bonus - h * std::abs(bonus) / 16384; }

  // --- Continuation history ---------------------------------------------------
  // For each (piece, target square) of the move one and two plies back, how
  // well each (piece, target square) has answered it: a history of quiet
  // moves in their context. The rows of this ply's context, null where the
  // move there was a null move or the game keeps no such table.
  struct ContinuationRows {
    std::int16_t* row[2] = {nullptr, nullptr};
  };

  ContinuationRows continuation_rows(int ply) {
    ContinuationRows rows;
    if constexpr (kContinuation) {
      for (int back = 1; back <= 2; ++back)
        if (ply >= back && plies_[ply - back].piece_to >= 0)
          rows.row[back - 1] = &continuation_[plies_[ply - back].piece_to * T::kPieceToSize];
    }
    return rows;
  }

  // What history and continuation history say of a quiet move m.
  int quiet_score(const ContinuationRows& rows, Side us, const Move& m) {
    int s = history(us, T::history_index(m));
    if constexpr (kContinuation) {
      const int pt = T::piece_to(pos_, m);
      for (std::int16_t* row : rows.row)
        if (row) s += row[pt];
    }
    return s;
  }

  void update_continuation(const ContinuationRows& rows, int piece_to, int bonus) {
    for (std::int16_t* row : rows.row) {
      if (!row) continue;
      int h = row[piece_to];
      update_history(h, bonus);
      row[piece_to] = static_cast<std::int16_t>(h);
    }
  }

  // --- Correction history -----------------------------------------------------
  // For each pawn structure (by its key's low bits) and side to move, a
  // running average of how far searches ended from the static evaluation,
  // in 1/kCorrectionGrain centipawns. The evaluation the search prunes on is
  // the static one plus this average: structures the evaluation misjudges
  // are misjudged the same way in the whole subtree.
  static constexpr int kCorrectionSize = 16384;
  static constexpr int kCorrectionGrain = 256;
  static constexpr int kCorrectionLimit = 64 * kCorrectionGrain;

  // The entry for this position, or null where the game keeps none (a key
  // of 0, or a game without the correction).
  int* correction_entry() {
    if constexpr (kCorrection) {
      const std::uint64_t k = T::correction_key(pos_);
      if (k == 0) return nullptr;
      const int side = static_cast<int>(pos_.side_to_move());
      return &correction_[side * kCorrectionSize + (k & (kCorrectionSize - 1))];
    } else {
      return nullptr;
    }
  }

  // The static evaluation, corrected by `entry` (from correction_entry).
  static Score static_eval(Score raw, const int* entry) {
    if (!entry) return raw;
    return std::clamp<Score>(raw + *entry / kCorrectionGrain, -kMateBound + 1, kMateBound - 1);
  }

  // After a search of `depth` that found `best` where the evaluation said
  // `raw`: moves the average towards the difference, the more the deeper.
  static void update_correction(int* entry, Score raw, Score best, int depth) {
    if (!entry) return;
    const int target = std::clamp((best - raw) * kCorrectionGrain, -kCorrectionLimit, kCorrectionLimit);
    const int weight = std::min(depth + 1, 16);
    *entry = (*entry * (256 - weight) + target * weight) / 256;
  }

  // Scores moves for ordering: the TT move, then captures by victim and
  // attacker, killers, the counter move, then quiet moves by history, and
  // last the captures that lose material by static exchange.
  static constexpr int kTtMoveScore = 1 << 28;

  void score_moves(int ply, std::uint32_t tt_move) {
    Ply& p = plies_[ply];
    const Side us = pos_.side_to_move();
    const std::uint32_t counter =
        ply > 0 && plies_[ply - 1].move_history >= 0 ? counter_[plies_[ply - 1].move_history] : 0;
    const ContinuationRows rows = continuation_rows(ply);
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
      const Move& m = p.moves[i];
      const std::uint32_t key = T::move_key(pos_, m);
      int s;
      if (key == tt_move)
        s = kTtMoveScore;
      else if (T::is_tactical(pos_, m))
        s = (see_ge(m, 0) ? (1 << 24) : -(1 << 24)) + T::capture_order(pos_, m);
      else if (key == p.killers[0])
        s = (1 << 22) + 2;
      else if (key == p.killers[1])
        s = (1 << 22) + 1;
      else if (key == counter)
        s = 1 << 22;
      else
        s = quiet_score(rows, us, m);
      p.scores[i] = s;
    }
  }

  // The best remaining move of the list goes to position i.
  void pick(Ply& p, std::size_t i) {
    std::size_t best = i;
    for (std::size_t j = i + 1; j < p.moves.size(); ++j)
      if (p.scores[j] > p.scores[best]) best = j;
    if (best != i) {
      std::swap(p.moves[i], p.moves[best]);
      std::swap(p.scores[i], p.scores[best]);
    }
  }

  // --- The search -------------------------------------------------------------
  template <bool PV>
  Score search(int depth, Score alpha, Score beta, int ply, bool cut_node) {
    const bool root = ply == 0;
    if (depth <= 0) return quiescence<PV>(alpha, beta, ply);
    if constexpr (PV) pv_len_[ply] = 0;
    count_node();
    if (stopped()) return 0;
    if (PV && ply > seldepth_) seldepth_ = ply;

    // Step 1. Rules, ply limit and mate distance.
    if (!root) {
      if (Score s = rule_score(ply); s != kNone) return s;
      if (ply >= kMaxPly - 2) return evaluate(ply);
      alpha = std::max(alpha, mated_in(ply));
      beta = std::min(beta, mate_in(ply + 1));
      if (alpha >= beta) return alpha;
      // Step 1b. Endgame tables: their value is exact.
      if constexpr (kEndgameTables) {
        if (Score s = table_score(ply, /*settled_only=*/true); s != kNone) return s;
      }
    }

    // Step 2. Transposition table. A search that leaves a move out (for a
    // singular extension) neither takes nor leaves an entry: its result is
    // not the position's.
    Ply& p = plies_[ply];
    const std::uint32_t excluded = p.excluded;
    const std::uint64_t key = keys_[top_];  // make() keeps it, so it is hashed once
    TtHit tt;
    const bool tt_found = !excluded && shared_->tt->probe(key, tt);
    const Score tt_score = tt_found ? from_tt(tt.score, ply) : kNone;
    const std::uint32_t tt_move = root ? T::move_key(pos_, root_moves_[pv_index_].move) : tt.move;
    if (!PV && tt_found && tt.depth >= depth && tt_score != kNone &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt_score >= beta) ||
         (tt.bound == Bound::Upper && tt_score <= alpha)))
      return tt_score;

    // Step 3. Moves; none means the game is over here.
    if (root) {
      p.moves.clear();
      for (std::size_t i = pv_index_; i < root_moves_.size(); ++i) p.moves.push_back(root_moves_[i].move);
    } else {
      p.moves.clear();
      T::generate(pos_, p.moves);
      if (p.moves.empty()) return T::no_move_score(pos_, ply);
    }
    const bool in_check = T::in_check(pos_);

    // Step 4. Static evaluation and pruning of nodes that look decided.
    const Score raw_eval = in_check ? kNone : evaluate(ply);
    int* const correction = in_check ? nullptr : correction_entry();  // looked up once, used at step 8 too
    const Score static_value = in_check ? kNone : static_eval(raw_eval, correction);
    Score eval = static_value;
    if (!in_check && tt_score != kNone &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt_score > eval) ||
         (tt.bound == Bound::Upper && tt_score < eval)))
      eval = tt_score;
    p.eval = eval;
    const bool improving =
        !in_check && ply >= 2 && plies_[ply - 2].eval != kNone && eval > plies_[ply - 2].eval;

    if (!PV && !in_check && !excluded && !is_mate_score(beta)) {
      // Reverse futility: far above beta with little depth left.
      if constexpr (kFeatures.futility) {
        if (depth <= 6 && eval - T::kPawn * (depth - improving) >= beta) return eval;
      }
      // Razoring: so far below alpha that only a capture could help; if the
      // quiescence search finds none, the node fails low.
      if constexpr (kShallow) {
        if (depth <= 3 && eval + T::kPawn * (3 + 2 * depth * depth) / 2 <= alpha) {
          const Score s = quiescence<false>(alpha - 1, alpha, ply);
          if (stopped()) return 0;
          if (s < alpha) return s;
          // The quiescence search at this ply used its move list and
          // evaluation slot.
          p.moves.clear();
          T::generate(pos_, p.moves);
          p.eval = eval;
        }
      }
      // Null move: give the opponent a free move; if we still beat beta, the
      // position is good enough. Unsound in zugzwang, so the traits refuse it
      // where zugzwang is likely (checkers; pawn endings in chess).
      if constexpr (kFeatures.null_move) {
        if (depth >= 3 && eval >= beta && !plies_[ply - 1].null_move && T::null_move_allowed(pos_)) {
          const int r = 3 + depth / 4 + std::min(3, (eval - beta) / (2 * T::kPawn));
          make_null(ply);
          Score s = -search<false>(depth - 1 - r, -beta, -beta + 1, ply + 1, !cut_node);
          unmake_null();
          if (stopped()) return 0;
          if (s >= beta) return is_mate_score(s) ? beta : s;
        }
      }
    }

    // Step 5. Without a table move at a deep PV node, search less deep:
    // the first move is likely not the best (internal iterative reduction).
    if (!root && (PV || cut_node) && depth >= 6 && !tt_move) --depth;

    // Step 5b. Singular extension: when the table's move beat beta deep
    // enough, search every other move less deep against a bound a little
    // below its score. If none reaches it, the table's move is the only good
    // one and is searched a ply deeper; if that bound is itself above beta,
    // several moves beat beta and the node is cut (multi-cut).
    int singular_extension = 0;
    if constexpr (kSingular) {
      if (!root && !excluded && depth >= 8 && tt_move && tt_score != kNone && !is_mate_score(tt_score) &&
          tt.bound != Bound::Upper && tt.depth >= depth - 3 && ply < 2 * root_depth_) {
        const Score singular_beta = tt_score - 2 * depth * T::kPawn / 100;
        p.excluded = tt_move;
        const Score s = search<false>((depth - 1) / 2, singular_beta - 1, singular_beta, ply, cut_node);
        p.excluded = 0;
        if (stopped()) return 0;
        if (s < singular_beta)
          singular_extension = 1;
        else if (singular_beta >= beta)
          return singular_beta;
        // The nested search used this ply's move list: list it again.
        p.moves.clear();
        T::generate(pos_, p.moves);
      }
    }

    // Step 6. The moves, best-looking first.
    score_moves(ply, tt_move);
    const Side us = pos_.side_to_move();
    const Score original_alpha = alpha;
    Score best = -kInfinite;
    Move best_move{};
    std::uint32_t best_key = 0;
    int searched = 0, quiets_tried = 0;
    bool tt_move_tactical = false;  // the table's move, searched first, was a capture
    std::uint32_t quiets[64];
    int quiet_index[64];
    int quiet_piece_to[64];
    const ContinuationRows rows = continuation_rows(ply);

    for (std::size_t i = 0; i < p.moves.size(); ++i) {
      if (!root) pick(p, i);
      const Move m = p.moves[i];
      const std::uint32_t key_of_m = T::move_key(pos_, m);
      if (excluded && key_of_m == excluded) continue;
      const bool tactical = T::is_tactical(pos_, m);
      const bool gives_check = T::gives_check(pos_, m);
      if (key_of_m == tt_move) tt_move_tactical = tactical;

      // Late quiet moves at shallow depth rarely matter (late-move pruning).
      if (!root && !PV && !in_check && !tactical && !gives_check && best > -kMateBound && depth <= 4 &&
          searched >= 3 + depth * depth * (1 + improving))
        continue;
      // Near the leaves: quiet moves that cannot lift a static evaluation
      // far below alpha (futility), and moves that lose too much material by
      // static exchange.
      if constexpr (kShallow) {
        if (!root && !in_check && best > -kMateBound && searched > 0) {
          if (!tactical && !gives_check && depth <= 5 && eval + T::kPawn + 120 * depth <= alpha) continue;
          // Quiet moves that have failed often elsewhere (history pruning).
          if (!tactical && !gives_check && depth <= 3 && p.scores[i] < -kHistoryPruningMargin * depth)
            continue;
          if (depth <= 6 && !gives_check &&
              !see_ge(m, tactical ? -2 * T::kPawn * depth : -25 * depth * depth))
            continue;
        }
      }

      int extension = 0;
      if constexpr (kFeatures.check_extension) {
        if (gives_check && ply < 2 * root_depth_ && (!kSafeChecksOnly || see_ge(m, 0))) extension = 1;
      }
      if constexpr (kFeatures.single_reply_extension) {
        if (p.moves.size() == 1 && ply < 2 * root_depth_) extension = 1;
      }
      if (singular_extension && key_of_m == tt_move) extension = 1;
      const int new_depth = depth - 1 + extension;

      if (root) report_current_move(m, pv_index_ + searched + 1);
      make(m, ply);
      shared_->tt->prefetch(keys_[top_]);
      Score s;
      if (searched == 0) {
        s = -search<PV>(new_depth, -beta, -alpha, ply + 1, false);
      } else {
        int r = 0;
        if constexpr (kFeatures.late_move_reductions) {
          if (depth >= 3 && searched >= (PV ? 4 : 2) && !tactical && !in_check && !gives_check) {
            r = kLmr.r[std::min(depth, 63)][std::min(searched, 63)];
            if (!PV) ++r;
            if (cut_node) ++r;
            if (improving) --r;
            if (tt_move_tactical) ++r;
            if (p.scores[i] >= (1 << 22)) --r;  // a killer or the counter move
            r -= std::clamp(quiet_score(rows, us, m) / kHistoryPerReduction, -2, 2);
            r = std::clamp(r, 0, new_depth - 1);
          }
        }
        s = -search<false>(new_depth - r, -alpha - 1, -alpha, ply + 1, true);
        if (s > alpha && r > 0) s = -search<false>(new_depth, -alpha - 1, -alpha, ply + 1, !cut_node);
        if (PV && s > alpha && s < beta) s = -search<true>(new_depth, -beta, -alpha, ply + 1, false);
      }
      unmake(m);
      if (stopped()) return 0;
      ++searched;

      if (root) {
        RootMove& rm = *std::find_if(root_moves_.begin() + pv_index_, root_moves_.end(),
                                     [&](const RootMove& x) { return x.move == m; });
        if (searched == 1 || s > alpha) {
          rm.score = s;
          rm.seldepth = seldepth_;
          rm.lowerbound = s >= beta;
          rm.upperbound = s <= alpha;
          rm.pv.clear();
          rm.pv.push_back(m);
          for (int k = 0; k < pv_len_[1]; ++k) rm.pv.push_back(pv_[(kMaxPly + 2) + k]);
        } else {
          rm.score = -kInfinite;  // fell below the best: keep the old order
        }
      }

      // Listed before a cut leaves the loop: the move that beats beta is the
      // one history must reward.
      if (!tactical && quiets_tried < 64) {
        quiets[quiets_tried] = key_of_m;
        if constexpr (kContinuation) quiet_piece_to[quiets_tried] = T::piece_to(pos_, m);
        quiet_index[quiets_tried++] = T::history_index(m);
      }
      if (s > best) {
        best = s;
        if (s > alpha) {
          best_move = m;
          best_key = key_of_m;
          if constexpr (PV) update_pv(ply, m);
          if (s >= beta) break;
          alpha = s;
        }
      }
    }

    // Every move pruned (rare), or the only move left out.
    if (searched == 0) return in_check && !excluded ? mated_in(ply) : alpha;

    // Step 7. Learn from a cut: killers, counter move and history.
    if (best >= beta && !T::is_tactical(pos_, best_move)) {
      if (p.killers[0] != best_key) {
        p.killers[1] = p.killers[0];
        p.killers[0] = best_key;
      }
      if (ply > 0 && plies_[ply - 1].move_history >= 0) counter_[plies_[ply - 1].move_history] = best_key;
      const int bonus = std::min(depth * depth * 16, 1600);
      for (int k = 0; k < quiets_tried; ++k) {
        int& h = history(us, quiet_index[k]);
        update_history(h, quiets[k] == best_key ? bonus : -bonus);
        if constexpr (kContinuation)
          update_continuation(rows, quiet_piece_to[k], quiets[k] == best_key ? bonus : -bonus);
      }
    }

    // Step 8. Remember.
    const Bound bound =
        best >= beta ? Bound::Lower : (PV && best > original_alpha ? Bound::Exact : Bound::Upper);
    // Teach the correction history what a quiet search found, where the
    // bound says something about the evaluation's error.
    const bool quiet_result = bound == Bound::Upper || !T::is_tactical(pos_, best_move);
    if (!in_check && !excluded && !is_mate_score(best) && quiet_result &&
        !(bound == Bound::Lower && best <= static_value) && !(bound == Bound::Upper && best >= static_value))
      update_correction(correction, raw_eval, best, depth);
    if (!excluded && (!root || pv_index_ == 0))
      shared_->tt->store(key, bound == Bound::Upper ? 0 : best_key, to_tt(best, ply), depth, bound);
    return best;
  }

  // Captures (and what else the game counts as tactical) until the position
  // is quiet; every evasion when in check.
  template <bool PV>
  Score quiescence(Score alpha, Score beta, int ply) {
    if constexpr (PV) pv_len_[ply] = 0;
    count_node();
    if (stopped()) return 0;
    if (ply > seldepth_) seldepth_ = ply;
    if (Score s = counted_rule_score(ply); s != kNone) return s;
    if (ply >= kMaxPly - 2) return evaluate(ply);
    if constexpr (kEndgameTables) {
      if (Score s = table_score(ply); s != kNone) return s;
    }

    const std::uint64_t key = keys_[top_];  // make() keeps it, so it is hashed once
    TtHit tt;
    const bool tt_found = shared_->tt->probe(key, tt);
    const Score tt_score = tt_found ? from_tt(tt.score, ply) : kNone;
    if (!PV && tt_found && tt_score != kNone &&
        (tt.bound == Bound::Exact || (tt.bound == Bound::Lower && tt_score >= beta) ||
         (tt.bound == Bound::Upper && tt_score <= alpha)))
      return tt_score;

    Ply& p = plies_[ply];
    p.moves.clear();
    const bool in_check = T::in_check(pos_);
    Score best = -kInfinite;
    Score stand = kNone;
    // Quiet-move generation decides whether the side may stand pat: in
    // check it may not, and in checkers not while a capture is compulsory.
    const bool forced = T::generate_quiescence(pos_, p.moves, in_check);
    if (forced) {
      if (p.moves.empty()) return T::no_move_score(pos_, ply);
    } else {
      stand = static_eval(evaluate(ply), correction_entry());
      if (stand >= beta) return stand;
      if (stand > alpha) alpha = stand;
      best = stand;
    }
    p.eval = stand;

    score_moves(ply, tt.move);
    Move best_move{};
    std::uint32_t best_key = 0;
    const Score original_alpha = alpha;
    for (std::size_t i = 0; i < p.moves.size(); ++i) {
      pick(p, i);
      const Move m = p.moves[i];
      // Delta pruning: even winning the piece would not reach alpha; and
      // captures that lose material by static exchange.
      if (!forced && stand + T::capture_gain(pos_, m) + 2 * T::kPawn <= alpha) continue;
      // score_moves has judged every capture but the table's move by static
      // exchange already: the losing ones score below zero.
      if (!forced && (p.scores[i] < 0 || (p.scores[i] == kTtMoveScore && !see_ge(m, 0)))) continue;
      make(m, ply);
      Score s = -quiescence<PV>(-beta, -alpha, ply + 1);
      unmake(m);
      if (stopped()) return 0;
      if (s > best) {
        best = s;
        if (s > alpha) {
          best_move = m;
          best_key = T::move_key(pos_, m);
          if constexpr (PV) update_pv(ply, m);
          if (s >= beta) break;
          alpha = s;
        }
      }
    }
    const Bound bound =
        best >= beta ? Bound::Lower : (PV && best > original_alpha ? Bound::Exact : Bound::Upper);
    shared_->tt->store(key, best_key, to_tt(best, ply), 0, bound);
    (void)best_move;
    return best;
  }

  SharedSearch* shared_;
  const int id_;
  State pos_;
  [[no_unique_address]] typename EvalStackOf<T>::type eval_stack_;
  std::vector<Ply> plies_;
  std::vector<Move> pv_;
  std::vector<int> pv_len_;
  std::vector<int> history_;
  std::vector<std::uint32_t> counter_;
  std::vector<int> correction_;             // kCorrection only: [side][kCorrectionSize]
  std::vector<std::int16_t> continuation_;  // kContinuation only: [piece_to back][piece_to now]
  std::vector<std::uint64_t> keys_;
  std::vector<int> reset_at_;
  std::vector<RuleState> rules_;  // kRuleState only: the counts at each ply of the line
  std::vector<RootMove> root_moves_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> table_hits_{0};
  const EndgameTables* tables_ = nullptr;  // kEndgameTables only
  std::uint64_t check_interval_ = 256;     // nodes between looks at the clock (a power of two)
  int root_index_ = 0, top_ = 0;
  int pv_index_ = 0, root_depth_ = 1;
  int seldepth_ = 0;
  int completed_depth_ = 0;
};

}  // namespace qi::engine
