#include "engine/levels.h"

#include <algorithm>
#include <cmath>

namespace qi::engine {
namespace {

struct Row {
  int depth;
  std::uint64_t nodes;
  int multipv;
  int temperature;
};

// Level 1 sees one ply and often misses what it loses; each level above
// searches deeper or with more nodes and chooses less freely (levels 2-4 are
// held back mostly by their depth caps, so their budgets grow unevenly). Levels 1-9 are node limits, so a
// level is the same player at any time control (and fits in the 50 ms per
// move the ladder is measured at); level 10 uses all the time it is given.
// Measured by self-play (docs/levels.md).
constexpr Row kRows[10] = {
    {1, 150, 6, 220}, {2, 600, 4, 100}, {3, 1000, 4, 80},  {4, 1200, 4, 70}, {0, 2500, 4, 50},
    {0, 5000, 3, 36}, {0, 8000, 3, 25}, {0, 12000, 3, 16}, {0, 20000, 2, 8}, {0, 0, 1, 0},
};

}  // namespace

LevelPolicy level_policy(int level) {
  level = std::clamp(level, kMinLevel, kMaxLevel);
  const Row& r = kRows[level - 1];
  return {level, r.depth, r.nodes, r.multipv, r.temperature};
}

int choose_line(const std::vector<Score>& scores, const LevelPolicy& policy, double random) {
  if (scores.empty() || policy.temperature <= 0) return 0;
  const Score best = scores[0];
  std::vector<double> weight(scores.size(), 0.0);
  double total = 0;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    const Score s = scores[i];
    // Never throw away a forced win, never walk into a forced loss that the
    // best line avoids.
    if (is_mate_score(best) && best > 0 && s < best) continue;
    if (is_mate_score(s) && s < 0 && !(is_mate_score(best) && best < 0)) continue;
    const double loss = std::max(0, best - s);
    if (loss > 4.0 * policy.temperature) continue;
    weight[i] = std::exp(-loss / policy.temperature);
    total += weight[i];
  }
  if (total <= 0) return 0;
  double x = random * total;
  for (std::size_t i = 0; i < scores.size(); ++i) {
    x -= weight[i];
    if (x < 0 && weight[i] > 0) return static_cast<int>(i);
  }
  return 0;
}

}  // namespace qi::engine
