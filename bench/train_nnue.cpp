// qi_train_nnue: trains a game's network (engine/network.h; chess's in
// src/engine/games/chess/nnue.h, xiangqi's in src/engine/games/xiangqi/nnue.h)
// on positions a reference engine scored (docs/strength.md, *A learned
// evaluation*, has the runs that made the shipped weights).
//
//   qi_selfplay GAME --a 10 --b 10 --games 1200 --nodes 1500 --random-plies 8 --seed S
//               --dump-searched searched.txt [--network]
//   awk -F'[ ;]' '!seen[$1" "$2" "$3" "$4]++' searched.txt | shuf > unique.txt
//   qi_train_nnue [--game xiangqi] unique.txt --write-quiet quiet.txt
//   bench/label_positions.py ENGINE quiet.txt labelled.txt --nodes 256 --jobs 2 [--variant xiangqi]
//   qi_train_nnue [--game xiangqi] labelled.txt [more.txt ...] [--epochs N] [--rate R] [--batch B]
//                 [--oracle-weight A] [--k K] [--threads T] [--quiet false]
//                 > src/engine/games/GAME/nnue_weights.inc
//
// Lines are "FEN;result;score" as the tuner reads them (bench/tune.cpp):
// the result and the reference score from the first player's view; a result of "nan"
// (positions from inside searches) leaves the score alone as the target.
// With --quiet (the default), positions in check or where the side to move
// wins material at once are left out. The target of a
// position is (1 - A) times the result plus A times 1 / (1 + 10^(-K s / 400))
// of the reference score s, and the prediction the same logistic of the
// network's score; training lowers the mean squared error between them with
// Adam on mini-batches, in floating point, the step ten times smaller for the
// last quarter of the epochs. A tenth of the positions (whole runs of
// consecutive lines, so that positions of one game stay together) is held out:
// each epoch reports its error beside the hand-written evaluation's on the
// same positions, and the weights of the epoch with the lowest held-out
// error are the ones written, rounded to the network's integers (their
// error is reported too, computed by the engine's own evaluate()).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/games/chess/eval.h"
#include "engine/games/chess/nnue.h"
#include "engine/games/chess/traits.h"
#include "engine/games/xiangqi/eval.h"
#include "engine/games/xiangqi/nnue.h"
#include "engine/games/xiangqi/traits.h"
#include "fit.h"

namespace {

constexpr int kMaxPieces = 32;

// What the trainer needs of a game: its positions, which of them it learns
// from, their inputs, the hand-written evaluation to compare with and the
// network's own evaluation in integers.
struct ChessGame {
  using Position = qi::chess::Position;
  using Network = qi::engine::chess_nnue::Network;
  static constexpr const char* kName = "chess";

  static qi::Expected<Position> parse(const std::string& fen) { return Position::from_fen(fen); }
  // Whether the side to move can win material at once (a capture or a
  // promotion that static exchange says gains).
  static bool tactical(const Position& pos) {
    Position::MoveList moves;
    pos.generate_legal(moves);
    for (const qi::chess::Move m : moves)
      if (qi::engine::ChessTraits::is_tactical(pos, m) && qi::engine::ChessTraits::see_ge(pos, m, 1))
        return true;
    return false;
  }
  static bool in_check(const Position& pos) { return pos.in_check(); }
  static bool first_to_move(const Position& pos) { return pos.side_to_move() == qi::Side::First; }
  static int pieces(const Position& pos) { return qi::chess::popcount(pos.pieces()); }
  // Each piece's input in the side to move's view ([0]) and the other's.
  template <class Out>
  static void features(const Position& pos, Out& out, std::uint8_t& count) {
    using namespace qi::chess;
    const Color us = first_to_move(pos) ? White : Black;
    for (Bitboard bb = pos.pieces(); bb;) {
      const Square sq = pop_lsb(bb);
      out[0][count] = static_cast<std::uint16_t>(qi::engine::chess_nnue::feature(us, pos.piece_on(sq), sq));
      out[1][count++] =
          static_cast<std::uint16_t>(qi::engine::chess_nnue::feature(~us, pos.piece_on(sq), sq));
    }
  }
  static int hand(const Position& pos) { return qi::engine::chess_eval::evaluate(pos); }
  static int network(const Position& pos, const Network& net) {
    return qi::engine::chess_nnue::evaluate(pos, net);
  }
};

struct XiangqiGame {
  using Position = qi::xiangqi::Position;
  using Network = qi::engine::xiangqi_nnue::Network;
  static constexpr const char* kName = "xiangqi";

  static qi::Expected<Position> parse(const std::string& fen) { return Position::from_fen(fen); }
  // Whether the side to move can win material at once: take a piece nothing
  // defends, or one worth more than the piece that takes it.
  static bool tactical(const Position& pos) {
    using namespace qi::xiangqi;
    using qi::engine::XiangqiTraits;
    Position::MoveList moves;
    pos.generate_legal(moves);
    Position after = pos;
    for (const Move m : moves) {
      const int gain = XiangqiTraits::capture_gain(pos, m);
      if (gain == 0) continue;
      if (gain > qi::engine::xiangqi_eval::piece_value(type_of(pos.piece_on(m.from)))) return true;
      after.make(m);
      Position::MoveList replies;
      after.generate_legal(replies);
      bool defended = false;
      for (const Move r : replies) defended |= r.to == m.to;
      after.unmake(m);
      if (!defended) return true;
    }
    return false;
  }
  static bool in_check(const Position& pos) { return pos.in_check(); }
  static bool first_to_move(const Position& pos) { return pos.side_to_move() == qi::Side::First; }
  static int pieces(const Position& pos) { return qi::xiangqi::popcount(pos.occupied()); }
  template <class Out>
  static void features(const Position& pos, Out& out, std::uint8_t& count) {
    using namespace qi::xiangqi;
    const qi::Side us = pos.side_to_move();
    for (Bitboard bb = pos.occupied(); bb;) {
      const Square sq = pop_lsb(bb);
      out[0][count] = static_cast<std::uint16_t>(qi::engine::xiangqi_nnue::feature(us, pos.piece_on(sq), sq));
      out[1][count++] =
          static_cast<std::uint16_t>(qi::engine::xiangqi_nnue::feature(~us, pos.piece_on(sq), sq));
    }
  }
  static int hand(const Position& pos) { return qi::engine::xiangqi_eval::evaluate(pos); }
  static int network(const Position& pos, const Network& net) {
    return qi::engine::xiangqi_nnue::evaluate(pos, net);
  }
};

struct Sample {
  std::uint16_t features[2][kMaxPieces];  // [0] the side to move's view, [1] the other's
  std::uint8_t count;
  bool first_to_move;
  float target;  // the first player's view
  float hand;    // the hand-written evaluation, the first player's view, in centipawns
  std::string fen;
};

struct Settings {
  int epochs = 12;
  double rate = 0.001;
  int batch = 4096;
  double oracle_weight = 0.75;
  double k = 1.1;
  int threads = 2;
  std::size_t limit = SIZE_MAX;
  bool quiet = true;
};

using qi::bench::win_chance;

// Whether training learns from a position: not in check, at most 32 pieces,
// and with `quiet`, nothing to win at once. A tactical position's score is
// its tactic's, which the search finds by itself; a static evaluation that
// learned to guess it would misjudge the quiet positions it stands on.
template <class G>
bool trainable(const typename G::Position& pos, bool quiet) {
  return !G::in_check(pos) && G::pieces(pos) <= kMaxPieces && !(quiet && G::tactical(pos));
}

// Copies the lines of `files` whose positions training keeps by default
// (trainable with `quiet`) to `out`: labelling the others would be
// wasted, since training leaves them out.
template <class G>
int write_quiet(const std::vector<std::string>& files, const std::string& out) {
  std::ofstream o(out);
  std::size_t kept = 0, left = 0;
  for (const std::string& file : files) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) {
      auto pos = G::parse(line.substr(0, line.find(';')));
      if (pos && trainable<G>(*pos, true)) {
        o << line << '\n';
        ++kept;
      } else {
        ++left;
      }
    }
  }
  std::cerr << kept << " positions kept, " << left << " left out\n";
  return o ? 0 : 1;
}

template <class G>
std::vector<Sample> read(const std::vector<std::string>& files, const Settings& s) {
  std::vector<Sample> out;
  std::size_t skipped = 0;
  for (const std::string& file : files) {
    std::ifstream in(file);
    for (std::string line; std::getline(in, line) && out.size() < s.limit;) {
      const auto a = line.find(';');
      const auto b = a == std::string::npos ? a : line.find(';', a + 1);
      if (b == std::string::npos) {
        ++skipped;
        continue;
      }
      auto pos = G::parse(line.substr(0, a));
      if (!pos || !trainable<G>(*pos, s.quiet)) {
        ++skipped;
        continue;
      }
      Sample x{};
      x.first_to_move = G::first_to_move(*pos);
      G::features(*pos, x.features, x.count);
      // A position from inside a search (no game result: "nan") learns
      // from the reference score alone.
      const double result = std::stod(line.substr(a + 1, b - a - 1));
      const double oracle = std::stod(line.substr(b + 1));
      const double weight = std::isnan(result) ? 1.0 : s.oracle_weight;
      x.target = static_cast<float>((1 - weight) * (std::isnan(result) ? 0.0 : result) +
                                    weight * win_chance(oracle, s.k));
      const int hand = G::hand(*pos);
      x.hand = static_cast<float>(x.first_to_move ? hand : -hand);
      x.fen = line.substr(0, a);
      out.push_back(std::move(x));
    }
  }
  std::cerr << out.size() << " positions read, " << skipped
            << " skipped (in check, not labelled or, with --quiet, tactical)\n";
  return out;
}

// The network in floating point, as it is trained: one flat list of
// weights, in the order of the Network's fields.
template <class Net>
struct Model {
  static constexpr int H = Net::kHidden;
  static constexpr std::size_t kBias = std::size_t{Net::kInputs} * H, kOutput = kBias + H,
                               kOutputBias = kOutput + Net::kBuckets * 2 * H,
                               kSize = kOutputBias + Net::kBuckets;
  static_assert(kSize == Net::kWeights);
  std::vector<float> w = std::vector<float>(kSize);

  float* input(int feature) { return &w[static_cast<std::size_t>(feature) * H]; }
  const float* input(int feature) const { return &w[static_cast<std::size_t>(feature) * H]; }
  float* bias() { return &w[kBias]; }
  const float* bias() const { return &w[kBias]; }
  float* output(int b) { return &w[kOutput + static_cast<std::size_t>(b) * 2 * H]; }
  const float* output(int b) const { return &w[kOutput + static_cast<std::size_t>(b) * 2 * H]; }
  float& output_bias(int b) { return w[kOutputBias + static_cast<std::size_t>(b)]; }
  float output_bias(int b) const { return w[kOutputBias + static_cast<std::size_t>(b)]; }
};

// The accumulators' activation (engine/network.h: clipped, then squared)
// and its slope.
float activation(float a) {
  const float c = std::clamp(a, 0.0f, 1.0f);
  return c * c;
}
float slope(float a) { return a > 0 && a < 1 ? 2 * a : 0.0f; }

template <class Net>
int bucket_of(const Sample& x) {
  return qi::engine::nnue::bucket<Net::kBuckets>(x.count);
}

// The network's output (an output of 1 is kScale centipawns), side to move's view.
template <class Net>
float forward(const Model<Net>& m, const Sample& x, float acc[2][Net::kHidden]) {
  constexpr int H = Net::kHidden;
  for (int v = 0; v < 2; ++v) {
    std::copy(m.bias(), m.bias() + H, acc[v]);
    for (int k = 0; k < x.count; ++k) {
      const float* w = m.input(x.features[v][k]);
      for (int i = 0; i < H; ++i) acc[v][i] += w[i];
    }
  }
  const int b = bucket_of<Net>(x);
  float out = m.output_bias(b);
  for (int v = 0; v < 2; ++v)
    for (int i = 0; i < H; ++i) out += activation(acc[v][i]) * m.output(b)[v * H + i];
  return out;
}

double target_to_move(const Sample& x) { return x.first_to_move ? x.target : 1.0 - x.target; }

// Squared error of the prediction; adds its gradient to `grad` if given.
template <class Net>
double step(const Model<Net>& m, const Sample& x, double k, Model<Net>* grad) {
  constexpr int H = Net::kHidden;
  float acc[2][H];
  const float out = forward<Net>(m, x, acc);
  const double p = win_chance(out * qi::engine::nnue::kScale, k);
  const double d = p - target_to_move(x);
  if (grad) {
    const float g =
        static_cast<float>(2 * d * p * (1 - p) * std::log(10.0) * k * qi::engine::nnue::kScale / 400.0);
    const int b = bucket_of<Net>(x);
    grad->output_bias(b) += g;
    for (int v = 0; v < 2; ++v) {
      float dacc[H];
      for (int i = 0; i < H; ++i) {
        const float a = acc[v][i];
        grad->output(b)[v * H + i] += g * activation(a);
        dacc[i] = g * slope(a) * m.output(b)[v * H + i];
        grad->bias()[i] += dacc[i];
      }
      for (int k2 = 0; k2 < x.count; ++k2) {
        float* w = grad->input(x.features[v][k2]);
        for (int i = 0; i < H; ++i) w[i] += dacc[i];
      }
    }
  }
  return d * d;
}

template <class Net>
double mean_error(const Model<Net>& m, const std::vector<Sample>& xs, double k) {
  double sum = 0;
  for (const Sample& x : xs) sum += step<Net>(m, x, k, nullptr);
  return sum / static_cast<double>(xs.size());
}

double hand_error(const std::vector<Sample>& xs, double k) {
  double sum = 0;
  for (const Sample& x : xs) {
    const double d = win_chance(x.hand, k) - x.target;
    sum += d * d;
  }
  return sum / static_cast<double>(xs.size());
}

// Rounds the model to the engine's integers (clamped to int16); on the heap,
// a network being hundreds of kilobytes.
template <class Net>
std::unique_ptr<Net> quantize(const Model<Net>& m) {
  using qi::engine::nnue::kQA, qi::engine::nnue::kQB;
  auto net = std::make_unique<Net>();
  auto q = [](float v, int scale) {
    return static_cast<std::int16_t>(std::clamp<long>(std::lround(v * scale), -32767, 32767));
  };
  for (int f = 0; f < Net::kInputs; ++f)
    for (int i = 0; i < Net::kHidden; ++i) net->input[f][i] = q(m.input(f)[i], kQA);
  for (int i = 0; i < Net::kHidden; ++i) net->input_bias[i] = q(m.bias()[i], kQA);
  for (int b = 0; b < Net::kBuckets; ++b) {
    for (int i = 0; i < 2 * Net::kHidden; ++i) net->output[b][i] = q(m.output(b)[i], kQB);
    net->output_bias[b] = static_cast<std::int32_t>(std::lround(m.output_bias(b) * kQA * kQB));
  }
  return net;
}

template <class G>
double quantized_error(const typename G::Network& net, const std::vector<Sample>& xs, double k) {
  double sum = 0;
  for (const Sample& x : xs) {
    auto pos = G::parse(x.fen);
    const int e = G::network(*pos, net);
    const double d = win_chance(x.first_to_move ? e : -e, k) - x.target;
    sum += d * d;
  }
  return sum / static_cast<double>(xs.size());
}

template <class G>
int train(std::vector<Sample> samples, const Settings& s) {
  using Net = typename G::Network;
  using M = Model<Net>;
  if (samples.size() < 1000) {
    std::cerr << "too few positions\n";
    return 2;
  }
  std::vector<Sample> train, held;
  qi::bench::split_held_out(samples, train, held);
  // Only the held-out positions are read again from their FEN (the error in
  // integers, at the end); for millions of training positions the text
  // would cost gigabytes.
  std::vector<Sample>().swap(samples);
  for (Sample& x : train) std::string().swap(x.fen);

  M m;
  std::mt19937 rng(1);
  std::uniform_real_distribution<float> small(-0.1f, 0.1f);
  for (std::size_t i = 0; i < M::kSize; ++i) m.w[i] = i >= M::kBias && i < M::kOutput ? 0.25f : small(rng);
  for (int b = 0; b < Net::kBuckets; ++b) m.output_bias(b) = 0;

  std::cerr << train.size() << " to train on, " << held.size() << " held out; hand-written evaluation: error "
            << hand_error(train, s.k) << ", held out " << hand_error(held, s.k) << '\n';

  const std::size_t n = M::kSize;
  std::vector<float> mom(n, 0), vel(n, 0);
  const float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;
  long t = 0;
  M best = m;
  double best_held = 1e9;
  int best_epoch = 0;
  std::vector<M> grads(static_cast<std::size_t>(s.threads));
  for (int epoch = 1; epoch <= s.epochs; ++epoch) {
    std::shuffle(train.begin(), train.end(), rng);
    // Steps smaller by ten for the last quarter of the epochs.
    const double rate = epoch > s.epochs * 3 / 4 ? s.rate / 10 : s.rate;
    double sum = 0;
    for (std::size_t from = 0; from < train.size(); from += static_cast<std::size_t>(s.batch)) {
      const std::size_t to = std::min(train.size(), from + static_cast<std::size_t>(s.batch));
      std::vector<double> sums(grads.size(), 0.0);
      std::vector<std::thread> pool;
      for (std::size_t w = 0; w < grads.size(); ++w) {
        pool.emplace_back([&, w] {
          M& g = grads[w];
          std::fill(g.w.begin(), g.w.end(), 0.0f);
          for (std::size_t i = from + w; i < to; i += grads.size())
            sums[w] += step<Net>(m, train[i], s.k, &g);
        });
      }
      for (auto& th : pool) th.join();
      for (double x : sums) sum += x;
      ++t;
      const float scale = 1.0f / static_cast<float>(to - from);
      const float c1 = 1 - std::pow(beta1, static_cast<float>(t)),
                  c2 = 1 - std::pow(beta2, static_cast<float>(t));
      for (std::size_t w = 1; w < grads.size(); ++w)
        for (std::size_t i = 0; i < n; ++i) grads[0].w[i] += grads[w].w[i];
      for (std::size_t i = 0; i < n; ++i) {
        const float g = grads[0].w[i] * scale;
        mom[i] = beta1 * mom[i] + (1 - beta1) * g;
        vel[i] = beta2 * vel[i] + (1 - beta2) * g * g;
        float& w = m.w[i];
        w -= static_cast<float>(rate) * (mom[i] / c1) / (std::sqrt(vel[i] / c2) + eps);
        // Room for the integers: 33 inputs of at most 1.98 * kQA stay in int16.
        w = std::clamp(w, -1.98f, 1.98f);
      }
    }
    const double h = mean_error<Net>(m, held, s.k);
    std::cerr << "epoch " << epoch << ": error " << sum / static_cast<double>(train.size()) << ", held out "
              << h << '\n';
    if (h < best_held) best_held = h, best = m, best_epoch = epoch;
  }
  const std::unique_ptr<Net> net = quantize(best);
  std::cerr << "kept epoch " << best_epoch << " (held-out error " << best_held << "; in integers "
            << quantized_error<G>(*net, held, s.k) << ")\n";

  std::printf("// The %s network (engine/network.h), written by qi_train_nnue (bench/train_nnue.cpp).\n",
              G::kName);
  std::vector<std::int32_t> flat;
  for (const auto& row : net->input) flat.insert(flat.end(), std::begin(row), std::end(row));
  flat.insert(flat.end(), std::begin(net->input_bias), std::end(net->input_bias));
  for (const auto& row : net->output) flat.insert(flat.end(), std::begin(row), std::end(row));
  flat.insert(flat.end(), std::begin(net->output_bias), std::end(net->output_bias));
  for (std::size_t i = 0; i < flat.size(); ++i) std::printf("%d,%s", flat[i], i % 16 == 15 ? "\n" : " ");
  std::printf("\n");
  return 0;
}

template <class G>
int run(const std::vector<std::string>& files, const Settings& s, const std::string& quiet_out) {
  if (!quiet_out.empty()) return write_quiet<G>(files, quiet_out);
  return train<G>(read<G>(files, s), s);
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"qi_train_nnue: trains a game's network on positions a reference engine scored"};
  std::vector<std::string> files;
  Settings s;
  std::string game = "chess";
  app.add_option("--game", game, "chess or xiangqi")->check(CLI::IsMember({"chess", "xiangqi"}));
  app.add_option("positions", files, "FEN;result;score lines (FEN lines for --write-quiet)")
      ->required()
      ->check(CLI::ExistingFile);
  app.add_option("--epochs", s.epochs, "Passes over the positions")->check(CLI::PositiveNumber);
  app.add_option("--rate", s.rate, "Adam's step")->check(CLI::PositiveNumber);
  app.add_option("--batch", s.batch, "Positions a step")->check(CLI::PositiveNumber);
  app.add_option("--oracle-weight", s.oracle_weight, "Share of the reference score in the target")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--k", s.k, "Scale of the logistic (the tuner's K)")->check(CLI::PositiveNumber);
  app.add_option("--threads", s.threads, "Threads")->check(CLI::Range(1, 64));
  app.add_option("--limit", s.limit, "Positions read at most");
  app.add_option("--quiet", s.quiet, "Leave out positions where the side to move wins material at once");
  std::string quiet_out;
  app.add_option("--write-quiet", quiet_out,
                 "Only copy the lines of the positions training would keep (before labelling) to this file");
  CLI11_PARSE(app, argc, argv);
  return game == "xiangqi" ? run<XiangqiGame>(files, s, quiet_out) : run<ChessGame>(files, s, quiet_out);
}
