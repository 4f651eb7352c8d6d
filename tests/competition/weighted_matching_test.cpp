// The blossom matching against every matching of small random graphs.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

#include "competition/swiss/weighted_matching.h"

namespace qi::competition::swiss {
namespace {

using Weights = std::vector<std::vector<std::int64_t>>;

// The best total weight over all matchings, by trying each vertex unmatched
// or matched with each later free neighbour.
std::int64_t best_by_search(const Weights& w, std::vector<bool>& used, std::size_t from) {
  while (from < w.size() && used[from]) ++from;
  if (from == w.size()) return 0;
  used[from] = true;
  std::int64_t best = best_by_search(w, used, from + 1);
  for (std::size_t j = from + 1; j < w.size(); ++j) {
    if (used[j] || w[from][j] == 0) continue;
    used[j] = true;
    best = std::max(best, w[from][j] + best_by_search(w, used, from + 1));
    used[j] = false;
  }
  used[from] = false;
  return best;
}

TEST(WeightedMatching, FindsTheBestMatchingOfRandomGraphs) {
  std::mt19937_64 random(53);
  for (int trial = 0; trial < 400; ++trial) {
    const std::size_t n = 1 + random() % 11;
    const bool huge = trial % 2 == 1;  // weights as large as the pairing's
    Weights w(n, std::vector<std::int64_t>(n, 0));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (random() % 3 != 0) {
          std::int64_t base = static_cast<std::int64_t>(1 + random() % 20);
          w[i][j] = w[j][i] = huge ? 1'000'000'000'000'000 + base * 1'000'000'007 : base;
        }
    std::vector<int> mate = maximum_weighted_matching(w);
    ASSERT_EQ(mate.size(), n);
    std::int64_t total = 0;
    for (std::size_t i = 0; i < n; ++i) {
      if (mate[i] < 0) continue;
      ASSERT_EQ(mate[static_cast<std::size_t>(mate[i])], static_cast<int>(i));
      ASSERT_GT(w[i][static_cast<std::size_t>(mate[i])], 0);
      if (static_cast<std::size_t>(mate[i]) > i) total += w[i][static_cast<std::size_t>(mate[i])];
    }
    std::vector<bool> used(n, false);
    EXPECT_EQ(total, best_by_search(w, used, 0)) << "trial " << trial;
  }
}

// The wide weights the Dutch pairing uses (up to 2^124): a weight high·2^100
// + low must be matched as high·2^20 + low is, which no 64-bit sum could do.
TEST(WeightedMatching, WideWeightsBeyondSixtyFourBits) {
  std::mt19937_64 random(29);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + random() % 11;
    Weights narrow(n, std::vector<std::int64_t>(n, 0));
    std::vector<std::vector<WideWeight>> wide(n, std::vector<WideWeight>(n, 0));
    for (std::size_t i = 0; i < n; ++i)
      for (std::size_t j = i + 1; j < n; ++j)
        if (random() % 3 != 0) {
          const std::int64_t high = static_cast<std::int64_t>(1 + random() % 20);
          const std::int64_t low = static_cast<std::int64_t>(random() % 1000);
          narrow[i][j] = narrow[j][i] = (high << 20) + low;
          wide[i][j] = wide[j][i] = (static_cast<WideWeight>(high) << 100) + low;
        }
    std::vector<int> mate = maximum_weighted_matching(wide);
    ASSERT_EQ(mate.size(), n);
    WideWeight total = 0;
    for (std::size_t i = 0; i < n; ++i)
      if (mate[i] > static_cast<int>(i)) total += wide[i][static_cast<std::size_t>(mate[i])];
    const std::int64_t as_narrow =
        static_cast<std::int64_t>(total >> 100) * (std::int64_t{1} << 20) +
        static_cast<std::int64_t>(total & ((static_cast<WideWeight>(1) << 100) - 1));
    std::vector<bool> used(n, false);
    EXPECT_EQ(as_narrow, best_by_search(narrow, used, 0)) << "trial " << trial;
  }
}

}  // namespace
}  // namespace qi::competition::swiss
