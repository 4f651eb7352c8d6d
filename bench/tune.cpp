// qi_tune: Texel-style tuning of the chess, xiangqi, English checkers or international draughts
// evaluation weights on positions from Qi's own games.
//
//   qi_selfplay chess --a 10 --b 10 --games 4000 --nodes 6000 --random-plies 6 --dump positions.txt
//   qi_tune chess positions.txt [--limit N] [--epochs N] [--rate R] [--lambda L]
//           [--freeze FROM-TO] [--oracle-weight A] > weights.inc
//
// Each line of the file is "FEN;result", result from the first player's view
// (1, 0.5, 0), optionally followed by ";score", a reference engine's
// evaluation in centipawns from the same view (bench/label_positions.py).
// The prediction for a position is the logistic 1 / (1 + 10^(-K e / 400)) of
// its evaluation e; the tuner lowers the mean squared error between
// predictions and targets (Peter Österlund's "Texel" method). The target is
// the game's result or, with --oracle-weight A, (1 - A) times the result
// plus A times the same logistic of the reference score: a game's result is
// one noisy label for all its positions, so a few thousand games leave the
// weights underdetermined.
//
// Both evaluations are linear in their weights for a given position (a
// tapered sum of counts times weights), so each position is read once into
// the coefficient of every weight it uses (found by trying each weight
// alone; English checkers' 118,098 pattern weights, too many to try, from
// the arrangements the position shows); the error and its gradient are
// then sums over those coefficients, and Adam descends the gradient over all
// weights at once. A penalty lambda * (w - w_start)^2 keeps weights that few
// positions see near their starting values. A tenth of the positions (whole
// games of them) is held out: the tuner reports its error too and keeps the weights of the epoch where it
// was lowest, so that a run cannot overfit unseen.
//
// It prints the weights in the order of the game's Weights::all() (ChessWeights,
// XiangqiWeights, CheckersWeights, InternationalWeights), with their count
// first: the content of src/engine/games/<game>/weights.inc (international
// draughts: checkers/international_weights.inc), which the evaluation reads at
// build time.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "engine/games/checkers/eval.h"
#include "engine/games/checkers/international_eval.h"
#include "engine/games/checkers/traits.h"
#include "engine/games/chess/eval.h"
#include "engine/games/xiangqi/eval.h"
#include "fit.h"

namespace {

// Draughts positions are read from PDN FEN by the search's traits.
template <class Variant>
struct DraughtsFen {
  using Traits = qi::engine::CheckersTraits<Variant>;
  static std::optional<typename Traits::State> from_fen(const std::string& fen) {
    auto p = Traits::from_fen(fen);
    if (!p) return std::nullopt;
    return *p;
  }
};

struct Term {
  int weight;    // index into the weight list
  float amount;  // d evaluation / d weight, from the first player's view
};

struct Sample {
  std::vector<Term> terms;
  double result;  // first player's view
  double oracle;  // a reference engine's evaluation (first player's view, cp), or NaN
  double target;  // what the prediction should be: the result, blended with the oracle's
};

struct Settings {
  std::size_t limit = std::numeric_limits<std::size_t>::max();  // --limit: read no more than this
  int epochs = 2000;
  double rate = 0.5;  // Adam's step, in centipawns
  double lambda = 1e-8;
  double oracle_weight = 0;  // share of the oracle's evaluation in the target
  // Weights [frozen_from, frozen_to) keep their values (for example a
  // game's piece-square tables, when the positions are too few for them).
  std::size_t frozen_from = 0, frozen_to = 0;
};

// A weight value that makes every tapered blend exact in integers: the
// phases are out of 24 (chess), 32 (xiangqi), 24 pieces (checkers) and 40
// (international draughts).
constexpr int kUnit = 960;

double evaluation(const Sample& s, const std::vector<double>& w) {
  double e = 0;
  for (const Term& t : s.terms) e += t.amount * w[static_cast<std::size_t>(t.weight)];
  return e;
}

double predicted(double e, double k) { return qi::bench::win_chance(e, k); }

double mean_error(const std::vector<Sample>& samples, const std::vector<double>& w, double k) {
  double sum = 0;
  for (const Sample& s : samples) {
    const double d = s.target - predicted(evaluation(s, w), k);
    sum += d * d;
  }
  return sum / static_cast<double>(samples.size());
}

// Reads the positions and each one's coefficients. `eval` gives the
// evaluation from the first player's view with the current weights;
// `usable` leaves positions out (chess: in check). The first `dense`
// weights are found one at a time, each the only one not 0;
// `sparse(position, terms)` adds the coefficients of the rest
// (tables too large to try weight by weight, such as checkers' patterns).
template <class Pos, class Eval, class Usable, class Sparse>
std::vector<Sample> read_samples(const std::string& file, std::size_t limit, std::vector<int*>& params,
                                 std::size_t dense, Eval eval, Usable usable, Sparse sparse) {
  std::vector<Sample> samples;
  std::vector<double> start;
  for (int* p : params) start.push_back(*p);
  // Every weight stays 0 but the one being tried, so that each coefficient
  // is read exactly (kUnit makes the tapered blends whole numbers).
  for (int* p : params) *p = 0;
  // Sets the weights a sample uses (every dense one, its own sparse ones) to
  // their starting values or back to 0.
  auto set_used = [&](const Sample& sample, std::size_t dense_terms, bool to_start) {
    auto set = [&](std::size_t i) { *params[i] = to_start ? static_cast<int>(start[i]) : 0; };
    for (std::size_t i = 0; i < dense; ++i) set(i);
    for (std::size_t t = dense_terms; t < sample.terms.size(); ++t)
      set(static_cast<std::size_t>(sample.terms[t].weight));
  };
  std::size_t rejected = 0;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line) && samples.size() < limit;) {
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    auto pos = Pos::from_fen(line.substr(0, semi));
    if (!pos || !usable(*pos)) continue;
    const auto semi2 = line.find(';', semi + 1);
    const double oracle = semi2 == std::string::npos ? std::nan("") : std::stod(line.substr(semi2 + 1));
    const double result = std::stod(line.substr(semi + 1));
    Sample sample{{}, result, oracle, result};
    for (std::size_t i = 0; i < dense; ++i) {
      *params[i] = kUnit;
      const int e = eval(*pos);
      *params[i] = 0;
      if (e != 0) sample.terms.push_back({static_cast<int>(i), static_cast<float>(e) / kUnit});
    }
    const std::size_t dense_terms = sample.terms.size();
    sparse(*pos, sample.terms);
    // A position where the evaluation is not the sum of its terms (a rule
    // that scales the whole score) would teach the tuner wrong coefficients:
    // the evaluation with every weight it uses at its starting value.
    set_used(sample, dense_terms, true);
    const int whole = eval(*pos);
    set_used(sample, dense_terms, false);
    if (std::abs(evaluation(sample, start) - whole) > 1.0) {
      ++rejected;
      continue;
    }
    samples.push_back(std::move(sample));
  }
  for (std::size_t i = 0; i < params.size(); ++i) *params[i] = static_cast<int>(start[i]);
  std::cerr << samples.size() << " positions read, " << rejected << " not linear in the weights\n";
  // Said aloud: a limit that cuts a file short changes which positions are held out.
  if (std::string rest; samples.size() >= limit && std::getline(in, rest))
    std::cerr << "stopped at --limit " << limit << "; the file has more positions\n";
  return samples;
}

int tune(std::vector<Sample> samples, std::vector<int*>& params, const Settings& settings) {
  if (samples.size() < 100) {
    std::cerr << "too few positions\n";
    return 2;
  }
  std::vector<Sample> held_out, train;
  qi::bench::split_held_out(samples, train, held_out);

  const std::size_t n = params.size();
  std::vector<double> start(n), w(n), best(n);
  for (std::size_t i = 0; i < n; ++i) start[i] = w[i] = *params[i];

  // K from the game results alone; then the targets.
  double k = 1, k_error = 1e9;
  for (double c = 0.2; c <= 3.0; c += 0.02) {
    const double e = mean_error(train, w, c);
    if (e < k_error) k_error = e, k = c;
  }
  for (auto* part : {&train, &held_out})
    for (Sample& s : *part)
      if (!std::isnan(s.oracle))
        s.target = (1 - settings.oracle_weight) * s.result + settings.oracle_weight * predicted(s.oracle, k);
  k_error = mean_error(train, w, k);
  const double ln10 = std::log(10.0);
  double best_held = mean_error(held_out, w, k);
  int best_epoch = 0;
  best = w;
  std::cerr << train.size() << " to tune on, " << held_out.size() << " held out; K " << k << ", error "
            << k_error << ", held out " << best_held << '\n';

  // Adam.
  std::vector<double> grad(n), m(n, 0), v(n, 0);
  const double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    std::fill(grad.begin(), grad.end(), 0.0);
    double sum = 0;
    for (const Sample& s : train) {
      const double p = predicted(evaluation(s, w), k);
      const double d = s.target - p;
      sum += d * d;
      // d/dw of (r - p)^2 = -2 (r - p) p (1 - p) ln10 K / 400 * amount
      const double g = -2 * d * p * (1 - p) * ln10 * k / 400;
      for (const Term& t : s.terms) grad[static_cast<std::size_t>(t.weight)] += g * t.amount;
    }
    const double scale = 1.0 / static_cast<double>(train.size());
    for (std::size_t i = 0; i < n; ++i) {
      if (i >= settings.frozen_from && i < settings.frozen_to) continue;
      const double g = grad[i] * scale + 2 * settings.lambda * (w[i] - start[i]);
      m[i] = beta1 * m[i] + (1 - beta1) * g;
      v[i] = beta2 * v[i] + (1 - beta2) * g * g;
      const double mh = m[i] / (1 - std::pow(beta1, epoch)), vh = v[i] / (1 - std::pow(beta2, epoch));
      w[i] -= settings.rate * mh / (std::sqrt(vh) + eps);
    }
    if (epoch % 10 == 0 || epoch == settings.epochs) {
      const double held = mean_error(held_out, w, k);
      if (held < best_held) best_held = held, best = w, best_epoch = epoch;
      std::cerr << "epoch " << epoch << ": error " << sum * scale << ", held out " << held << '\n';
    }
  }
  std::cerr << "kept epoch " << best_epoch << " (held-out error " << best_held << ")\n";

  std::printf("%zu", n);
  for (std::size_t i = 0; i < n; ++i)
    std::printf("%s%d", i % 16 == 0 ? ",\n" : ", ", static_cast<int>(std::lround(best[i])));
  std::printf("\n");
  return 0;
}

// Tunes a game's weights: `evaluate(position, weights)` scores from the side
// to move's view; the samples want the first player's. `usable` leaves
// positions out.
// `sparse` as read_samples's, for the weights after the first `dense`.
template <class Fen, class Weights, class Evaluate, class Usable, class Sparse>
int tune_weights(const std::string& file, const Settings& settings, Weights& weights, Evaluate evaluate,
                 Usable usable, std::size_t dense, Sparse sparse) {
  std::vector<int*> params = weights.all();
  auto eval = [&](const auto& p) {
    const int e = evaluate(p, weights);
    return p.side_to_move() == qi::Side::First ? e : -e;
  };
  return tune(read_samples<Fen>(file, settings.limit, params, dense, eval, usable, sparse), params, settings);
}

template <class Fen, class Weights, class Evaluate, class Usable>
int tune_weights(const std::string& file, const Settings& settings, Weights& weights, Evaluate evaluate,
                 Usable usable) {
  return tune_weights<Fen>(file, settings, weights, evaluate, usable, weights.all().size(),
                           [](const auto&, std::vector<Term>&) {});
}

// English checkers' pattern weights, last in CheckersWeights::all() (a pair
// each, middle game first): each side's block arrangements, tapered as the
// evaluation tapers them, from the first player's view.
void checkers_pattern_terms(const qi::engine::checkers_eval::EnglishPosition& pos, std::size_t dense,
                            std::vector<Term>& terms) {
  using W = qi::engine::checkers_eval::CheckersWeights;
  const qi::Side us = pos.side_to_move();
  const int pieces = std::min(std::popcount(pos.occupied()), W::kMostPieces);
  const float mg = static_cast<float>(pieces) / W::kMostPieces;
  const float eg = static_cast<float>(W::kMostPieces - pieces) / W::kMostPieces;
  for (const qi::Side side : {us, ~us}) {
    const float sign = (side == us ? 1.0f : -1.0f) * (us == qi::Side::First ? 1.0f : -1.0f);
    const auto arrangements = qi::engine::checkers_eval::pattern_arrangements(pos, side);
    for (int b = 0; b < W::kBlocks; ++b) {
      const int index = static_cast<int>(dense + 2 * W::pattern_index(b, arrangements[b]));
      if (mg != 0) terms.push_back({index, sign * mg});
      if (eg != 0) terms.push_back({index + 1, sign * eg});
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"qi_tune: fits an evaluation's weights to game results (and a reference engine's scores)"};
  std::string game, file, freeze;
  Settings settings;
  app.add_option("game", game, "chess, xiangqi, checkers (English) or international (draughts)")
      ->required()
      ->check(CLI::IsMember({"chess", "xiangqi", "checkers", "international"}));
  app.add_option("positions", file, "FEN;result[;score] lines")->required()->check(CLI::ExistingFile);
  app.add_option("--limit", settings.limit, "Positions read at most (default: the whole file)");
  app.add_option("--epochs", settings.epochs, "Passes over the positions")->check(CLI::PositiveNumber);
  app.add_option("--rate", settings.rate, "Adam's step, in centipawns")->check(CLI::PositiveNumber);
  app.add_option("--lambda", settings.lambda, "L2 pull towards the starting weights")
      ->check(CLI::NonNegativeNumber);
  app.add_option("--oracle-weight", settings.oracle_weight, "Share of the reference score in the target")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--freeze", freeze, "FROM-TO: weights [FROM, TO) keep their values");
  CLI11_PARSE(app, argc, argv);
  if (!freeze.empty()) {
    const std::size_t dash = freeze.find('-');
    try {
      if (dash == std::string::npos) throw std::invalid_argument("no dash");
      settings.frozen_from = std::stoul(freeze.substr(0, dash));
      settings.frozen_to = std::stoul(freeze.substr(dash + 1));
    } catch (const std::exception&) {
      std::cerr << "--freeze: expected FROM-TO (two weight indices), got '" << freeze << "'\n";
      return 2;
    }
  }
  if (game == "chess") {
    // Without pawns the evaluation scales small advantages down: not linear.
    auto has_pawns = [](const qi::chess::Position& p) {
      return !p.in_check() && p.pieces(qi::chess::Pawn) != 0;
    };
    return tune_weights<qi::chess::Position>(
        file, settings, qi::engine::chess_eval::mutable_weights(),
        [](const auto& p, const auto& w) { return qi::engine::chess_eval::evaluate(p, w); }, has_pawns);
  }
  if (game == "xiangqi")
    return tune_weights<qi::xiangqi::Position>(
        file, settings, qi::engine::xiangqi_eval::mutable_weights(),
        [](const auto& p, const auto& w) { return qi::engine::xiangqi_eval::evaluate(p, w); },
        [](const qi::xiangqi::Position& p) { return !p.in_check(); });
  // A side to move that must capture is not where the search stands pat.
  auto quiet = [](const auto& p) { return !p.has_capture(); };
  if (game == "checkers") {
    auto& weights = qi::engine::checkers_eval::mutable_weights();
    const std::size_t dense = weights.all().size() - 2 * weights.pattern.size();
    return tune_weights<DraughtsFen<qi::checkers::English>>(
        file, settings, weights,
        [](const auto& p, const auto& w) { return qi::engine::checkers_eval::evaluate(p, w); }, quiet, dense,
        [dense](const auto& p, std::vector<Term>& terms) { checkers_pattern_terms(p, dense, terms); });
  }
  if (game == "international")
    return tune_weights<DraughtsFen<qi::checkers::International>>(
        file, settings, qi::engine::international_eval::mutable_weights(),
        [](const auto& p, const auto& w) { return qi::engine::international_eval::evaluate(p, w); }, quiet);
  return 2;  // unreachable: the game was checked above
}
