// A small neural-network evaluation for chess, learned from positions that
// Stockfish scored (bench/train_nnue.cpp trains it and writes
// chess_nnue_weights.inc).
//
// The input is every piece on its square, seen from each side: 768 inputs
// (own / enemy, six piece types, 64 squares, the board turned over for
// Black). One layer of kHidden neurons, shared by both views, makes two
// accumulators; their clipped values, the side to move's first, feed one
// output neuron. Integer weights (the accumulator scaled by kQA, the output
// by kQB) make the score the same on every machine.
#pragma once

#include <cstdint>

#include "engine/score.h"
#include "games/chess/position.h"

namespace qi::engine::chess_nnue {

inline constexpr int kInputs = 768;
inline constexpr int kHidden = 64;
inline constexpr int kQA = 255;     // an accumulator of 1.0
inline constexpr int kQB = 64;      // an output weight of 1.0
inline constexpr int kScale = 400;  // centipawns of an output of 1.0

struct Network {
  alignas(64) std::int16_t input[kInputs][kHidden];
  alignas(64) std::int16_t input_bias[kHidden];
  alignas(64) std::int16_t output[2 * kHidden];  // the side to move's half first
  std::int32_t output_bias;                      // in units of kQA * kQB
};

// The input of a piece on a square, as `perspective` sees it.
constexpr int feature(chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int own = chess::color_of(piece) == perspective ? 0 : 1;
  return (own * 6 + chess::type_of(piece) - 1) * 64 + chess::relative_square(perspective, square);
}

// The network Qi ships (chess_nnue_weights.inc).
const Network& network();

// From the side to move's view, in centipawns.
Score evaluate(const chess::Position& pos, const Network& net = network());

}  // namespace qi::engine::chess_nnue
