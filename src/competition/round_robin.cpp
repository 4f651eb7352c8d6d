#include "competition/round_robin.h"

#include <algorithm>

namespace qi::competition {

std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players) {
  std::vector<int> circle;
  for (int i = 0; i < players; ++i) circle.push_back(i);
  if (players % 2) circle.push_back(-1);
  const int n = static_cast<int>(circle.size());
  std::vector<std::vector<std::pair<int, int>>> rounds;
  for (int r = 0; r + 1 < n; ++r) {
    std::vector<std::pair<int, int>> pairs;
    for (int i = 0; i < n / 2; ++i) {
      int a = circle[i], b = circle[n - 1 - i];
      if (a < 0 || b < 0) continue;
      // The fixed player alternates colours by round; on the other boards the
      // player from the top half moves first.
      if (i == 0 && r % 2 == 1) std::swap(a, b);
      pairs.emplace_back(a, b);
    }
    rounds.push_back(pairs);
    std::rotate(circle.begin() + 1, circle.end() - 1, circle.end());
  }
  return rounds;
}

std::vector<Pairing> round_robin_pairings(int players, int cycles) {
  const auto rounds = round_robin_rounds(players);
  std::vector<Pairing> pairings;
  for (int cycle = 0; cycle < cycles; ++cycle) {
    for (std::size_t r = 0; r < rounds.size(); ++r) {
      for (auto [a, b] : rounds[r]) {
        if (cycle % 2 == 1) std::swap(a, b);
        pairings.push_back({static_cast<int>(cycle * rounds.size() + r + 1), a, b});
      }
    }
  }
  return pairings;
}

}  // namespace qi::competition
