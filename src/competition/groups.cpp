#include "competition/groups.h"

#include <algorithm>
#include <map>

namespace qi::competition {

std::vector<std::vector<int>> serpentine_groups(int players, int groups) {
  std::vector<std::vector<int>> out(std::max(groups, 1));
  const int g = static_cast<int>(out.size());
  for (int seed = 0; seed < players; ++seed) {
    const int row = seed / g, column = seed % g;
    out[row % 2 == 0 ? column : g - 1 - column].push_back(seed);
  }
  return out;
}

std::vector<Pairing> group_pairings(const std::vector<int>& group, int cycles) {
  std::vector<Pairing> pairings = round_robin_pairings(static_cast<int>(group.size()), cycles);
  for (Pairing& p : pairings) p.first = group[p.first], p.second = group[p.second];
  return pairings;
}

RankingRules file_004_group_rules() {
  RankingRules rules;
  rules.scoring = Scoring::Group;
  rules.tie_breaks = {TieBreak::DirectEncounter, TieBreak::NetGames};
  return rules;
}

std::vector<Standing> group_standings(const std::vector<int>& group, const std::vector<PlayedGame>& games,
                                      const RankingRules& rules) {
  std::map<int, int> local;  // player -> place in the group
  for (std::size_t i = 0; i < group.size(); ++i) local[group[i]] = static_cast<int>(i);
  std::vector<PlayedGame> own;
  for (const PlayedGame& g : games) {
    auto first = local.find(g.first), second = local.find(g.second);
    if (first != local.end() && second != local.end())
      own.push_back({first->second, second->second, g.outcome});
  }
  std::vector<Standing> table = standings(static_cast<int>(group.size()), own, rules);
  for (Standing& s : table) s.player = group[s.player];
  return table;
}

Expected<std::vector<int>> group_qualifiers(const std::vector<Standing>& table, int count,
                                            const std::string& name) {
  std::vector<int> out;
  for (int i = 0; i < count && i < static_cast<int>(table.size()); ++i) {
    const bool shared = table[i].rank != i + 1 ||
                        (i + 1 < static_cast<int>(table.size()) && table[i + 1].rank == table[i].rank);
    if (shared)
      return make_error("group " + name + ": place " + std::to_string(i + 1) +
                        " is shared after every tie-break; a play-off or a lot must decide it");
    out.push_back(table[i].player);
  }
  return out;
}

std::string group_name(int index) {
  std::string name;
  for (int i = index + 1; i > 0; i = (i - 1) / 26)
    name.insert(name.begin(), static_cast<char>('A' + (i - 1) % 26));
  return name;
}

}  // namespace qi::competition
