// What the two evaluation fitters (tune.cpp, train_nnue.cpp) share, so that
// their errors mean the same and compare: the logistic that turns a score
// into an expected result, and the held-out split.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace qi::bench {

// The expected result 1 / (1 + 10^(-K cp / 400)) of a score in centipawns.
inline double win_chance(double cp, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * cp / 400.0)); }

// Moves every tenth run of consecutive samples to `held_out`, the rest to
// `train`. Positions of one game follow each other in the file and share its
// result: holding out whole runs of them keeps the held-out error from
// rewarding learning the games by heart.
template <class Sample>
void split_held_out(std::vector<Sample>& samples, std::vector<Sample>& train, std::vector<Sample>& held_out) {
  const std::size_t run = std::clamp<std::size_t>(samples.size() / 50, 1, 2000);
  for (std::size_t i = 0; i < samples.size(); ++i)
    ((i / run) % 10 == 9 ? held_out : train).push_back(std::move(samples[i]));
  samples.clear();
}

}  // namespace qi::bench
