// A tuned evaluation's weights (bench/tune.cpp's output, compiled in from a
// game's weights.inc) laid over its starting weights: the count of weights
// first, then each in the order of Weights::all(). A file of another count
// (just "0" before the first tuning, or a stale file after the weights
// changed) leaves the starting weights as they are.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

namespace qi::engine {

template <class Weights>
Weights with_tuned(Weights w, std::span<const int> tuned) {
  std::vector<int*> all = w.all();
  if (!tuned.empty() && static_cast<std::size_t>(tuned[0]) == all.size() && tuned.size() == all.size() + 1)
    for (std::size_t i = 0; i < all.size(); ++i) *all[i] = tuned[i + 1];
  return w;
}

}  // namespace qi::engine
