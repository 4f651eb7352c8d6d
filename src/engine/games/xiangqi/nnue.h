// Xiangqi's learned evaluation (engine/network.h has its shape), learned
// from positions of Qi's own searches that Fairy-Stockfish scored
// (bench/train_nnue.cpp trains it and writes nnue_weights.inc).
//
// The input is every piece on its point, seen from each side: 1 260 inputs
// (own / enemy, seven piece types, 90 points, the board turned over for
// Black), 256 neurons, 8 output buckets.
#pragma once

#include "engine/network.h"
#include "engine/score.h"
#include "games/xiangqi/position.h"

namespace qi::engine::xiangqi_nnue {

using Network = nnue::Network<2 * 7 * 90, 256, 8>;
inline constexpr int kHidden = Network::kHidden;

// The input of a piece on a point, as `perspective` sees it (its own pieces
// first, ranks counted from its own side).
constexpr int feature(Side perspective, xiangqi::Piece piece, xiangqi::Square square) {
  const int own = xiangqi::color_of(piece) == perspective ? 0 : 1;
  const int relative = perspective == xiangqi::kRed
                           ? square
                           : xiangqi::make_square(xiangqi::file_of(square), 9 - xiangqi::rank_of(square));
  return (own * 7 + xiangqi::type_of(piece) - 1) * 90 + relative;
}

// What xiangqi brings to its network (engine/network.h); view 0 is Red's.
struct Inputs {
  using Position = xiangqi::Position;
  using Move = xiangqi::Move;
  using Network = xiangqi_nnue::Network;
  static const Network& shipped();  // nnue_weights.inc
  static void refresh(nnue::Accumulator<kHidden>& acc, const Position& pos, const Network& net);
  static int to_move(const Position& pos) { return index(pos.side_to_move()); }
  static int pieces(const Position& pos) { return xiangqi::popcount(pos.occupied()); }
  static nnue::Change change_of(const Position& before, Move m);
};

inline const Network& network() { return Inputs::shipped(); }
inline Score evaluate(const xiangqi::Position& pos, const Network& net = network()) {
  return nnue::evaluate<Inputs>(pos, net);
}
inline nnue::Change change_of(const xiangqi::Position& before, xiangqi::Move m) {
  return Inputs::change_of(before, m);
}
using AccumulatorStack = nnue::AccumulatorStack<Inputs>;

}  // namespace qi::engine::xiangqi_nnue
