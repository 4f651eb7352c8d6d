// A tournament as a page sees it (tournament_view.h).
#include "app/tournament/tournament_view.h"

#include <map>

#include "app/session_json.h"
#include "app/tournament/tournament_document.h"
#include "app/tournament/tournament_groups.h"
#include "app/tournament/tournament_knockout.h"
#include "app/tournament/tournament_standings.h"
#include "competition/scoring.h"
#include "competition/tie_breaks.h"

namespace qi::app {

using nlohmann::json;
namespace cp = competition;

namespace {

json entrant_json(const Entrant& e) {
  return {{"entrant", e.number}, {"player_id", e.player_id ? json(*e.player_id) : json(nullptr)},
          {"name", e.name},      {"level", e.level},
          {"rating", e.rating},  {"withdrawn", e.withdrawn}};
}

json rounds_json(const Tournament& t) {
  json rounds = json::array();
  for (const TournamentRound& r : t.rounds) {
    json boards = json::array();
    for (const Board& b : r.boards) {
      json j = {{"board", b.number},
                {"first", b.first},
                {"second", b.second},
                {"game_id", b.game_id.empty() ? json(nullptr) : json(b.game_id)}};
      // Which group's game (groups then a knockout) or which match of the
      // bracket (knockouts): 0 where it is neither.
      j["group"] = b.group;
      j["stage"] = b.stage;
      j["match"] = b.match;
      j["result"] = b.result == BoardResult::None ? json(nullptr) : json(board_result_code(b.result));
      j["result_by"] = b.result_by.empty() ? json(nullptr) : json(b.result_by);
      // What the players reported, while they disagree or one has not yet.
      j["reports"] = {
          b.reports[0] == BoardResult::None ? json(nullptr) : json(board_result_code(b.reports[0])),
          b.reports[1] == BoardResult::None ? json(nullptr) : json(board_result_code(b.reports[1]))};
      boards.push_back(std::move(j));
    }
    rounds.push_back(
        {{"round", r.number}, {"started_ms", r.started_ms}, {"complete", r.complete()}, {"boards", boards}});
  }
  return rounds;
}

// A crosstable cell as arbiters write it: "1", "½", "0" for a game, "+" and
// "-" for a forfeit, "bye" for the pairing's bye, "" for a round not played.
std::string cell_text(const cp::RoundResult& r, cp::Scoring scoring) {
  switch (r.kind) {
    case cp::RoundKind::Played:
      return cp::points_text(cp::points(scoring, r.score), scoring);
    case cp::RoundKind::ForfeitWin:
      return "+";
    case cp::RoundKind::ForfeitLoss:
      return "-";
    case cp::RoundKind::PairingBye:
    case cp::RoundKind::FullPointBye:
    case cp::RoundKind::HalfPointBye:
      return "bye";
    case cp::RoundKind::ZeroPointBye:
      return "";
  }
  return "";
}

std::string stage_name(cp::MatchStage stage) {
  switch (stage) {
    case cp::MatchStage::Regular:
      return "regular";
    case cp::MatchStage::TieBreak:
      return "tie-break";
    case cp::MatchStage::Armageddon:
      return "armageddon";
    case cp::MatchStage::Decided:
      return "decided";
  }
  return "";
}

// The bracket as far as the results reach, each match with its games and
// where it stands; the players out in a round share its placing (the
// losers of the final 2nd, of the semi-finals 3rd, of the quarter-finals
// 5th, ...).
json bracket_json(const Tournament& t) {
  auto bracket = knockout_bracket(t);
  if (!bracket) return nullptr;
  std::map<const Board*, int> round_of;
  for (const TournamentRound& r : t.rounds)
    for (const Board& b : r.boards) round_of[&b] = r.number;
  json stages = json::array();
  json placings = json::object();
  for (const std::vector<BracketMatch>& stage : bracket->stages) {
    json matches = json::array();
    for (const BracketMatch& m : stage) {
      json games = json::array();
      for (const Board* b : m.boards)
        games.push_back({{"round", round_of[b]},
                         {"board", b->number},
                         {"first", b->first},
                         {"game_id", b->game_id.empty() ? json(nullptr) : json(b->game_id)},
                         {"result", b->result == BoardResult::None ? json(nullptr)
                                                                   : json(board_result_code(b->result))}});
      matches.push_back({{"match", m.number},
                         {"a", m.a},
                         {"b", m.b},
                         {"score_a", m.progress.score_a},
                         {"score_b", m.progress.score_b},
                         {"stage", stage_name(m.progress.stage)},
                         {"playing", m.playing},
                         {"winner", m.winner},
                         {"decided_by", m.progress.decided_by},
                         {"games", std::move(games)}});
      if (m.winner && m.b) {
        const int loser = m.winner == m.a ? m.b : m.a;
        placings[std::to_string(loser)] = (1 << (bracket->stages_planned - m.stage)) + 1;
      }
    }
    stages.push_back({{"round", stage.front().stage}, {"matches", std::move(matches)}});
  }
  if (bracket->champion) placings[std::to_string(bracket->champion)] = 1;
  return {{"rounds", std::move(stages)},
          {"rounds_planned", bracket->stages_planned},
          {"champion", bracket->champion},
          {"placings", std::move(placings)}};
}

// Each group with its table (the organiser's tie-break columns) and, once
// its games are all played, the two who go through.
json groups_json(const Tournament& t, cp::Scoring scoring) {
  json out = json::array();
  for (const TournamentGroup& g : tournament_groups(t)) {
    json table = json::array();
    for (const cp::Standing& st : g.standings) {
      json tie_breaks = st.tie_breaks;
      if (!tie_breaks.empty()) tie_breaks.erase(tie_breaks.size() - 1);  // the lot added to settle places
      table.push_back({{"rank", st.rank},
                       {"entrant", st.player},
                       {"name", t.entrants[st.player - 1].name},
                       {"points", st.points},
                       {"points_text", cp::points_text(st.points, scoring)},
                       {"games", st.games},
                       {"wins", st.wins},
                       {"draws", st.draws},
                       {"losses", st.losses},
                       {"net", st.net_wins},
                       {"tie_breaks", std::move(tie_breaks)}});
    }
    out.push_back({{"name", g.name},
                   {"entrants", g.entrants},
                   {"standings", std::move(table)},
                   {"qualified", g.qualified}});
  }
  return out;
}

}  // namespace

json tournament_view(const Tournament& t, std::optional<std::int64_t> viewer) {
  const bool organiser = viewer && *viewer == t.organiser;
  // The settings as stored (their tie-breaks already in FIDE's codes), and
  // what the tournament is now.
  json v = tournament_settings_json(t.settings);
  v.erase("rounds");
  v.update({{"id", t.id},
            {"rounds_planned", t.rounds_planned()},
            {"organiser", {{"id", t.organiser}, {"name", t.organiser_name}}},
            {"you_organise", organiser},
            {"status", t.status()},
            {"version", t.version},
            {"created_ms", t.created_ms},
            {"can_start_round", organiser && t.can_start_round()}});
  json entrants = json::array();
  for (const Entrant& e : t.entrants) entrants.push_back(entrant_json(e));
  v["entrants"] = std::move(entrants);
  v["rounds"] = rounds_json(t);

  const cp::Crosstable table = tournament_crosstable(t);
  const cp::RankingRules rules = tournament_ranking_rules(t);
  json standings = json::array();
  for (const cp::Standing& st : cp::standings(table, rules)) {
    const Entrant& e = t.entrants[st.player];
    standings.push_back({{"rank", st.rank},
                         {"entrant", e.number},
                         {"name", e.name},
                         {"withdrawn", e.withdrawn},
                         {"points", st.points},
                         {"points_text", cp::points_text(st.points, rules.scoring)},
                         {"games", st.games},
                         {"wins", st.wins},
                         {"draws", st.draws},
                         {"losses", st.losses},
                         {"tie_breaks", st.tie_breaks}});
  }
  v["standings"] = std::move(standings);
  json crosstable = json::array();
  for (int p = 0; p < table.players(); ++p) {
    json cells = json::array();
    for (int r = 0; r < table.rounds(); ++r) {
      const cp::RoundResult& cell = table.at(p, r);
      json c = {{"opponent", cell.opponent + 1}, {"score", cell_text(cell, rules.scoring)}};
      c["side"] = cell.opponent < 0 ? json(nullptr) : json(cell.first ? "first" : "second");
      cells.push_back(std::move(c));
    }
    crosstable.push_back({{"entrant", p + 1}, {"rounds", std::move(cells)}});
  }
  v["crosstable"] = std::move(crosstable);
  if (t.is_knockout()) v["bracket"] = bracket_json(t);
  if (t.has_groups()) v["group_tables"] = groups_json(t, rules.scoring);
  return v;
}

json tournament_summary(const Tournament& t) {
  return {{"id", t.id},
          {"name", t.settings.name},
          {"game", t.settings.game},
          {"variant", t.settings.variant},
          {"format", t.settings.format},
          {"status", t.status()},
          {"entrants", t.entrants.size()},
          {"round", t.rounds.size()},
          {"rounds_planned", t.rounds_planned()},
          {"starts_ms", t.settings.starts_ms},
          {"created_ms", t.created_ms},
          {"organiser", {{"id", t.organiser}, {"name", t.organiser_name}}}};
}

}  // namespace qi::app
