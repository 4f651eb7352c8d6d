#include "competition/crossover.h"

#include <algorithm>
#include <tuple>

namespace qi::competition {

namespace {

KnockoutMatch match_of(int a, int b, int round) {
  KnockoutMatch m;
  m.round = round;
  m.a = a;
  m.b = b;
  return m;
}

int loser_of(const KnockoutMatch& m) { return m.b < 0 ? -1 : m.winner == m.a ? m.b : m.a; }

}  // namespace

Expected<std::vector<KnockoutMatch>> crossover_round(const std::vector<std::pair<int, int>>& qualifiers) {
  if (qualifiers.empty() || qualifiers.size() % 2 != 0)
    return make_error("a crossover needs an even number of groups, not " + std::to_string(qualifiers.size()));
  std::vector<KnockoutMatch> top, bottom;
  for (std::size_t g = 0; g < qualifiers.size(); g += 2) {
    const auto& [winner_1, runner_up_1] = qualifiers[g];
    const auto& [winner_2, runner_up_2] = qualifiers[g + 1];
    top.push_back(match_of(winner_1, runner_up_2, 1));
    bottom.push_back(match_of(winner_2, runner_up_1, 1));
  }
  top.insert(top.end(), bottom.begin(), bottom.end());
  return top;
}

KnockoutMatch third_place_match(const std::vector<KnockoutMatch>& semi_finals, int round) {
  return match_of(loser_of(semi_finals.at(0)), loser_of(semi_finals.at(1)), round);
}

std::vector<Placing> multi_stage_placings(const std::vector<std::vector<KnockoutMatch>>& knockout_rounds,
                                          const KnockoutMatch* third_place,
                                          const std::vector<std::vector<Standing>>& group_tables,
                                          int qualified_per_group) {
  std::vector<Placing> out;
  if (knockout_rounds.empty()) return out;
  const KnockoutMatch& the_final = knockout_rounds.back().front();
  out.push_back({the_final.winner, 1});
  if (loser_of(the_final) >= 0) out.push_back({loser_of(the_final), 2});
  // Each earlier round's losers come after the winners of that round.
  for (std::size_t r = knockout_rounds.size() - 1; r-- > 0;) {
    const int ahead = static_cast<int>(knockout_rounds[r].size());
    const bool semi_final = r + 2 == knockout_rounds.size();
    for (const KnockoutMatch& m : knockout_rounds[r]) {
      const int loser = loser_of(m);
      if (loser < 0) continue;
      int place = ahead + 1;
      if (semi_final && third_place != nullptr && third_place->winner >= 0)
        place = loser == third_place->winner ? 3 : 4;
      out.push_back({loser, place});
    }
  }
  // The groups' other players, by their place in their group.
  int placed = static_cast<int>(out.size());
  for (auto position = static_cast<std::size_t>(qualified_per_group);; ++position) {
    std::vector<int> here;
    for (const std::vector<Standing>& table : group_tables)
      if (position < table.size()) here.push_back(table[position].player);
    if (here.empty()) break;
    for (int player : here) out.push_back({player, placed + 1});
    placed += static_cast<int>(here.size());
  }
  std::sort(out.begin(), out.end(), [](const Placing& x, const Placing& y) {
    return std::tie(x.place, x.player) < std::tie(y.place, y.player);
  });
  return out;
}

}  // namespace qi::competition
