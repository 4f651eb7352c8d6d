// The compile-time game interface. Search and perft are templates over any
// type that models GameState, so the hot loop has no virtual calls and no
// allocation: moves go into a MoveList the caller owns, and make/unmake
// keep their undo records inside the state.
#pragma once

#include <concepts>
#include <cstdint>

#include "core/move_list.h"
#include "core/outcome.h"
#include "core/side.h"

namespace qi {

template <class S>
concept GameState = requires(S s, const S cs, typename S::Move m, typename S::MoveList list) {
  typename S::Move;      // a small value type, equality-comparable
  typename S::MoveList;  // MoveList<Move, N> with N >= the game's maximum
  { cs.side_to_move() } -> std::same_as<Side>;
  { cs.hash() } -> std::same_as<std::uint64_t>;       // Zobrist key of the position
  { cs.generate_legal(list) } -> std::same_as<void>;  // appends every legal move
  { s.make(m) } -> std::same_as<void>;                // m must be legal here
  { s.unmake(m) } -> std::same_as<void>;              // m must be the last move made
  { cs.result() } -> std::same_as<Result>;            // by the rules, from the side to move's view
};

}  // namespace qi
