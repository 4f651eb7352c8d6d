// qi_tune: Texel-style tuning of the chess or xiangqi evaluation weights on
// positions from Qi's own games.
//
//   qi_selfplay chess --a 6 --b 6 --games 200 --dump positions.txt
//   qi_tune chess positions.txt [--passes N] [--limit POSITIONS] > weights.inc
//
// Each line of the file is "FEN;result", result from the first player's view
// (1, 0.5, 0). The tuner finds the scale K that best maps evaluations to
// results through the logistic 1 / (1 + 10^(-K e / 400)), then moves each
// weight up or down by one step while the mean squared error between those
// predictions and the results falls (Peter Österlund's "Texel" method). It
// prints the weights in the order of ChessWeights::all() /
// XiangqiWeights::all(), with their count first: the content of
// src/engine/games/<game>_weights.inc, which the evaluation reads at build
// time.
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "engine/games/chess_eval.h"
#include "engine/games/xiangqi_eval.h"

namespace {

template <class Pos>
struct Sample {
  Pos pos;
  double result;  // first player's view
};

template <class Pos, class Eval>
double error(const std::vector<Sample<Pos>>& samples, double k, Eval eval) {
  double sum = 0;
  for (const auto& s : samples) {
    const int e = eval(s.pos);
    const double p = 1.0 / (1.0 + std::pow(10.0, -k * e / 400.0));
    sum += (s.result - p) * (s.result - p);
  }
  return sum / static_cast<double>(samples.size());
}

template <class Pos, class Weights, class Eval>
int tune(const std::string& file, std::size_t limit, int passes, Weights& w, Eval eval_stm) {
  std::ifstream in(file);
  std::vector<Sample<Pos>> samples;
  for (std::string line; std::getline(in, line) && samples.size() < limit;) {
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    auto pos = Pos::from_fen(line.substr(0, semi));
    if (!pos || pos->in_check()) continue;
    samples.push_back({std::move(*pos), std::stod(line.substr(semi + 1))});
  }
  if (samples.empty()) {
    std::cerr << "no positions in " << file << '\n';
    return 2;
  }
  // Evaluations from the first player's view.
  auto eval = [&](const Pos& p) { return p.side_to_move() == qi::Side::First ? eval_stm(p) : -eval_stm(p); };
  double best_k = 1, best_e = 1e9;
  for (double k = 0.2; k <= 3.0; k += 0.05) {
    const double e = error(samples, k, eval);
    if (e < best_e) {
      best_e = e;
      best_k = k;
    }
  }
  std::cerr << samples.size() << " positions, K " << best_k << ", error " << best_e << '\n';
  std::vector<int*> params = w.all();
  for (int pass = 0; pass < passes; ++pass) {
    bool improved = false;
    for (int* p : params) {
      for (int step : {+2, -2}) {
        *p += step;
        const double e = error(samples, best_k, eval);
        if (e < best_e) {
          best_e = e;
          improved = true;
          break;
        }
        *p -= step;
      }
    }
    std::cerr << "pass " << pass + 1 << ": error " << best_e << '\n';
    if (!improved) break;
  }
  std::printf("%zu", params.size());
  for (std::size_t i = 0; i < params.size(); ++i) std::printf("%s%d", i % 16 == 0 ? ",\n" : ", ", *params[i]);
  std::printf("\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: qi_tune chess|xiangqi POSITIONS [--passes N] [--limit N]\n";
    return 2;
  }
  const std::string game = argv[1], file = argv[2];
  int passes = 3;
  std::size_t limit = 100000;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string k = argv[i];
    if (k == "--passes") passes = std::stoi(argv[i + 1]);
    if (k == "--limit") limit = std::stoul(argv[i + 1]);
  }
  if (game == "chess") {
    auto& w = qi::engine::chess_eval::mutable_weights();
    return tune<qi::chess::Position>(file, limit, passes, w, [&](const qi::chess::Position& p) {
      return qi::engine::chess_eval::evaluate(p, w);
    });
  }
  if (game == "xiangqi") {
    auto& w = qi::engine::xiangqi_eval::mutable_weights();
    return tune<qi::xiangqi::Position>(file, limit, passes, w, [&](const qi::xiangqi::Position& p) {
      return qi::engine::xiangqi_eval::evaluate(p, w);
    });
  }
  std::cerr << "qi_tune: chess or xiangqi\n";
  return 2;
}
