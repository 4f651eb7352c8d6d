// Chess's learned evaluation (engine/network.h has its shape), learned from
// positions that Stockfish scored (bench/train_nnue.cpp trains it and writes
// nnue_weights.inc).
//
// The input is every piece on its square, seen from each side: 768 inputs
// (own / enemy, six piece types, 64 squares, the board turned over for
// Black), 256 neurons, 8 output buckets.
#pragma once

#include "engine/network.h"
#include "engine/score.h"
#include "games/chess/position.h"

namespace qi::engine::chess_nnue {

using Network = nnue::Network<768, 256, 8>;
inline constexpr int kInputs = Network::kInputs;
inline constexpr int kHidden = Network::kHidden;
inline constexpr int kBuckets = Network::kBuckets;
constexpr int bucket(int pieces) { return nnue::bucket<kBuckets>(pieces); }

// The input of a piece on a square, as `perspective` sees it.
constexpr int feature(chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int own = chess::color_of(piece) == perspective ? 0 : 1;
  return (own * 6 + chess::type_of(piece) - 1) * 64 + chess::relative_square(perspective, square);
}

// What chess brings to its network (engine/network.h); view 0 is White's.
struct Inputs {
  using Position = chess::Position;
  using Move = chess::Move;
  using Network = chess_nnue::Network;
  static const Network& shipped();  // nnue_weights.inc
  static void refresh(nnue::Accumulator<kHidden>& acc, const Position& pos, const Network& net);
  static int to_move(const Position& pos) { return pos.side_to_move() == Side::First ? 0 : 1; }
  static int pieces(const Position& pos) { return chess::popcount(pos.pieces()); }
  static nnue::Change change_of(const Position& before, Move m);
};

inline const Network& network() { return Inputs::shipped(); }
inline Score evaluate(const chess::Position& pos, const Network& net = network()) {
  return nnue::evaluate<Inputs>(pos, net);
}
inline nnue::Change change_of(const chess::Position& before, chess::Move m) {
  return Inputs::change_of(before, m);
}
using AccumulatorStack = nnue::AccumulatorStack<Inputs>;

}  // namespace qi::engine::chess_nnue
