// What the search needs to know about xiangqi beyond the GameState concept.
// Repetitions are judged by the rules (perpetual check or chase loses):
// the search asks judge_cycle() at the first repetition it meets.
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"
#include "engine/games/xiangqi/eval.h"
#include "engine/games/xiangqi/nnue.h"
#include "engine/network_evaluation.h"
#include "engine/score.h"
#include "engine/search_traits.h"
#include "games/xiangqi/notation.h"
#include "games/xiangqi/position.h"
#include "games/xiangqi/rules.h"

namespace qi::engine {

// Levels 1-9 (and level 10 with `Use NNUE` off) evaluate by hand; level 10
// with the network (engine/network_evaluation.h).
struct XiangqiHandEvaluation {
  static Score evaluate(const xiangqi::Position& s) { return xiangqi_eval::evaluate(s); }
};

struct XiangqiTraits : SearchTraitsDefaults, NetworkEvaluation<xiangqi_nnue::Inputs, XiangqiHandEvaluation> {
  using State = xiangqi::Position;
  using Move = xiangqi::Move;
  using MoveList = xiangqi::Position::MoveList;

  static constexpr std::string_view kName = "xiangqi";
  static constexpr int kPawn = 100;
  static constexpr int kHistorySize = 90 * 90;
  // Whether level 10 may use the network (`Use NNUE`): not while it does
  // not beat the hand-written evaluation (docs/strength.md, *A learned
  // evaluation for xiangqi*).
  static constexpr bool kNetwork = false;
  static constexpr SearchFeatures kFeatures{.null_move = true,
                                            .late_move_reductions = true,
                                            .futility = true,
                                            .check_extension = true,
                                            .singular_extension = true,
                                            .eval_stack = kNetwork,
                                            .network = kNetwork};
  static constexpr double kWdlScale = 300, kWdlDrawWidth = 80;
  // A cycle is judged when a position stands for the fourth time
  // (xiangqi::kRepetitionsToJudge): before the root it must have stood three
  // times.
  static constexpr int kRepetitionsBeforeRoot = xiangqi::kRepetitionsToJudge - 1;

  static State start() { return State(); }
  static Expected<State> from_fen(std::string_view fen) { return State::from_fen(fen); }
  static std::string move_text(const State&, Move m) { return xiangqi::to_iccs(m); }
  static Expected<Move> parse_move(const State& s, std::string_view text) {
    return xiangqi::parse_move(s, text);
  }

  static void generate(const State& s, MoveList& list) { s.generate_legal(list); }
  static void make(State& s, Move m) { s.make(m); }
  static void unmake(State& s, Move m) { s.unmake(m); }
  static void make_null(State& s) { s.make_null(); }
  static void unmake_null(State& s) { s.unmake_null(); }

  static std::uint32_t move_key(const State&, Move m) { return (1u << 14) | m.from | (m.to << 7); }
  static int history_index(Move m) { return m.from * 90 + m.to; }
  static bool is_capture(const State& s, Move m) { return s.piece_on(m.to) != xiangqi::kEmpty; }
  static bool is_tactical(const State& s, Move m) { return is_capture(s, m); }
  static int capture_gain(const State& s, Move m) {
    const xiangqi::Piece victim = s.piece_on(m.to);
    if (victim == xiangqi::kEmpty) return 0;
    int v = xiangqi_eval::piece_value(xiangqi::type_of(victim));
    // A soldier across the river is worth about two at home.
    if (xiangqi::type_of(victim) == xiangqi::kSoldier && !xiangqi::own_half(xiangqi::color_of(victim), m.to))
      v = 200;
    return v;
  }
  static int capture_order(const State& s, Move m) {
    return capture_gain(s, m) * 8 - xiangqi_eval::piece_value(xiangqi::type_of(s.piece_on(m.from))) / 100;
  }
  static bool in_check(const State& s) { return s.in_check(); }
  static bool gives_check(const State& s, Move m) {
    State& w = const_cast<State&>(s);  // restored before returning
    w.make(m);
    const bool check = w.in_check();
    w.unmake(m);
    return check;
  }
  static bool irreversible(const State& s, Move m) { return is_capture(s, m); }
  // Not without attacking pieces besides soldiers, where zugzwang decides
  // many endings.
  static bool null_move_allowed(const State& s) {
    const Side us = s.side_to_move();
    return (s.pieces(us, xiangqi::kChariot) | s.pieces(us, xiangqi::kHorse) |
            s.pieces(us, xiangqi::kCannon)) != 0;
  }

  static bool generate_quiescence(const State& s, MoveList& list, bool in_check) {
    s.generate_legal(list);
    if (in_check) return true;
    std::size_t n = 0;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (is_capture(s, list[i])) list[n++] = list[i];
    list.resize(n);
    return false;
  }

  // No legal move loses, in check or not.
  static Score no_move_score(const State&, int ply) { return mated_in(ply); }

  // The natural move limit and no attacking material, as the rules count
  // them; a side left without a legal move loses first (rules.h judges so),
  // which the search then finds.
  static Score rule_score(const State& s, int /*ply*/, int /*reversible_plies*/) {
    return xiangqi::draw_by_count(s) && s.has_legal_move() ? kDraw : kNone;
  }

  // A repetition in the tree: the rules' verdict on its cycle (perpetual
  // check or chase loses; a draw otherwise, which either side may claim).
  static Score repetition_score(State& s, int span, int ply) {
    const Outcome o = xiangqi::judge_cycle(s, span);
    if (o.verdict != Verdict::Win) return kDraw;
    return o.winner == s.side_to_move() ? mate_in(ply) : mated_in(ply);
  }
};

static_assert(check_search_traits<XiangqiTraits>());

}  // namespace qi::engine
