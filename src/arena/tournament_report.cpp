// Tournament output: the cross-table or the bracket, the standings, and the
// same as JSON.
#include <nlohmann/json.hpp>

#include "arena/tournament.h"

namespace qi::arena {
namespace {

std::vector<std::string> names_of(const TournamentOptions& o) {
  std::vector<std::string> names;
  for (const PlayerSpec& p : o.players) names.push_back(p.display_name());
  return names;
}

std::string half_text(double score) {
  const std::string text = competition::points_text(score, Scoring::Fide);
  return text;
}

bool round_robin(Format f) { return f == Format::RoundRobin || f == Format::DoubleRoundRobin; }

}  // namespace

competition::RankingRules ranking_rules(const TournamentOptions& o) {
  return {o.scoring, o.tie_breaks, o.seed};
}

std::string tournament_report(const TournamentOptions& o, const TournamentResult& r) {
  const std::vector<std::string> names = names_of(o);
  std::string out = "\nTournament: " + format_name(o.format) + ", " + std::to_string(names.size()) +
                    " players, " + std::to_string(r.games.size()) + " games\n";
  if (round_robin(o.format)) {
    std::vector<PlayedGame> games;
    for (const TournamentGame& g : r.games) games.push_back(g.game);
    return out + competition::round_robin_table(names, games, ranking_rules(o));
  }
  int round = 0;
  for (const KnockoutMatch& m : r.matches) {
    if (m.round != round) out += "Round " + std::to_string(round = m.round) + "\n";
    if (m.b < 0) {
      out += "  " + names[m.a] + ": bye\n";
      continue;
    }
    out += "  " + names[m.a] + " " + half_text(m.score_a) + " - " + half_text(m.score_b) + " " + names[m.b] +
           "  -> " + names[m.winner] + " (" + m.decided_by + ")\n";
  }
  out += "Standings\n";
  for (const Standing& s : r.standings)
    out += "  " + std::to_string(s.rank) + ". " + names[s.player] + "  (+" + std::to_string(s.wins) + " =" +
           std::to_string(s.draws) + " -" + std::to_string(s.losses) + ")\n";
  return out;
}

std::string tournament_json(const TournamentOptions& o, const TournamentResult& r) {
  using json = nlohmann::ordered_json;
  const std::vector<std::string> names = names_of(o);
  json j;
  j["format"] = format_name(o.format);
  j["scoring"] = competition::scoring_name(o.scoring);
  if (round_robin(o.format)) {
    json codes = json::array();
    for (competition::TieBreak t : o.tie_breaks) codes.push_back(competition::tie_break_code(t));
    j["tie_breaks"] = codes;
  }
  j["game"] = o.settings.game;
  if (!o.settings.variant.empty()) j["variant"] = o.settings.variant;
  j["time_control"] = o.settings.tc.text();
  j["players"] = names;
  json standings = json::array();
  for (const Standing& s : r.standings) {
    standings.push_back({{"rank", s.rank},
                         {"player", names[s.player]},
                         {"points", s.points},
                         {"games", s.games},
                         {"wins", s.wins},
                         {"draws", s.draws},
                         {"losses", s.losses},
                         {"head_to_head", s.head_to_head},
                         {"net_wins", s.net_wins}});
    // The chosen tie-breaks' values, in their order (round robins).
    if (round_robin(o.format)) standings.back()["tie_breaks"] = s.tie_breaks;
  }
  j["standings"] = standings;
  if (round_robin(o.format)) {
    // crosstable[i][j]: points of player i against player j (null on the diagonal).
    const std::size_t n = names.size();
    json table = json::array();
    std::vector<std::vector<double>> cells(n, std::vector<double>(n, 0.0));
    for (const TournamentGame& g : r.games) {
      cells[g.game.first][g.game.second] +=
          competition::points(o.scoring, competition::game_score(g.game, g.game.first));
      cells[g.game.second][g.game.first] +=
          competition::points(o.scoring, competition::game_score(g.game, g.game.second));
    }
    for (std::size_t a = 0; a < n; ++a) {
      json row = json::array();
      for (std::size_t b = 0; b < n; ++b) row.push_back(a == b ? json(nullptr) : json(cells[a][b]));
      table.push_back(row);
    }
    j["crosstable"] = table;
  } else {
    json matches = json::array();
    for (const KnockoutMatch& m : r.matches) {
      json jm = {
          {"round", m.round}, {"a", names[m.a]}, {"winner", names[m.winner]}, {"decided_by", m.decided_by}};
      if (m.b >= 0) {
        jm["b"] = names[m.b];
        jm["score_a"] = m.score_a;
        jm["score_b"] = m.score_b;
        jm["games"] = m.games;
      }
      matches.push_back(jm);
    }
    j["matches"] = matches;
  }
  json games = json::array();
  for (const TournamentGame& g : r.games) {
    json jg = {{"number", g.number},
               {"round", g.round},
               {"first", names[g.game.first]},
               {"second", names[g.game.second]},
               {"result", score_text(g.game.outcome)},
               {"termination", std::string(name_of(g.game.outcome.termination))},
               {"reason", g.reason},
               {"plies", g.plies}};
    if (!g.kind.empty()) jg["kind"] = g.kind;
    games.push_back(jg);
  }
  j["games"] = games;
  return j.dump(2) + "\n";
}

}  // namespace qi::arena
