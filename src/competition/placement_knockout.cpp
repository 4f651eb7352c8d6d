#include "competition/placement_knockout.h"

#include <algorithm>
#include <utility>

#include "competition/knockout.h"
#include "competition/match_results.h"

namespace qi::competition {

namespace {

constexpr int kNotYetKnown = -2;  // a player the results so far do not name yet
constexpr int kNoPlayer = -1;     // a bye

struct Block {
  int best_place = 1;
  std::vector<int> entrants;  // in bracket order
};

}  // namespace

std::string match_label(const PlacementMatchId& id) {
  return "R" + std::to_string(id.round) + "." + std::to_string(id.index + 1);
}

PlacementKnockout::PlacementKnockout(int players) : players_(std::max(players, 2)), rounds_(0) {
  while ((1 << rounds_) < players_) ++rounds_;
}

PlacementKnockout::Replay PlacementKnockout::replay() const {
  Replay out;
  std::vector<Block> blocks{{1, first_round_slots(players_)}};
  for (int round = 1; round <= rounds_; ++round) {
    std::vector<Block> next;
    int index = 0;
    for (const Block& block : blocks) {
      const int half = static_cast<int>(block.entrants.size()) / 2;
      Block winners{block.best_place, {}}, losers{block.best_place + half, {}};
      for (std::size_t i = 0; i + 1 < block.entrants.size(); i += 2) {
        int x = block.entrants[i], y = block.entrants[i + 1];
        if (x >= 0 && y >= 0 && y < x) std::swap(x, y);
        Played p;
        p.match = {{round, index++}, x, y, block.best_place, block.best_place + 2 * half - 1};
        if (x == kNotYetKnown || y == kNotYetKnown) {
          p.winner = p.loser = kNotYetKnown;
        } else if (x == kNoPlayer || y == kNoPlayer) {
          p.winner = x == kNoPlayer ? y : x;
          p.loser = kNoPlayer;
        } else if (auto it = results_.find(p.match.id); it != results_.end()) {
          p.winner = it->second;
          p.loser = it->second == x ? y : x;
        } else {
          p.winner = p.loser = kNotYetKnown;
        }
        winners.entrants.push_back(p.winner);
        losers.entrants.push_back(p.loser);
        out.matches.push_back(p);
      }
      next.push_back(winners);
      next.push_back(losers);
    }
    blocks = std::move(next);
  }
  for (const Block& block : blocks) out.slot_of_place.push_back(block.entrants.front());
  return out;
}

std::vector<PlacementMatch> PlacementKnockout::next_matches() const {
  std::vector<PlacementMatch> out;
  for (const Played& p : replay().matches)
    if (p.match.a >= 0 && p.match.b >= 0 && p.winner == kNotYetKnown) out.push_back(p.match);
  return out;
}

Status PlacementKnockout::record(const PlacementMatchId& id, int winner) {
  return record_winner(next_matches(), id, winner, results_);
}

bool PlacementKnockout::finished() const {
  const Replay r = replay();
  return std::none_of(r.slot_of_place.begin(), r.slot_of_place.end(),
                      [](int player) { return player == kNotYetKnown; });
}

std::vector<Placing> PlacementKnockout::placings() const {
  std::vector<Placing> out;
  if (!finished()) return out;
  for (int player : replay().slot_of_place)
    if (player >= 0) out.push_back({player, static_cast<int>(out.size()) + 1});
  return out;
}

}  // namespace qi::competition
