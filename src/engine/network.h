// The shape of the learned evaluations (chess's and xiangqi's,
// engine/games/<game>/nnue.h), the kind Stockfish has used since 2020, much
// smaller: every piece on its square, seen from each side, is one input; one
// layer of neurons shared by both views makes two accumulators; their values
// clipped to [0, 1] and squared (SCReLU), the side to move's first, feed one
// output neuron, one of kBuckets chosen by how many pieces are on the board
// (an ending weighs the same accumulators differently from an opening).
// Integer weights (the accumulator scaled by kQA, the output by kQB) make
// the score the same on every machine. A game brings its inputs (which
// piece on which square, from which side) and the move's change of them;
// bench/train_nnue.cpp trains the weights.
//
// In a search the accumulators are not summed afresh at every node: a move
// changes two to four inputs, so each ply's accumulators are its parent's
// plus that change (AccumulatorStack), computed only when a node is
// evaluated (many nodes are cut before that).
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/score.h"

namespace qi::engine::nnue {

inline constexpr int kQA = 255;     // an accumulator of 1.0
inline constexpr int kQB = 64;      // an output weight of 1.0
inline constexpr int kScale = 400;  // centipawns of an output of 1.0

// The output neuron a position with `pieces` pieces on the board (two
// kings or generals at least) uses.
template <int Buckets>
constexpr int bucket(int pieces) {
  return std::min((pieces - 2) / 4, Buckets - 1);
}

template <int Inputs, int Hidden, int Buckets>
struct Network {
  static constexpr int kInputs = Inputs, kHidden = Hidden, kBuckets = Buckets;
  // The trainer's flat list of weights, in the order of the fields below.
  static constexpr std::size_t kWeights =
      std::size_t{Inputs} * Hidden + Hidden + std::size_t{Buckets} * (2 * Hidden + 1);

  alignas(64) std::int16_t input[Inputs][Hidden];
  alignas(64) std::int16_t input_bias[Hidden];
  alignas(64) std::int16_t output[Buckets][2 * Hidden];  // the side to move's half first
  std::int32_t output_bias[Buckets];                     // in units of kQA * kQB

  template <std::size_t N>
  void load(const std::int32_t (&weights)[N]) {
    static_assert(N == kWeights, "the weights do not fit the network's shape");
    const std::int32_t* w = weights;
    for (auto& row : input)
      for (auto& x : row) x = static_cast<std::int16_t>(*w++);
    for (auto& x : input_bias) x = static_cast<std::int16_t>(*w++);
    for (auto& row : output)
      for (auto& x : row) x = static_cast<std::int16_t>(*w++);
    for (auto& x : output_bias) x = *w++;
  }
};

// A game's shipped network, built from its weights the first time it is
// asked for; on the heap, a network being hundreds of kilobytes, too much
// for the stack of the thread that first asks.
template <class Net, std::size_t N>
const Net& load_once(const std::int32_t (&weights)[N]) {
  static const std::unique_ptr<Net> net = [&] {
    auto n = std::make_unique<Net>();
    n->load(weights);
    return n;
  }();
  return *net;
}

// The first layer's sums for one position, from the first player's view
// ([0]) and from the second's ([1]).
template <int Hidden>
struct Accumulator {
  alignas(64) std::int16_t view[2][Hidden];
};

// What a move changes: inputs switched off and on, each as both views see
// it (a capture removes two pieces, castling moves two, a promotion
// replaces the pawn).
struct Change {
  std::uint16_t removed[2][2], added[2][2];  // [which][view]
  std::uint8_t removed_count = 0, added_count = 0;
  void remove(int first_view, int second_view) {
    removed[removed_count][0] = static_cast<std::uint16_t>(first_view);
    removed[removed_count++][1] = static_cast<std::uint16_t>(second_view);
  }
  void add(int first_view, int second_view) {
    added[added_count][0] = static_cast<std::uint16_t>(first_view);
    added[added_count++][1] = static_cast<std::uint16_t>(second_view);
  }
};

template <int Hidden>
void add_input(std::int16_t* acc, const std::int16_t* weights) {
  for (int i = 0; i < Hidden; ++i) acc[i] = static_cast<std::int16_t>(acc[i] + weights[i]);
}
template <int Hidden>
void subtract_input(std::int16_t* acc, const std::int16_t* weights) {
  for (int i = 0; i < Hidden; ++i) acc[i] = static_cast<std::int16_t>(acc[i] - weights[i]);
}

// A view summed afresh starts from the biases; the game then adds each
// active input (add_input).
template <class Net>
void start_view(std::int16_t* acc, const Net& net) {
  std::copy(std::begin(net.input_bias), std::end(net.input_bias), acc);
}

// The output, in centipawns from the side to move's view, of its view and
// the other's.
template <class Net>
Score output(const std::int16_t* to_move, const std::int16_t* other, int pieces, const Net& net) {
  constexpr int H = Net::kHidden;
  const std::int16_t* views[2] = {to_move, other};
  const int b = bucket<Net::kBuckets>(pieces);
  std::int64_t sum = 0;
  for (int v = 0; v < 2; ++v)
    for (int i = 0; i < H; ++i) {
      const std::int32_t a = std::clamp<std::int32_t>(views[v][i], 0, kQA);
      // a * weight fits 32 bits; times a again it may not.
      sum += static_cast<std::int64_t>(a * net.output[b][v * H + i]) * a;
    }
  sum /= kQA;  // a * a is in units of kQA * kQA
  const std::int64_t cp = (sum + net.output_bias[b]) * kScale / (kQA * kQB);
  return static_cast<Score>(std::clamp<std::int64_t>(cp, -kMateBound + 1, kMateBound - 1));
}

// What a game brings to its network (chess's and xiangqi's nnue.h):
// shipped(), the network Qi ships; refresh, both views summed afresh (view 0
// the first player's, view 1 the second's); to_move, the view of the side to
// move; pieces, how many pieces are on the board; change_of, the inputs a
// move changes, read from the position before it.
template <class I>
concept NetworkInputs = requires(const typename I::Position& pos, typename I::Move m,
                                 Accumulator<I::Network::kHidden>& acc) {
  { I::shipped() } -> std::same_as<const typename I::Network&>;
  I::refresh(acc, pos, I::shipped());
  { I::to_move(pos) } -> std::convertible_to<int>;
  { I::pieces(pos) } -> std::convertible_to<int>;
  { I::change_of(pos, m) } -> std::same_as<Change>;
};

template <NetworkInputs Inputs>
Score output_of(const Accumulator<Inputs::Network::kHidden>& acc, const typename Inputs::Position& pos,
                const typename Inputs::Network& net) {
  const int us = Inputs::to_move(pos);
  return output(acc.view[us], acc.view[1 - us], Inputs::pieces(pos), net);
}

// From the side to move's view, in centipawns, summing every input afresh.
template <NetworkInputs Inputs>
Score evaluate(const typename Inputs::Position& pos,
               const typename Inputs::Network& net = Inputs::shipped()) {
  Accumulator<Inputs::Network::kHidden> acc;
  Inputs::refresh(acc, pos, net);
  return output_of<Inputs>(acc, pos, net);
}

// One entry per ply of a search line. The root's accumulators are summed
// afresh; a deeper entry keeps its move's change and is brought up to date
// from the nearest computed ancestor only when its node is evaluated.
template <NetworkInputs Inputs>
class AccumulatorStack {
 public:
  using Net = typename Inputs::Network;
  using Position = typename Inputs::Position;
  static constexpr int kSize = kMaxPly + 4;

  void set_root(const Position& root, const Net& net = Inputs::shipped()) {
    Inputs::refresh(entries_.front().acc, root, net);
    entries_.front().computed = true;
  }
  // The position at `ply` is the one at ply - 1 after a move making `change`
  // (an empty change for a null move).
  void push(int ply, const Change& change) {
    Entry& e = entries_[static_cast<std::size_t>(ply)];
    e.change = change;
    e.computed = false;
  }
  // The position at `ply` (the search's current one), side to move's view.
  Score evaluate(const Position& pos, int ply, const Net& net = Inputs::shipped()) {
    return output_of<Inputs>(brought_up_to_date(ply, net), pos, net);
  }

 private:
  using Acc = Accumulator<Net::kHidden>;
  const Acc& brought_up_to_date(int ply, const Net& net) {
    constexpr int H = Net::kHidden;
    int from = ply;
    while (!entries_[from].computed) --from;  // the root always is
    for (int p = from + 1; p <= ply; ++p) {
      Entry& e = entries_[p];
      for (int view = 0; view < 2; ++view) {
        const std::int16_t* parent = entries_[p - 1].acc.view[view];
        std::int16_t* acc = e.acc.view[view];
        std::copy(parent, parent + H, acc);
        for (int i = 0; i < e.change.removed_count; ++i)
          subtract_input<H>(acc, net.input[e.change.removed[i][view]]);
        for (int i = 0; i < e.change.added_count; ++i) add_input<H>(acc, net.input[e.change.added[i][view]]);
      }
      e.computed = true;
    }
    return entries_[ply].acc;
  }

  struct Entry {
    Acc acc;
    Change change;
    bool computed = false;
  };
  std::vector<Entry> entries_ = std::vector<Entry>(kSize);
};

}  // namespace qi::engine::nnue
