#include "competition/round_robin.h"

namespace qi::competition {

std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players) {
  const int n = players + players % 2;  // FIDE's N: the dummy makes it even
  const int boards = n / 2;
  // A FIDE number after `shift` rounds: 1..N-1 advance together, modulo N-1.
  auto advanced = [n](int number, int shift) { return (number - 1 + shift) % (n - 1) + 1; };
  std::vector<std::vector<std::pair<int, int>>> rounds;
  for (int r = 0; r + 1 < n; ++r) {
    const int shift = r * boards;
    std::vector<std::pair<int, int>> pairs;
    for (int b = 1; b <= boards; ++b) {
      int first = advanced(b, shift);
      int second = b == 1 ? n : advanced(n + 1 - b, shift);
      if (b == 1 && r % 2 == 1) std::swap(first, second);  // N moves first in even rounds
      if (first > players || second > players) continue;   // the dummy: a bye
      pairs.emplace_back(first - 1, second - 1);
    }
    rounds.push_back(pairs);
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
