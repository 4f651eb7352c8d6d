// Tournaments (app/tournament/tournaments.h):
//   GET  /api/tournaments                 the newest, as summaries
//   POST /api/tournaments                 made by the account logged in
//   GET  /api/tournaments/<id>            the tournament (tournament_view.h)
//   POST /api/tournaments/<id>/join       a profile enters; the organiser adds an engine ({"level"})
//   POST /api/tournaments/<id>/withdraw   an entrant leaves (the player or the organiser)
//   POST /api/tournaments/<id>/start-round  the organiser pairs the next round
//   POST /api/tournaments/<id>/result     the organiser enters a board's result
//   POST /api/tournaments/<id>/seat       a player's game in the round: its token
//   GET  /api/tournaments/<id>/trf        FIDE's report file of the rounds so far
//   GET  /api/tournaments/<id>/records    every game's record
// Who may do what is the tournament's to say (the organiser, the entrant's
// own profile); a profile is used as a game seat is (check_player: a
// protected one needs its owner logged in, or its password).
#include "app/tournament/tournament_trf.h"
#include "app/tournament/tournament_view.h"
#include "core/registry.h"
#include "core/utf8.h"
#include "server/api.h"
#include "server/api_fields.h"

namespace qi::server {

using nlohmann::json;

namespace {

int tournament_status(const Error& e) {
  if (e.code == "no_tournament" || e.code == "no_game" || e.code == "no_board" || e.code == "no_entrant")
    return 404;
  if (e.code == "not_organiser" || e.code == "not_your_board") return 403;
  if (e.code == "login_required") return 401;
  if (e.code == "too_many_tournaments") return 429;
  if (e.code == "already_entered" || e.code == "result_known" || e.code == "round_incomplete" ||
      e.code == "tournament_started" || e.code == "tournament_over" || e.code == "tournament_full")
    return 409;
  if (e.code == "busy" || e.code == "store_unavailable" || e.code == "not_saved") return 503;
  if (e.code == "tournament_damaged") return 500;
  return 422;
}

ApiResponse tournament_refusal(const Error& e) { return error_response(tournament_status(e), e); }

std::optional<std::string> read_settings(const json& body, app::TournamentSettings& s) {
  if (auto e = unknown_field(
          body, {"name", "game", "variant", "time_control", "format", "rounds", "scoring", "tie_breaks",
                 "rated", "starts_ms", "forfeit_after_ms", "bye_score", "match_games", "tie_break_games",
                 "decider", "over_the_board", "groups", "group_cycles"}))
    return e;
  std::string tie_breaks;
  std::int64_t rounds = 0;
  for (auto e : {read(body, "name", s.name, app::kMaxTournamentName), read(body, "game", s.game, 64),
                 read(body, "variant", s.variant, 64), read(body, "format", s.format, 32),
                 read(body, "rounds", rounds), read(body, "scoring", s.scoring, 16),
                 read(body, "tie_breaks", tie_breaks, 128), read(body, "rated", s.rated),
                 read(body, "over_the_board", s.over_the_board), read(body, "starts_ms", s.starts_ms),
                 read(body, "forfeit_after_ms", s.forfeit_after_ms)})
    if (e) return e;
  if (rounds > app::kMaxSwissRounds) return "field 'rounds' is out of range (1 to 20)";
  std::int64_t match_games = s.match_games, groups = s.groups, group_cycles = s.group_cycles;
  for (auto e : {read(body, "match_games", match_games), read(body, "decider", s.decider, 16),
                 read(body, "groups", groups), read(body, "group_cycles", group_cycles)})
    if (e) return e;
  if (groups > 8 || group_cycles > 2)
    return std::string("field 'groups' is 2, 4 or 8 and 'group_cycles' 1 or 2");
  s.groups = static_cast<int>(groups);
  s.group_cycles = static_cast<int>(group_cycles);
  if (match_games > 7) return "field 'match_games' is out of range (1 to 7)";
  s.match_games = static_cast<int>(match_games);
  if (body.contains("tie_break_games")) {
    const json& stages = body["tie_break_games"];
    if (!stages.is_array() || stages.size() > 3)
      return std::string("field 'tie_break_games' is a list of up to 3 stages' games, such as [2, 2]");
    for (const json& g : stages) {
      if (!g.is_number_integer() || g.get<std::int64_t>() < 1 || g.get<std::int64_t>() > 4)
        return std::string("field 'tie_break_games' holds 1 to 4 games a stage");
      s.tie_break_games.push_back(static_cast<int>(g.get<std::int64_t>()));
    }
  }
  s.rounds = static_cast<int>(rounds);
  if (auto e = read_time_control(body, s.time_control)) return e;
  if (body.contains("bye_score")) {
    if (!body["bye_score"].is_number()) return std::string("field 'bye_score' must be 1 or 0.5");
    s.bye_score = body["bye_score"].get<double>();
  }
  // "de,sb" or "DE, SB": one code after another.
  std::string code;
  for (char c : tie_breaks + ",") {
    if (c == ',') {
      if (!code.empty()) s.tie_breaks.push_back(code);
      code.clear();
    } else if (c != ' ') {
      code += c;
    }
  }
  return std::nullopt;
}

}  // namespace

ApiResponse Api::tournaments(const ApiRequest& request, const std::vector<std::string>& parts,
                             const json& body) {
  const bool get = request.method == "GET";
  if (parts.size() == 2) {
    if (!get) return create_tournament(request, body);
    auto list = tournaments_.list();
    if (!list) return tournament_refusal(list.error());
    return {200, {{"tournaments", *list}}};
  }
  if (parts.size() == 3 && get) {
    auto t = tournaments_.get(parts[2]);
    if (!t) return tournament_refusal(t.error());
    return {200, app::tournament_view(*t, logged_in(request))};
  }
  if (parts.size() == 4) {
    if (get && parts[3] == "trf") {
      auto t = tournaments_.get(parts[2]);
      if (!t) return tournament_refusal(t.error());
      return {200, {{"trf", competition::swiss::write_trf(app::tournament_trf(*t))}}};
    }
    if (get && parts[3] == "records") {
      auto records = tournaments_.records(parts[2]);
      if (!records) return tournament_refusal(records.error());
      return {200, {{"records", *records}}};
    }
    if (!get) return tournament_action(request, parts[2], parts[3], body);
  }
  return error_response(404, "no such API path: " + printable(request.path));
}

ApiResponse Api::create_tournament(const ApiRequest& request, const json& body) {
  auto me = logged_in(request);
  if (!me) return error_response(401, Error{"an organiser logs in to make a tournament", "login_required"});
  app::TournamentSettings settings;
  settings.game = default_game_name();
  if (auto e = read_settings(body, settings)) return error_response(400, *e);
  if (auto refused = over_limit(new_tournaments_, request)) return *refused;
  auto t = tournaments_.create(*me, std::move(settings));
  if (!t) return tournament_refusal(t.error());
  return {200, app::tournament_view(*t, me)};
}

ApiResponse Api::tournament_action(const ApiRequest& request, const std::string& id,
                                   const std::string& action, const json& body) {
  const std::optional<std::int64_t> me = logged_in(request);
  auto answer = [&](const Expected<app::Tournament>& t) {
    if (!t) return tournament_refusal(t.error());
    return ApiResponse{200, app::tournament_view(*t, me)};
  };
  std::int64_t player = 0, entrant = 0, round = 0, board = 0, level = 0;
  std::string password, result;
  if (action == "join" || action == "seat" || action == "withdraw") {
    if (auto e = unknown_field(body, {"player_id", "password", "level", "entrant"}))
      return error_response(400, *e);
    for (auto e : {read(body, "player_id", player), read(body, "password", password, app::kMaxPasswordBytes),
                   read(body, "level", level), read(body, "entrant", entrant)})
      if (e) return error_response(400, *e);
    if (action == "join" && level > 0)
      return answer(tournaments_.add_engine(id, static_cast<int>(level), me));
    if (action == "withdraw" && entrant > 0 && player == 0)
      return answer(tournaments_.withdraw(id, static_cast<int>(entrant), me));
    if (player <= 0) return error_response(400, "field 'player_id' is required (the profile)");
    if (auto refused = check_player(request, player, password)) return *refused;
    if (action == "join") return answer(tournaments_.join(id, player));
    if (action == "seat") {
      auto seat = tournaments_.seat(id, player);
      if (!seat) return tournament_refusal(seat.error());
      return {200,
              {{"round", seat->round},
               {"board", seat->board},
               {"game_id", seat->game_id},
               {"side", seat->side},
               {"token", seat->token}}};
    }
    // A player withdraws their own entry: the profile, checked above, is
    // the one asking.
    auto t = tournaments_.get(id);
    if (!t) return tournament_refusal(t.error());
    const app::Entrant* e = t->entrant_of_player(player);
    if (!e) return error_response(404, Error{"the player has not entered", "no_entrant"});
    return answer(tournaments_.withdraw(id, e->number, me == t->organiser ? me : std::optional(player)));
  }
  if (action == "start-round") {
    if (auto e = unknown_field(body, {})) return error_response(400, *e);
    return answer(tournaments_.start_round(id, me));
  }
  if (action == "report") {
    if (auto e = unknown_field(body, {"player_id", "password", "round", "board", "result"}))
      return error_response(400, *e);
    for (auto e : {read(body, "player_id", player), read(body, "password", password, app::kMaxPasswordBytes),
                   read(body, "round", round), read(body, "board", board), read(body, "result", result, 16)})
      if (e) return error_response(400, *e);
    if (player <= 0) return error_response(400, "field 'player_id' is required (the profile)");
    if (auto refused = check_player(request, player, password)) return *refused;
    auto code = app::parse_board_result(result);
    if (!code) return error_response(400, "field 'result' is 1-0, 0-1, 1/2-1/2, +-, -+ or --");
    return answer(
        tournaments_.report_result(id, static_cast<int>(round), static_cast<int>(board), *code, player));
  }
  if (action == "result") {
    if (auto e = unknown_field(body, {"round", "board", "result"})) return error_response(400, *e);
    for (auto e : {read(body, "round", round), read(body, "board", board), read(body, "result", result, 16)})
      if (e) return error_response(400, *e);
    auto code = app::parse_board_result(result);
    if (!code) return error_response(400, "field 'result' is 1-0, 0-1, 1/2-1/2, +-, -+ or --");
    return answer(tournaments_.enter_result(id, static_cast<int>(round), static_cast<int>(board), *code, me));
  }
  return error_response(404, "no such tournament action: " + printable(action));
}

}  // namespace qi::server
