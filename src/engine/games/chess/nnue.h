// A small neural-network evaluation for chess, learned from positions that
// Stockfish scored (bench/train_nnue.cpp trains it and writes
// chess_nnue_weights.inc).
//
// The input is every piece on its square, seen from each side: 768 inputs
// (own / enemy, six piece types, 64 squares, the board turned over for
// Black). One layer of kHidden neurons, shared by both views, makes two
// accumulators; their values clipped to [0, 1] and squared (SCReLU: the
// square fitted Stockfish's scores better than the clipped value alone and
// lost less to the integers), the side to move's first, feed one output
// neuron, one of kBuckets chosen by how many pieces are on the board (an
// endgame weighs the same accumulators differently from an opening).
// Integer weights (the accumulator scaled by kQA, the output by kQB) make
// the score the same on every machine.
//
// In a search the accumulators are not summed afresh at every node: a move
// changes two to four inputs, so each ply's accumulators are its parent's
// plus that change (AccumulatorStack), computed only when a node is
// evaluated.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "engine/score.h"
#include "games/chess/position.h"

namespace qi::engine::chess_nnue {

inline constexpr int kInputs = 768;
inline constexpr int kHidden = 256;
inline constexpr int kQA = 255;     // an accumulator of 1.0
inline constexpr int kQB = 64;      // an output weight of 1.0
inline constexpr int kScale = 400;  // centipawns of an output of 1.0
inline constexpr int kBuckets = 8;

// The output neuron a position with `pieces` pieces on the board (two
// kings at least) uses.
constexpr int bucket(int pieces) { return std::min((pieces - 2) / 4, kBuckets - 1); }

struct Network {
  alignas(64) std::int16_t input[kInputs][kHidden];
  alignas(64) std::int16_t input_bias[kHidden];
  alignas(64) std::int16_t output[kBuckets][2 * kHidden];  // the side to move's half first
  std::int32_t output_bias[kBuckets];                      // in units of kQA * kQB
};

// The input of a piece on a square, as `perspective` sees it.
constexpr int feature(chess::Color perspective, chess::Piece piece, chess::Square square) {
  const int own = chess::color_of(piece) == perspective ? 0 : 1;
  return (own * 6 + chess::type_of(piece) - 1) * 64 + chess::relative_square(perspective, square);
}

// The network Qi ships (chess_nnue_weights.inc).
const Network& network();

// From the side to move's view, in centipawns, summing every input afresh.
Score evaluate(const chess::Position& pos, const Network& net = network());

// The first layer's sums for one position, from White's view and from
// Black's.
struct Accumulator {
  alignas(64) std::int16_t view[2][kHidden];
};

// What a move changes: pieces leaving squares and arriving on squares (a
// capture removes two, castling moves two, a promotion replaces the pawn).
struct Change {
  struct PieceOn {
    chess::Piece piece;
    chess::Square square;
  };
  PieceOn removed[2], added[2];
  std::uint8_t removed_count = 0, added_count = 0;
};
// The change `m` makes, read from the position before it.
Change change_of(const chess::Position& before, chess::Move m);

// One entry per ply of a search line. The root's accumulators are summed
// afresh; a deeper entry keeps its move's change and is brought up to date
// from the nearest computed ancestor only when its node is evaluated (many
// nodes are cut before that).
class AccumulatorStack {
 public:
  static constexpr int kSize = kMaxPly + 4;
  void set_root(const chess::Position& root, const Network& net = network());
  // The position at `ply` is the one at ply - 1 after a move making `change`
  // (an empty change for a null move).
  void push(int ply, const Change& change) {
    Entry& e = entries_[static_cast<std::size_t>(ply)];
    e.change = change;
    e.computed = false;
  }
  // The position at `ply` (the search's current one), side to move's view.
  Score evaluate(const chess::Position& pos, int ply, const Network& net = network());

 private:
  struct Entry {
    Accumulator acc;
    Change change;
    bool computed = false;
  };
  std::vector<Entry> entries_ = std::vector<Entry>(kSize);
};

}  // namespace qi::engine::chess_nnue
