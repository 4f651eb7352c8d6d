#include "server/api.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <limits>
#include <random>
#include <set>

#include "app/ratings.h"
#include "app/session_json.h"
#include "app/statistics.h"
#include "competition/rating/level_points.h"
#include "core/text.h"
#include "core/utf8.h"
#include "engine/level_elo.h"
#include "engine/record_identity.h"
#include "engine/registry.h"
#include "server/api_fields.h"
#include "server/descriptor_json.h"
#include "server/name_field.h"

namespace qi::server {

using nlohmann::json;

ApiResponse error_response(int status, const std::string& message) {
  // A message may quote what a client sent: never a byte JSON cannot carry.
  return {status, json{{"error", valid_utf8(message)}}};
}

bool store_failed(const Error& error) {
  return error.code == "not_saved" || error.code == "store_unavailable" || error.code == "game_damaged";
}

ApiResponse error_response(int status, const Error& error, std::string_view game) {
  // The one place where the store's failures become answers.
  if (store_failed(error)) status = error.code == "game_damaged" ? 500 : 503;
  ApiResponse r = error_response(status, error.message);
  if (!error.code.empty()) {
    r.body["code"] = error.code;
    r.body["words"] = app::refusal_words(Error{valid_utf8(error.message), error.code}, game);
  }
  return r;
}

namespace {

ApiResponse written_view(const app::SessionManager::WrittenView& view) {
  ApiResponse r;
  r.view = view;
  return r;
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 1;
  while (start <= path.size()) {
    std::size_t end = path.find('/', start);
    if (end == std::string::npos) end = path.size();
    if (end > start) parts.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

json summary_json(const app::GameSummary& g) {
  return {{"id", g.id},
          {"game", g.game},
          {"variant", g.variant},
          {"status", g.status},
          {"score", g.score},
          {"termination", g.termination},
          {"reason", g.ending.en},
          {"words", {{"en", g.ending.en}, {"zh", g.ending.zh.empty() ? g.ending.en : g.ending.zh}}},
          {"names", g.names},
          {"levels", g.levels},
          {"plies", g.plies},
          {"to_move", g.to_move},
          {"rated", g.rated},
          {"created_ms", g.created_ms},
          {"updated_ms", g.updated_ms}};
}

}  // namespace

Api::Api(app::SessionManager& manager, app::Store& store, ApiOptions options)
    : manager_(manager),
      store_(store),
      options_(options),
      accounts_(store, time_),
      lobby_(store, manager, time_, options.lobby),
      tournaments_(store, manager, time_) {}

ApiResponse Api::handle(const ApiRequest& request) {
  if (request.body.size() > kMaxBodyBytes)
    return error_response(413, "the request body is larger than " + std::to_string(kMaxBodyBytes) + " bytes");
  std::vector<std::string> parts = split_path(request.path);
  if (parts.empty() || parts[0] != "api") return error_response(404, "no such API path: " + request.path);
  // Every name a path holds (a game's or a challenge's id, a player's
  // number) is one the server made, in printable ASCII: any other names
  // nothing here, and never reaches the store (PostgreSQL would refuse text
  // that is not UTF-8 as a fault, which reads as the store failing).
  for (const std::string& part : parts)
    if (std::any_of(part.begin(), part.end(), [](char c) { return c <= ' ' || c > '~'; }))
      return error_response(404, "there is nothing at " + printable(request.path));
  json body = json::object();
  if (request.method == "POST") {
    if (request.body.empty()) return error_response(400, "the request needs a JSON object as its body");
    body = json::parse(request.body, nullptr, false);
    if (body.is_discarded()) return error_response(400, "the body is not valid JSON");
    if (!body.is_object()) return error_response(400, "the body must be a JSON object");
  } else if (request.method != "GET") {
    return error_response(405, "method " + request.method + " is not allowed");
  }
  try {
    return route(request, parts, body);
  } catch (const StoreFailure& failure) {
    return error_response(503, failure.error);
  } catch (const json::exception& e) {
    return error_response(400, std::string("bad request: ") + e.what());
  } catch (const std::exception& e) {
    // A fault of the server, not of the request: the operator gets the
    // details, the client a plain message.
    std::cerr << "qi: " << printable(request.method + " " + request.path) << " failed: " << e.what()
              << std::endl;
    return error_response(
        500, Error{"the server failed to answer this request (a fault on its side)", "internal"});
  }
}

ApiResponse Api::route(const ApiRequest& request, const std::vector<std::string>& parts, const json& body) {
  bool get = request.method == "GET";
  if (parts.size() == 2 && parts[1] == "info" && get) return info();
  if (parts.size() == 2 && parts[1] == "games") return get ? list_games(request) : create_game(request, body);
  if (parts.size() == 3 && parts[1] == "games" && get) {
    std::optional<std::int64_t> since;
    if (auto it = request.query.find("since"); it != request.query.end()) {
      since = parse_id(it->second);
      if (!since) return error_response(400, "since must be a game version (a number)");
    }
    auto view = since ? manager_.view_if_changed(parts[2], static_cast<std::uint64_t>(*since))
                      : manager_.shared_view(parts[2]);
    if (!view) return error_response(404, view.error());
    return written_view(*view);
  }
  if (parts.size() == 4 && parts[1] == "games" && get && parts[3] == "review") {
    auto review = manager_.review_text(parts[2], request.client);
    if (!review) return error_response(review.error().code == "busy" ? 429 : 404, review.error());
    return written_view({*review, 0});
  }
  if (parts.size() == 4 && parts[1] == "games" && get && parts[3] == "record") {
    auto record = manager_.record(parts[2]);
    if (!record) return error_response(404, record.error());
    return {200, *record};
  }
  if (parts.size() == 4 && parts[1] == "games" && !get && parts[3] == "join")
    return join_game(request, parts[2], body);
  if (parts.size() == 4 && parts[1] == "games" && !get && parts[3] == "rematch")
    return rematch(parts[2], body);
  if (parts.size() >= 2 && parts[1] == "challenges") return challenges(request, parts, body);
  if (parts.size() >= 2 && parts[1] == "tournaments") return tournaments(request, parts, body);
  if (parts.size() == 2 && parts[1] == "lessons" && get) return lessons();
  if (parts.size() == 3 && parts[1] == "lessons" && parts[2] == "play" && !get)
    return play_lesson(request, body);
  if (parts.size() == 3 && parts[1] == "records" && parts[2] == "identify" && !get)
    return identify_record(request, body);
  if (parts.size() == 4 && parts[1] == "games" && !get)
    return game_action(parts[2], parts[3], body, request.client);
  if (parts.size() == 2 && parts[1] == "players") {
    if (get) {
      json list = json::array();
      for (const app::Player& p : must(store_.players()))
        list.push_back({{"id", p.id}, {"name", p.name}, {"protected", p.has_password}});
      return {200, list};
    }
    return add_player(request, body);
  }
  if (parts.size() == 3 && parts[1] == "players" && get) return player(parts[2]);
  if (parts.size() == 4 && parts[1] == "players" && get && parts[3] == "lessons")
    return lesson_progress(parts[2]);
  if (parts.size() == 4 && parts[1] == "players" && !get && parts[3] == "password")
    return set_password(request, parts[2], body);
  if (parts.size() == 2 && parts[1] == "login" && !get) return log_in(request, body);
  if (parts.size() == 2 && parts[1] == "logout" && !get) return log_out(request);
  if (parts.size() == 2 && parts[1] == "me" && get) return who_am_i(request);
  return error_response(404, "no such API path: " + request.method + " " + request.path);
}

json Api::storage_health() {
  app::StoreHealth h = store_.health();
  return {{"failed_commits", h.failed_commits},
          {"waiting_writes", h.waiting_writes},
          {"failing", !h.last_error.empty()},
          {"last_error", valid_utf8(h.last_error)},
          {"last_error_ms", h.last_error_ms},
          // Several servers on one database: this one's name, and the games
          // it took over from servers that stopped.
          {"cluster",
           {{"instance", manager_.instance()},
            {"shared", manager_.shares_store()},
            {"games_taken_over", manager_.games_taken_over()}}}};
}

// Every registered game's descriptor: the page draws and plays any of them
// from these alone. Each whose engine levels are rated carries their Elo
// (docs/levels.md), shown beside the level a person chooses.
ApiResponse Api::info() {
  json games = json::array();
  for (const engine::GameRegistration* g : engine::registered_games()) {
    json game = descriptor_json(g->descriptor());
    if (const engine::LevelTable* levels = engine::level_table(g->descriptor().name))
      game["level_elo"] = levels->elo;
    games.push_back(std::move(game));
  }
  return {200, {{"games", games}, {"levels", 10}, {"engine", "qi"}, {"max_plies", app::kMaxGamePlies}}};
}

namespace {

// A variant with numbered start positions (Chess960) starts from the one
// asked for ("start_number"), or, when neither a position, a handicap nor a
// record is given, from one chosen at random.
std::optional<ApiResponse> numbered_start(app::SessionSetup& setup, const std::string& record,
                                          std::int64_t number) {
  const engine::GameRegistration* g = engine::find_game(setup.game);
  const VariantDescriptor* v = g ? g->descriptor().variant(setup.variant) : nullptr;
  if (!v || v->numbered_starts == 0) {
    if (number < 0) return std::nullopt;
    return error_response(422, "this game has no numbered start positions (field 'start_number')");
  }
  const bool other_start = !setup.fen.empty() || !setup.handicap.empty() || !record.empty();
  if (number >= 0 && other_start)
    return error_response(422,
                          "choose a numbered start, a start position, a handicap or a record, not several");
  if (other_start) return std::nullopt;
  if (number < 0) {
    static thread_local std::mt19937 random{std::random_device{}()};
    number = std::uniform_int_distribution<std::int64_t>(0, v->numbered_starts - 1)(random);
  }
  if (number >= v->numbered_starts)
    return error_response(422, "field 'start_number': the start positions are numbered from 0 to " +
                                   std::to_string(v->numbered_starts - 1));
  Expected<std::unique_ptr<Game>> game = make_game(setup.game, setup.variant);
  if (!game) return error_response(422, game.error().message);
  Expected<std::string> fen = (*game)->numbered_start_fen(static_cast<int>(number));
  if (!fen) return error_response(422, fen.error().message);
  setup.fen = *fen;
  return std::nullopt;
}

}  // namespace

ApiResponse Api::create_game(const ApiRequest& request, const json& body) {
  if (auto refused = over_limit(new_games_, request)) return *refused;
  if (auto e = unknown_field(body, {"game", "variant", "fen", "handicap", "seats", "time_control", "rated",
                                    "record", "start_number"}))
    return error_response(400, *e);
  app::SessionSetup setup;
  std::string record;
  std::array<std::string, 2> seat_passwords;
  std::int64_t start_number = -1;
  for (auto e :
       {read(body, "game", setup.game), read(body, "variant", setup.variant), read(body, "fen", setup.fen),
        read(body, "handicap", setup.handicap), read(body, "rated", setup.rated),
        read(body, "record", record, kMaxBodyBytes), read(body, "start_number", start_number)})
    if (e) return error_response(400, *e);
  // A record whose game the request does not name is of the game the server
  // identifies it as (engine/record_identity.h).
  if (!record.empty() && !body.contains("game")) {
    Expected<RecordIdentity> id = qi::identify_record(record);
    if (!id) return error_response(400, id.error());
    if (id->game.empty()) return error_response(400, Error{id->why.en, "record_ambiguous"});
    setup.game = id->game;
  }
  if (auto refused = numbered_start(setup, record, start_number)) return *refused;
  if (body.contains("seats")) {
    const json& seats = body["seats"];
    if (!seats.is_array() || seats.size() != 2)
      return error_response(400, "field 'seats' must be a list of two seats");
    for (int i = 0; i < 2; ++i) {
      const json& s = seats[i];
      if (!s.is_object()) return error_response(400, "each seat must be an object");
      if (auto e =
              unknown_field(s, {"kind", "level", "name", "player_id", "movetime_ms", "password", "open"}))
        return error_response(400, "seat: " + *e);
      std::string kind = "human";
      std::int64_t player = 0;
      app::Seat& seat = setup.seats[i];
      for (auto e :
           {read(s, "kind", kind), read(s, "level", seat.level), read(s, "player_id", player),
            read(s, "movetime_ms", seat.movetime_ms),
            read(s, "password", seat_passwords[i], app::kMaxPasswordBytes), read(s, "open", seat.open)})
        if (e) return error_response(400, "seat: " + *e);
      if (auto e = read_name(s, "name", seat.name))
        return error_response(400, Error{"seat: " + e->message, e->code});
      if (kind != "human" && kind != "engine")
        return error_response(400, "seat kind must be 'human' or 'engine'");
      seat.kind = kind == "engine" ? app::SeatKind::Engine : app::SeatKind::Human;
      if (player > 0) seat.player_id = player;
    }
  }
  if (auto e = read_time_control(body, setup.time_control)) return error_response(400, *e);
  if (auto refused = check_owners(request, setup, seat_passwords)) return *refused;
  // A record that cannot be read is a bad request (400) with the parser's
  // words; other refusals (a rule of the app) are 422.
  const std::string game = setup.game;
  auto created = manager_.create(std::move(setup), record, request.client);
  if (!created) {
    if (record.empty() || store_failed(created.error())) return error_response(422, created.error());
    // A record longer than a game may be (app::kMaxGamePlies) is readable,
    // and refused by the app's rule.
    if (created.error().code == "game_too_long") return error_response(422, created.error(), game);
    // The reader's own words name the move and the place; the code lets a
    // page say in its language that the record could not be read.
    return error_response(400, Error{created.error().message, "record_unreadable"}, game);
  }
  return {201, *created};
}

ApiResponse Api::list_games(const ApiRequest& request) {
  int limit = 50;
  std::optional<std::int64_t> player;
  if (auto it = request.query.find("limit"); it != request.query.end()) {
    auto n = parse_id(it->second);
    if (!n || *n > 1000) return error_response(400, "limit must be a number from 1 to 1000");
    limit = static_cast<int>(*n);
  }
  if (auto it = request.query.find("player"); it != request.query.end()) {
    player = parse_id(it->second);
    if (!player) return error_response(400, "player must be a player's number");
  }
  json list = json::array();
  for (const app::GameSummary& g : must(store_.list_games(limit, player))) {
    list.push_back(summary_json(g));
    // A game in play says who has left it, when the server can tell.
    if (g.status != "over")
      if (auto gone = manager_.gone_players(g)) {
        json sides = json::array();
        for (Side side : *gone) sides.push_back(side == Side::First ? "first" : "second");
        list.back()["gone"] = sides;
      }
  }
  return {200, list};
}

ApiResponse Api::game_action(const std::string& id, const std::string& action, const json& body,
                             const std::string& client) {
  using A = app::SessionManager::Action;
  static const std::map<std::string, A> actions = {{"move", A::Move},
                                                   {"undo", A::Undo},
                                                   {"redo", A::Redo},
                                                   {"resign", A::Resign},
                                                   {"offer-draw", A::OfferDraw},
                                                   {"accept-draw", A::AcceptDraw},
                                                   {"decline-draw", A::DeclineDraw},
                                                   {"propose-takeback", A::ProposeTakeback},
                                                   {"accept-takeback", A::AcceptTakeback},
                                                   {"decline-takeback", A::DeclineTakeback},
                                                   {"withdraw-takeback", A::WithdrawTakeback},
                                                   {"claim-draw", A::ClaimDraw},
                                                   {"hint", A::Hint},
                                                   {"presence", A::Presence},
                                                   {"abort", A::Abort},
                                                   {"claim-abandoned", A::ClaimAbandonedWin},
                                                   {"remove", A::Remove}};
  auto it = actions.find(action);
  if (it == actions.end()) return error_response(404, "no such game action: " + action);
  A chosen = it->second;
  if (auto e = chosen == A::Move ? unknown_field(body, {"token", "move", "squares", "offer_draw"})
               : chosen == A::ClaimAbandonedWin         ? unknown_field(body, {"token", "result"})
               : chosen == A::Undo || chosen == A::Redo ? unknown_field(body, {"token", "other_token"})
                                                        : unknown_field(body, {"token"}))
    return error_response(400, *e);
  // other_token: a page holding both seats (two people at one screen) sends
  // the other seat's token with its takebacks, which then need no proposal.
  std::string token, other_token, move, result_asked;
  bool offer = false;
  for (auto e : {read(body, "token", token), read(body, "other_token", other_token), read(body, "move", move),
                 read(body, "offer_draw", offer), read(body, "result", result_asked)})
    if (e) return error_response(400, *e);
  if (chosen == A::ClaimAbandonedWin) {
    // The opponent has gone: the win, or a draw.
    if (result_asked == "draw")
      chosen = A::ClaimAbandonedDraw;
    else if (result_asked != "win")
      return error_response(400, "field 'result' must be \"win\" or \"draw\"");
  }
  // A move by its squares (from, landings, to), as a page clicks it.
  std::vector<std::string> squares;
  if (body.contains("squares")) {
    const json& list = body["squares"];
    if (!list.is_array() || list.empty() || list.size() > 32)
      return error_response(400, "field 'squares' must be a list of 1 to 32 squares");
    for (const json& sq : list) {
      if (!sq.is_string() || sq.get<std::string>().empty() || sq.get<std::string>().size() > 8)
        return error_response(400, "each of 'squares' is a square's name");
      squares.push_back(sq.get<std::string>());
    }
  }
  if (token.empty()) return error_response(401, "the request needs the seat's token");
  if (chosen == A::Move && move.empty() && squares.empty())
    return error_response(400, "field 'move' (or 'squares') is required");
  switch (must(manager_.check_token(id, token))) {
    case app::SessionManager::Access::NoSuchGame:
      return error_response(404, "there is no game " + id + " in play");
    case app::SessionManager::Access::NotASeat:
      return error_response(403, "that token does not hold a seat in this game");
    case app::SessionManager::Access::Ok:
      break;
  }
  const std::string game = manager_.game_name(id);
  auto result = manager_.act_written(id, token, chosen, move, offer, squares, client, other_token);
  if (!result)
    return error_response(result.error().code == "not_saved" ? 503
                          : result.error().code == "busy"    ? 429
                                                             : 422,
                          result.error(), game);
  return written_view(*result);
}

ApiResponse Api::add_player(const ApiRequest& request, const json& body) {
  if (auto e = unknown_field(body, {"name", "password"})) return error_response(400, *e);
  std::string name, password;
  if (auto e = read_name(body, "name", name)) return error_response(400, *e);
  if (auto e = read(body, "password", password, app::kMaxPasswordBytes + 1)) return error_response(400, *e);
  if (name.empty())
    return error_response(
        400, Error{"a player's name has 1 to " + std::to_string(app::kMaxNameCharacters) + " characters",
                   "name_rules"});
  if (password.empty() && options_.accounts_required)
    return error_response(
        400, Error{"this server keeps accounts: a new profile needs a password", "password_required"});
  if (!password.empty())
    if (auto problem = app::Accounts::password_problem(password))
      return error_response(400, Error{*problem, "password_rules"});
  if (auto refused = over_limit(new_players_, request)) return *refused;
  std::string hash;
  if (!password.empty()) {
    auto made = accounts_.hash(password);
    if (!made) return error_response(503, made.error());
    hash = std::move(*made);
  }
  auto p = store_.add_player(name, hash);
  if (!p) return error_response(p.error().code == "name_taken" ? 409 : 503, p.error());
  ApiResponse created{201, {{"id", p->id}, {"name", p->name}, {"protected", p->has_password}}};
  if (p->has_password) return with_login(std::move(created), p->id, request);
  // The page that made a profile without a password holds its claim code:
  // with it the owner gives the profile a password later, even once the
  // server keeps accounts and nobody else may (a profile without one then
  // still has its operator: qi players).
  if (auto code = accounts_.new_claim_code(p->id, "device", 0)) created.body["claim_code"] = *code;
  return created;
}

ApiResponse Api::player(const std::string& id_text) {
  auto id = parse_id(id_text);
  if (!id) return error_response(400, "a player is named by a number");
  auto p = must(store_.player(*id));
  if (!p) return error_response(404, "there is no player " + id_text);
  json ratings = json::object();
  // Under each game's name, and under a variant's own key where it is rated
  // apart (Chess960), with the game and variant it stands for.
  std::vector<std::pair<std::string, json>> keys;
  for (const engine::GameRegistration* registered : engine::registered_games()) {
    const GameDescriptor& g = registered->descriptor();
    keys.push_back({g.name, json::object()});
    for (const VariantDescriptor& v : g.variants)
      if (!v.rating_key.empty()) keys.push_back({v.rating_key, {{"game", g.name}, {"variant", v.name}}});
  }
  for (const auto& [key, names] : keys) {
    auto r = must(store_.rating(*id, key));
    if (!r) continue;
    json history = json::array();
    for (const app::RatingPoint& point : must(store_.rating_history(*id, key)))
      history.push_back({{"game_id", point.game_id},
                         {"elo", point.elo},
                         {"points", point.points},
                         {"level", competition::rating::level_of(point.points)},
                         {"at_ms", point.at_ms}});
    int points = app::level_points_of(*r);
    json rating = {{"elo", r->elo},
                   {"games", r->games},
                   {"level_points", {{"points", points}, {"level", competition::rating::level_of(points)}}},
                   {"history", history}};
    rating.update(names);
    ratings[key] = std::move(rating);
  }
  return {200,
          {{"id", p->id},
           {"name", p->name},
           {"protected", p->has_password},
           {"ratings", ratings},
           {"statistics", must(app::player_statistics(store_, *id))}}};
}

std::optional<ApiResponse> Api::over_limit(RateLimit& limit, const ApiRequest& request) {
  // A caller in the same process (a test, the fuzz target) has no address.
  if (request.client.empty()) return std::nullopt;
  auto wait_ms = limit.take(request.client, time_.now_ms());
  if (!wait_ms) return std::nullopt;
  std::int64_t seconds = (*wait_ms + 999) / 1000;
  ApiResponse r = error_response(429, Error{"too many requests of this kind from one address: try again in " +
                                                std::to_string(seconds) + " s",
                                            "rate_limited"});
  r.headers.emplace_back("Retry-After", std::to_string(seconds));
  return r;
}

namespace {

// The login token in the request's cookie, if it carries one.
std::optional<std::string> login_token(const ApiRequest& request) {
  auto it = request.headers.find("cookie");
  if (it == request.headers.end()) return std::nullopt;
  // Cookie: a=1; qi_session=...; b=2
  const std::string& cookies = it->second;
  const std::string wanted = std::string(kLoginCookie) + "=";
  for (std::size_t at = 0; at < cookies.size();) {
    std::size_t end = cookies.find(';', at);
    if (end == std::string::npos) end = cookies.size();
    std::string_view one = trim(std::string_view(cookies).substr(at, end - at));
    if (one.starts_with(wanted)) return std::string(one.substr(wanted.size()));
    at = end + 1;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::int64_t> Api::logged_in(const ApiRequest& request) {
  auto token = login_token(request);
  if (!token) return std::nullopt;
  return must(accounts_.player_of(*token));
}

std::optional<ApiResponse> Api::check_owners(const ApiRequest& request, const app::SessionSetup& setup,
                                             const std::array<std::string, 2>& seat_passwords) {
  std::optional<std::int64_t> me;
  bool looked_up = false;
  for (int i = 0; i < 2; ++i) {
    const app::Seat& seat = setup.seats[i];
    if (!seat.player_id) continue;
    auto p = must(store_.player(*seat.player_id));
    if (!p) return error_response(422, "there is no player " + std::to_string(*seat.player_id));
    // A profile without a password is anyone's to seat (one machine, one
    // family), unless the server keeps accounts.
    if (!p->has_password && !options_.accounts_required) continue;
    if (!looked_up) {
      me = logged_in(request);
      looked_up = true;
    }
    if (me == p->id) continue;
    if (!seat_passwords[i].empty()) {
      if (auto refused = over_limit(password_checks_, request)) return refused;
      auto right = accounts_.check(p->id, seat_passwords[i]);
      if (!right) return error_response(503, right.error());
      if (*right) continue;
      return error_response(403, Error{"wrong password for " + p->name, "wrong_password"});
    }
    if (!p->has_password) return unclaimed(*p);
    return error_response(403, Error{p->name + "'s profile is protected: log in as " + p->name +
                                         " (or give the seat's password)",
                                     "profile_protected"});
  }
  return std::nullopt;
}

ApiResponse Api::log_in(const ApiRequest& request, const json& body) {
  if (auto e = unknown_field(body, {"name", "player_id", "password"})) return error_response(400, *e);
  std::string name, password;
  std::int64_t id = 0;
  for (auto e : {read(body, "name", name), read(body, "player_id", id),
                 read(body, "password", password, app::kMaxPasswordBytes)})
    if (e) return error_response(400, *e);
  if (password.empty()) return error_response(400, "field 'password' is required");
  if (auto refused = over_limit(password_checks_, request)) return *refused;
  std::optional<app::Player> who;
  if (id > 0) {
    who = must(store_.player(id));
  } else if (auto wanted = app::normalise_name(name)) {
    for (app::Player& p : must(store_.players()))
      if (p.name == *wanted) who = p;
  }
  // One answer for an unknown name and a wrong password, after the same work.
  auto right = who ? accounts_.check(who->id, password) : accounts_.verify({}, password);
  if (!right) return error_response(503, right.error());
  if (!who || !*right) return error_response(401, Error{"wrong name or password", "wrong_password"});
  return with_login({200, {{"id", who->id}, {"name", who->name}, {"protected", true}}}, who->id, request);
}

ApiResponse Api::log_out(const ApiRequest& request) {
  if (auto token = login_token(request))
    if (Status st = accounts_.log_out(*token); !st) return error_response(503, st.error());
  ApiResponse r{200, {{"logged_out", true}}};
  r.headers.emplace_back("Set-Cookie", login_cookie("", 0, request.secure));
  return r;
}

ApiResponse Api::who_am_i(const ApiRequest& request) {
  json player = nullptr;
  if (auto id = logged_in(request))
    if (auto p = must(store_.player(*id)))
      player = {{"id", p->id}, {"name", p->name}, {"protected", p->has_password}};
  return {200, {{"player", player}, {"accounts_required", options_.accounts_required}}};
}

ApiResponse Api::set_password(const ApiRequest& request, const std::string& id_text, const json& body) {
  if (auto e = unknown_field(body, {"password", "new_password", "claim_code"}))
    return error_response(400, *e);
  std::string current, wanted, claim_code;
  for (auto e : {read(body, "password", current, app::kMaxPasswordBytes),
                 read(body, "new_password", wanted, app::kMaxPasswordBytes + 1),
                 read(body, "claim_code", claim_code, 64)})
    if (e) return error_response(400, *e);
  auto id = parse_id(id_text);
  if (!id) return error_response(400, "a player is named by a number");
  auto p = must(store_.player(*id));
  if (!p) return error_response(404, "there is no player " + id_text);
  if (auto problem = app::Accounts::password_problem(wanted))
    return error_response(400, Error{*problem, "password_rules"});
  if (auto refused = over_limit(password_checks_, request)) return *refused;
  if (!claim_code.empty()) return claim(request, *p, claim_code, wanted);
  // A protected profile's password is changed by its owner: logged in, or
  // knowing the old one. An unprotected one is claimed by whoever sets it on
  // this machine alone; a server that keeps accounts needs its claim code.
  if (!p->has_password && options_.accounts_required) return unclaimed(*p);
  if (p->has_password && logged_in(request) != p->id) {
    if (current.empty())
      return error_response(
          403, Error{p->name + "'s profile is protected: log in or give its password", "profile_protected"});
    auto right = accounts_.check(p->id, current);
    if (!right) return error_response(503, right.error());
    if (!*right) return error_response(403, Error{"wrong password for " + p->name, "wrong_password"});
  }
  auto hash = accounts_.hash(wanted);
  if (!hash) return error_response(503, hash.error());
  if (Status st = store_.set_password_hash(p->id, *hash); !st) return error_response(503, st.error());
  return with_login({200, {{"id", p->id}, {"name", p->name}, {"protected", true}}}, p->id, request);
}

}  // namespace qi::server
