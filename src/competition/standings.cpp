#include "competition/standings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace qi::competition {

std::vector<Standing> standings(int players, const std::vector<PlayedGame>& games, Scoring scoring) {
  std::vector<Standing> table(players);
  for (int i = 0; i < players; ++i) table[i].player = i;
  for (const PlayedGame& g : games) {
    for (int p : {g.first, g.second}) {
      const double s = game_score(g, p);
      Standing& st = table[p];
      ++st.games;
      st.points += points(scoring, s);
      if (s == 1.0)
        ++st.wins;
      else if (s == 0.5)
        ++st.draws;
      else
        ++st.losses;
    }
  }
  for (Standing& st : table) st.net_wins = st.wins - st.losses;
  // Head to head: points scored against players with the same total.
  for (const PlayedGame& g : games) {
    if (table[g.first].points != table[g.second].points) continue;
    table[g.first].head_to_head += points(scoring, game_score(g, g.first));
    table[g.second].head_to_head += points(scoring, game_score(g, g.second));
  }
  auto key = [](const Standing& s) { return std::make_tuple(s.points, s.head_to_head, s.net_wins); };
  std::stable_sort(table.begin(), table.end(),
                   [&](const Standing& a, const Standing& b) { return key(a) > key(b); });
  for (std::size_t i = 0; i < table.size(); ++i)
    table[i].rank =
        (i > 0 && key(table[i]) == key(table[i - 1])) ? table[i - 1].rank : static_cast<int>(i) + 1;
  return table;
}

namespace {

// Pads to a width counted in characters, not bytes ("½" is two bytes).
std::string pad(const std::string& s, std::size_t width, bool right = false) {
  std::size_t chars = 0;
  for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
  std::string fill(width > chars ? width - chars : 0, ' ');
  return right ? fill + s : s + fill;
}

}  // namespace

std::string round_robin_table(const std::vector<std::string>& names, const std::vector<PlayedGame>& games,
                              Scoring scoring) {
  const int n = static_cast<int>(names.size());
  std::vector<Standing> table = standings(n, games, scoring);
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
  std::string out = "Cross-table (" + std::string(scoring == Scoring::Fide ? "1 / ½ / 0" : "3 / 1 / 0") +
                    "; rows in order of standing)\n";
  out += pad("Rank", 5) + pad("Player", name_width + 2);
  for (std::size_t c = 0; c < table.size(); ++c) out += pad(std::to_string(c + 1), 5, true);
  out += pad("Pts", 7, true) + pad("W", 4, true) + pad("D", 4, true) + pad("L", 4, true) +
         pad("H2H", 6, true) + pad("Net", 5, true) + "\n";
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
           pad(std::to_string(s.draws), 4, true) + pad(std::to_string(s.losses), 4, true) +
           pad(points_text(s.head_to_head, scoring), 6, true) + pad(std::to_string(s.net_wins), 5, true) +
           "\n";
  }
  return out;
}

}  // namespace qi::competition
