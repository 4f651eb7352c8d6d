// Perft: the number of leaf nodes of the legal move tree to a given depth.
// It proves move generation against published counts and reference engines.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/game_state.h"

namespace qi {

// Counts the last ply in bulk (the size of the legal move list), as Stockfish
// does. A position whose game is over by rule still counts its legal moves:
// perft measures move generation, not game termination, except where a game
// says otherwise through its own generate_legal (tic-tac-toe generates no move
// after a line of three).
// A game may offer count_legal(), a counter that need not write the moves
// out (popcounts of target sets); perft then uses it for the last ply.
template <class S>
concept CountsLegalMoves = requires(const S s) {
  { s.count_legal() } -> std::convertible_to<std::uint64_t>;
};

template <GameState S>
std::uint64_t perft(S& state, int depth) {
  if (depth <= 0) return 1;
  if constexpr (CountsLegalMoves<S>) {
    if (depth == 1) return state.count_legal();
  }
  typename S::MoveList moves;
  state.generate_legal(moves);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const auto& m : moves) {
    state.make(m);
    nodes += perft(state, depth - 1);
    state.unmake(m);
  }
  return nodes;
}

// Perft split by first move, for comparing against a reference engine's
// "divide" output move by move.
template <GameState S>
std::vector<std::pair<typename S::Move, std::uint64_t>> perft_divide(S& state, int depth) {
  typename S::MoveList moves;
  state.generate_legal(moves);
  std::vector<std::pair<typename S::Move, std::uint64_t>> out;
  for (const auto& m : moves) {
    state.make(m);
    out.emplace_back(m, depth <= 1 ? 1 : perft(state, depth - 1));
    state.unmake(m);
  }
  return out;
}

}  // namespace qi
