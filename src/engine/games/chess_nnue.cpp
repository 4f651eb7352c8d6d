#include "engine/games/chess_nnue.h"

#include <algorithm>

namespace qi::engine::chess_nnue {
namespace {

using namespace qi::chess;

Network load_shipped() {
  Network net{};
  // The trainer writes the weights as one flat list, in the order of
  // Network's fields.
  static constexpr std::int32_t kWeights[] = {
#include "engine/games/chess_nnue_weights.inc"
  };
  static_assert(std::size(kWeights) == kInputs * kHidden + kHidden + 2 * kHidden + 1,
                "chess_nnue_weights.inc does not fit the network's shape");
  const std::int32_t* w = kWeights;
  for (auto& row : net.input)
    for (auto& x : row) x = static_cast<std::int16_t>(*w++);
  for (auto& x : net.input_bias) x = static_cast<std::int16_t>(*w++);
  for (auto& x : net.output) x = static_cast<std::int16_t>(*w++);
  net.output_bias = *w;
  return net;
}

}  // namespace

const Network& network() {
  static const Network net = load_shipped();
  return net;
}

Score evaluate(const Position& pos, const Network& net) {
  const Color us = pos.side_to_move() == Side::First ? White : Black;
  alignas(64) std::int16_t acc[2][kHidden];  // [0] our view, [1] theirs
  std::copy(std::begin(net.input_bias), std::end(net.input_bias), acc[0]);
  std::copy(std::begin(net.input_bias), std::end(net.input_bias), acc[1]);
  for (Bitboard b = pos.pieces(); b;) {
    const Square s = pop_lsb(b);
    const Piece pc = pos.piece_on(s);
    const std::int16_t* ours = net.input[feature(us, pc, s)];
    const std::int16_t* theirs = net.input[feature(~us, pc, s)];
    for (int i = 0; i < kHidden; ++i) acc[0][i] = static_cast<std::int16_t>(acc[0][i] + ours[i]);
    for (int i = 0; i < kHidden; ++i) acc[1][i] = static_cast<std::int16_t>(acc[1][i] + theirs[i]);
  }
  std::int32_t sum = 0;
  for (int v = 0; v < 2; ++v)
    for (int i = 0; i < kHidden; ++i)
      sum += std::clamp<std::int32_t>(acc[v][i], 0, kQA) * net.output[v * kHidden + i];
  const std::int64_t cp = (static_cast<std::int64_t>(sum) + net.output_bias) * kScale / (kQA * kQB);
  return static_cast<Score>(std::clamp<std::int64_t>(cp, -kMateBound + 1, kMateBound - 1));
}

}  // namespace qi::engine::chess_nnue
