// The stored form of a tournament (tournament_document.h).
#include "app/tournament/tournament_document.h"

#include "app/refusal_codes.h"
#include "app/session_json.h"

namespace qi::app {

using nlohmann::json;

namespace {}  // namespace

json tournament_settings_json(const TournamentSettings& s) {
  return {{"name", s.name},
          {"game", s.game},
          {"variant", s.variant},
          {"time_control", time_control_json(s.time_control)},
          {"format", s.format},
          {"rounds", s.rounds},
          {"scoring", s.scoring},
          {"tie_breaks", s.tie_breaks},
          {"rated", s.rated},
          {"starts_ms", s.starts_ms},
          {"forfeit_after_ms", s.forfeit_after_ms},
          {"bye_score", s.bye_score},
          {"over_the_board", s.over_the_board},
          {"match_games", s.match_games},
          {"groups", s.groups},
          {"group_cycles", s.group_cycles},
          {"tie_break_games", s.tie_break_games},
          {"decider", s.decider}};
}

namespace {

Expected<TimeControl> time_control_from(const json& j) {
  TimeControl tc;
  auto kind = parse_app_kind(j.value("kind", std::string("unlimited")));
  if (!kind) return kind.error();
  tc.kind = *kind;
  tc.base_ms = j.value("base_ms", std::int64_t{0});
  tc.increment_ms = j.value("increment_ms", std::int64_t{0});
  tc.max_overruns = j.value("max_overruns", 3);
  if (tc.kind == TimeControl::Kind::PerMove) tc.base_ms = j.value("per_move_ms", tc.base_ms);
  return tc;
}

}  // namespace

json tournament_document(const Tournament& t) {
  json entrants = json::array();
  for (const Entrant& e : t.entrants) {
    json j = {{"number", e.number}, {"name", e.name},           {"level", e.level},
              {"rating", e.rating}, {"withdrawn", e.withdrawn}, {"first_round", e.first_round}};
    j["player_id"] = e.player_id ? json(*e.player_id) : json(nullptr);
    entrants.push_back(std::move(j));
  }
  json rounds = json::array();
  for (const TournamentRound& r : t.rounds) {
    json boards = json::array();
    for (const Board& b : r.boards)
      boards.push_back({{"number", b.number},
                        {"first", b.first},
                        {"second", b.second},
                        {"game_id", b.game_id},
                        {"tokens", b.tokens},
                        {"result", board_result_code(b.result)},
                        {"result_by", b.result_by},
                        {"reports", {board_result_code(b.reports[0]), board_result_code(b.reports[1])}},
                        {"stage", b.stage},
                        {"group", b.group},
                        {"match", b.match}});
    rounds.push_back({{"number", r.number}, {"started_ms", r.started_ms}, {"boards", std::move(boards)}});
  }
  return {{"id", t.id},
          {"organiser", t.organiser},
          {"organiser_name", t.organiser_name},
          {"settings", tournament_settings_json(t.settings)},
          {"entrants", std::move(entrants)},
          {"rounds", std::move(rounds)},
          {"field", t.field},
          {"created_ms", t.created_ms}};
}

Expected<Tournament> tournament_from_document(const json& doc) try {
  Tournament t;
  t.id = doc.at("id").get<std::string>();
  t.organiser = doc.at("organiser").get<std::int64_t>();
  t.organiser_name = doc.value("organiser_name", std::string());
  const json& s = doc.at("settings");
  t.settings.name = s.at("name").get<std::string>();
  t.settings.game = s.at("game").get<std::string>();
  t.settings.variant = s.value("variant", std::string());
  auto tc = time_control_from(s.at("time_control"));
  if (!tc) return tc.error();
  t.settings.time_control = *tc;
  t.settings.format = s.at("format").get<std::string>();
  t.settings.rounds = s.value("rounds", 0);
  t.settings.scoring = s.at("scoring").get<std::string>();
  t.settings.tie_breaks = s.value("tie_breaks", std::vector<std::string>());
  t.settings.rated = s.value("rated", false);
  t.settings.starts_ms = s.value("starts_ms", std::int64_t{0});
  t.settings.forfeit_after_ms = s.value("forfeit_after_ms", std::int64_t{0});
  t.settings.bye_score = s.value("bye_score", 1.0);
  t.settings.over_the_board = s.value("over_the_board", false);
  t.settings.match_games = s.value("match_games", 2);
  t.settings.groups = s.value("groups", 2);
  t.settings.group_cycles = s.value("group_cycles", 2);
  t.settings.tie_break_games = s.value("tie_break_games", std::vector<int>());
  t.settings.decider = s.value("decider", std::string("armageddon"));
  for (const json& e : doc.at("entrants")) {
    Entrant x;
    x.number = e.at("number").get<int>();
    if (!e.at("player_id").is_null()) x.player_id = e.at("player_id").get<std::int64_t>();
    x.name = e.at("name").get<std::string>();
    x.level = e.value("level", 0);
    x.rating = e.value("rating", 0);
    x.withdrawn = e.value("withdrawn", false);
    x.first_round = e.value("first_round", 1);
    if (x.number != static_cast<int>(t.entrants.size()) + 1)
      return make_error(refusal("tournament_damaged"),
                        "entrant " + std::to_string(x.number) + " is out of order");
    t.entrants.push_back(std::move(x));
  }
  const int entrants = static_cast<int>(t.entrants.size());
  for (const json& r : doc.at("rounds")) {
    TournamentRound round;
    round.number = r.at("number").get<int>();
    round.started_ms = r.value("started_ms", std::int64_t{0});
    for (const json& b : r.at("boards")) {
      Board board;
      board.number = b.at("number").get<int>();
      board.first = b.at("first").get<int>();
      board.second = b.at("second").get<int>();
      board.game_id = b.value("game_id", std::string());
      board.tokens = b.value("tokens", std::array<std::string, 2>{});
      auto result = parse_board_result(b.value("result", std::string()));
      if (!result) return make_error(refusal("tournament_damaged"), "a board's result is unknown");
      board.result = *result;
      board.result_by = b.value("result_by", std::string());
      board.stage = b.value("stage", 0);
      board.group = b.value("group", 0);
      const auto reports = b.value("reports", std::array<std::string, 2>{});
      for (int side = 0; side < 2; ++side) {
        auto reported = parse_board_result(reports[side]);
        if (!reported)
          return make_error(refusal("tournament_damaged"), "a board's reported result is unknown");
        board.reports[side] = *reported;
      }
      board.match = b.value("match", 0);
      if (board.first < 1 || board.first > entrants || board.second < 0 || board.second > entrants)
        return make_error(refusal("tournament_damaged"), "a board names an entrant there is not");
      round.boards.push_back(std::move(board));
    }
    t.rounds.push_back(std::move(round));
  }
  t.field = doc.value("field", std::vector<int>());
  for (int n : t.field)
    if (n < 1 || n > entrants)
      return make_error(refusal("tournament_damaged"), "the table names an entrant there is not");
  t.created_ms = doc.value("created_ms", std::int64_t{0});
  return t;
} catch (const json::exception& e) {
  return make_error(refusal("tournament_damaged"),
                    std::string("the stored tournament cannot be read: ") + e.what());
}

}  // namespace qi::app
