#include "competition/standings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace qi::competition {

std::vector<TieBreak> default_tie_breaks() { return {TieBreak::DirectEncounter, TieBreak::NetGames}; }

std::vector<Standing> standings(const Crosstable& table, const RankingRules& rules) {
  const int n = table.players();
  std::vector<Standing> rows(n);
  for (int p = 0; p < n; ++p) {
    Standing& st = rows[p];
    st.player = p;
    st.points = score(table, rules.scoring, p);
    st.net_wins = net_games(table, p);
    for (int r = 0; r < table.rounds(); ++r) {
      const RoundResult& result = table.at(p, r);
      if (result.opponent < 0) continue;
      ++st.games;
      if (result.score == 1.0)
        ++st.wins;
      else if (result.score == 0.5)
        ++st.draws;
      else
        ++st.losses;
    }
  }
  // Head to head for the table: points against the players level on points.
  for (int p = 0; p < n; ++p) {
    std::vector<int> level;
    for (int q = 0; q < n; ++q)
      if (rows[q].points == rows[p].points) level.push_back(q);
    rows[p].head_to_head = direct_encounter_points(table, rules.scoring, p, level);
  }

  // Groups level so far, best first: by points, then split by each tie-break
  // in turn.
  std::vector<std::vector<int>> groups;
  {
    std::vector<int> everyone;
    for (int p = 0; p < n; ++p) everyone.push_back(p);
    std::stable_sort(everyone.begin(), everyone.end(),
                     [&](int a, int b) { return rows[a].points > rows[b].points; });
    for (std::size_t i = 0; i < everyone.size(); ++i) {
      if (i == 0 || rows[everyone[i]].points != rows[everyone[i - 1]].points) groups.emplace_back();
      groups.back().push_back(everyone[i]);
    }
  }
  for (TieBreak tie_break : rules.tie_breaks) {
    std::vector<std::vector<int>> next;
    for (const std::vector<int>& group : groups) {
      for (int p : group)
        rows[p].tie_breaks.push_back(
            tie_break_value(table, rules.scoring, tie_break, p, group, rules.lot_seed));
      if (group.size() < 2) {
        next.push_back(group);
        continue;
      }
      for (std::vector<int>& part : split_tied(table, rules.scoring, tie_break, group, rules.lot_seed))
        next.push_back(std::move(part));
    }
    groups = std::move(next);
  }

  std::vector<Standing> sorted;
  for (const std::vector<int>& group : groups) {
    const int rank = static_cast<int>(sorted.size()) + 1;
    for (int p : group) {
      sorted.push_back(rows[p]);
      sorted.back().rank = rank;
    }
  }
  return sorted;
}

std::vector<Standing> standings(int players, const std::vector<PlayedGame>& games,
                                const RankingRules& rules) {
  return standings(Crosstable::from_games(players, games), rules);
}

std::vector<Standing> standings(int players, const std::vector<PlayedGame>& games, Scoring scoring) {
  RankingRules rules;
  rules.scoring = scoring;
  return standings(players, games, rules);
}

namespace {

// Pads to a width counted in characters, not bytes ("½" is two bytes).
std::string pad(const std::string& s, std::size_t width, bool right = false) {
  std::size_t chars = 0;
  for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
  std::string fill(width > chars ? width - chars : 0, ' ');
  return right ? fill + s : s + fill;
}

std::string scoring_label(Scoring scoring) {
  switch (scoring) {
    case Scoring::Fide:
      return "1 / ½ / 0";
    case Scoring::Group:
      return "3 / 1 / 0";
    case Scoring::TwoOneZero:
      return "2 / 1 / 0";
  }
  return {};
}

// A tie-break's value in a column: whole numbers as they are, the rest as
// points (halves) or with one decimal.
std::string value_text(double value, TieBreak tie_break, Scoring scoring) {
  if (value == std::floor(value) || tie_break == TieBreak::Lot) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.0f", value);
    return buffer;
  }
  if (std::fmod(value * 2, 1.0) == 0 && scoring == Scoring::Fide) return points_text(value, scoring);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  return buffer;
}

}  // namespace

std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              Scoring scoring) {
  RankingRules rules;
  rules.scoring = scoring;
  return round_robin_table(names, games, rules);
}

std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              const RankingRules& rules) {
  const Scoring scoring = rules.scoring;
  const int n = static_cast<int>(names.size());
  std::vector<Standing> table = standings(n, games, rules);
  std::map<std::pair<int, int>, std::pair<double, int>> cells;  // (row, column) -> (points, games)
  for (const PlayedGame& g : games) {
    for (auto [me, them] : {std::pair{g.first, g.second}, std::pair{g.second, g.first}}) {
      auto& cell = cells[{me, them}];
      cell.first += points(scoring, game_score(g, me));
      ++cell.second;
    }
  }
  std::size_t name_width = 6;
  for (const std::string& s : names) name_width = std::max(name_width, s.size());
  std::string out = "Cross-table (" + scoring_label(scoring) + "; rows in order of standing)\n";
  out += pad("Rank", 5) + pad("Player", name_width + 2);
  for (std::size_t c = 0; c < table.size(); ++c) out += pad(std::to_string(c + 1), 5, true);
  out += pad("Pts", 7, true) + pad("W", 4, true) + pad("D", 4, true) + pad("L", 4, true);
  for (TieBreak tie_break : rules.tie_breaks) {
    // The xiangqi document's two keep the names the table always had.
    const std::string header = tie_break == TieBreak::DirectEncounter ? "H2H"
                               : tie_break == TieBreak::NetGames      ? "Net"
                                                                      : tie_break_code(tie_break);
    out += pad(header, std::max<std::size_t>(6, header.size() + 1), true);
  }
  out += "\n";
  for (std::size_t r = 0; r < table.size(); ++r) {
    const Standing& s = table[r];
    out += pad(std::to_string(s.rank), 5) + pad(names[s.player], name_width + 2);
    for (std::size_t c = 0; c < table.size(); ++c) {
      if (c == r) {
        out += pad("*", 5, true);
        continue;
      }
      auto it = cells.find({s.player, table[c].player});
      out += pad(it == cells.end() ? "" : points_text(it->second.first, scoring), 5, true);
    }
    out += pad(points_text(s.points, scoring), 7, true) + pad(std::to_string(s.wins), 4, true) +
           pad(std::to_string(s.draws), 4, true) + pad(std::to_string(s.losses), 4, true);
    for (std::size_t i = 0; i < rules.tie_breaks.size(); ++i) {
      const std::string header = tie_break_code(rules.tie_breaks[i]);
      const std::size_t width = std::max<std::size_t>(6, header.size() + 1);
      const double value = i < s.tie_breaks.size() ? s.tie_breaks[i] : 0;
      out += pad(value_text(value, rules.tie_breaks[i], scoring), width, true);
    }
    out += "\n";
  }
  return out;
}

}  // namespace qi::competition
