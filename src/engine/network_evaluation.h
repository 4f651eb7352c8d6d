// The search hooks of a game with two evaluations: the hand-written one
// (levels 1-9, and level 10 with `Use NNUE` off) and a learned one
// (engine/network.h). A game's traits inherit them:
//
//   struct ChessTraits : SearchTraitsDefaults, NetworkEvaluation<chess_nnue::Inputs, ChessHandEvaluation>
//
// where the second argument has a static evaluate(position), the
// hand-written evaluation.
#pragma once

#include "engine/network.h"
#include "engine/score.h"

namespace qi::engine {

template <nnue::NetworkInputs Inputs, class Hand>
struct NetworkEvaluation {
  using EvalState = typename Inputs::Position;

  // Per thread: every search thread sets it when it starts.
  static inline thread_local bool network = false;
  static void use_network(bool on) { network = on; }
  // Where set, sees every position the search evaluates: bench/selfplay.cpp
  // samples them to train the network on. Null in the engine.
  static inline void (*on_evaluate)(const EvalState&) = nullptr;

  static Score evaluate(const EvalState& s) {
    if (on_evaluate) [[unlikely]]
      on_evaluate(s);
    return network ? nnue::evaluate<Inputs>(s) : Hand::evaluate(s);
  }

  // In a search: the network's accumulators follow the line, updated by each
  // move's change instead of summed afresh (search.h calls these).
  using EvalStack = nnue::AccumulatorStack<Inputs>;
  static void eval_root(EvalStack& stack, const EvalState& root) { stack.set_root(root); }
  static void eval_push(EvalStack& stack, const EvalState& before, typename Inputs::Move m, int ply) {
    if (network) stack.push(ply, Inputs::change_of(before, m));
  }
  static void eval_push_null(EvalStack& stack, int ply) {
    if (network) stack.push(ply, {});
  }
  static Score evaluate(const EvalState& s, EvalStack& stack, int ply) {
    if (on_evaluate) [[unlikely]]
      on_evaluate(s);
    return network ? stack.evaluate(s, ply) : Hand::evaluate(s);
  }
};

}  // namespace qi::engine
