// Playing between devices: an open seat taken with its invite, a rematch,
// and the lobby's open challenges (docs/app.md, "Playing between devices").
#include "app/session_json.h"
#include "core/text.h"
#include "core/utf8.h"
#include "server/api.h"
#include "server/api_fields.h"
#include "server/name_field.h"

namespace qi::server {

using nlohmann::json;

namespace {

// The HTTP status of a refusal by its code: who may not (403), what another
// request took first (409), what is not there (404), a bound (429); any other
// rule of the app is 422 (the store's failures: error_response).
int status_of(const Error& e) {
  if (e.code == "no_such_game" || e.code == "no_such_challenge") return 404;
  if (e.code == "not_a_seat" || e.code == "wrong_secret" || e.code == "wrong_invite") return 403;
  if (e.code == "seat_taken" || e.code == "challenge_taken") return 409;
  if (e.code == "too_many_challenges") return 429;
  return 422;
}

// A person named in a request: "player_id" (a profile) or "name", checked as
// a new game's seats are.
struct Person {
  std::optional<std::int64_t> player_id;
  std::string name, password;
};

std::optional<std::string> read_person(const json& body, Person& p) {
  std::int64_t id = 0;
  for (auto e : {read(body, "player_id", id), read(body, "password", p.password, app::kMaxPasswordBytes)})
    if (e) return *e;
  if (auto e = read_name(body, "name", p.name)) return e->message;
  if (id > 0) p.player_id = id;
  return std::nullopt;
}

}  // namespace

std::optional<ApiResponse> Api::check_player(const ApiRequest& request, std::optional<std::int64_t> player,
                                             const std::string& password) {
  if (!player) return std::nullopt;
  app::SessionSetup one;
  one.seats[0].player_id = player;
  return check_owners(request, one, {password, std::string()});
}

ApiResponse Api::join_game(const ApiRequest& request, const std::string& id, const json& body) {
  if (auto e = unknown_field(body, {"invite", "player_id", "name", "password"}))
    return error_response(400, *e);
  std::string invite;
  if (auto e = read(body, "invite", invite, 64)) return error_response(400, *e);
  if (invite.empty()) return error_response(400, "field 'invite' is required (the code of the invite link)");
  Person who;
  if (auto e = read_person(body, who)) return error_response(400, *e);
  if (auto refused = check_player(request, who.player_id, who.password)) return *refused;
  auto joined = manager_.claim_seat(id, invite, who.player_id, who.name);
  if (!joined) return error_response(status_of(joined.error()), joined.error(), manager_.game_name(id));
  return {200, *joined};
}

ApiResponse Api::rematch(const std::string& id, const json& body) {
  if (auto e = unknown_field(body, {"token"})) return error_response(400, *e);
  std::string token;
  if (auto e = read(body, "token", token)) return error_response(400, *e);
  if (token.empty()) return error_response(401, "the request needs the seat's token");
  auto answer = manager_.rematch(id, token);
  if (!answer) return error_response(status_of(answer.error()), answer.error(), manager_.game_name(id));
  return {200, *answer};
}

ApiResponse Api::challenges(const ApiRequest& request, const std::vector<std::string>& parts,
                            const json& body) {
  const bool get = request.method == "GET";
  auto answer = [](int ok, const Expected<json>& result) {
    if (!result) return error_response(status_of(result.error()), result.error());
    return ApiResponse{ok, *result};
  };
  if (parts.size() == 2 && get) return answer(200, lobby_.list());
  if (parts.size() == 2) {
    if (auto e = unknown_field(
            body, {"game", "variant", "time_control", "rated", "side", "player_id", "name", "password"}))
      return error_response(400, *e);
    app::ChallengeRequest asked;
    for (auto e : {read(body, "game", asked.game, 64), read(body, "variant", asked.variant, 64),
                   read(body, "rated", asked.rated), read(body, "side", asked.side, 16)})
      if (e) return error_response(400, *e);
    if (auto e = read_time_control(body, asked.time_control)) return error_response(400, *e);
    Person who;
    if (auto e = read_person(body, who)) return error_response(400, *e);
    asked.player_id = who.player_id;
    asked.name = who.name;
    if (auto refused = check_player(request, who.player_id, who.password)) return *refused;
    if (auto refused = over_limit(new_games_, request)) return *refused;
    return answer(201, lobby_.create(std::move(asked), request.client));
  }
  const std::string& id = parts[2];
  if (parts.size() == 3 && get) {
    auto it = request.query.find("secret");
    if (it == request.query.end() || it->second.empty())
      return error_response(400, "the creator polls its challenge with ?secret=");
    return answer(200, lobby_.poll(id, it->second));
  }
  if (parts.size() == 4 && !get && parts[3] == "accept") {
    if (auto e = unknown_field(body, {"player_id", "name", "password"})) return error_response(400, *e);
    Person who;
    if (auto e = read_person(body, who)) return error_response(400, *e);
    if (auto refused = check_player(request, who.player_id, who.password)) return *refused;
    if (auto refused = over_limit(new_games_, request)) return *refused;
    return answer(200, lobby_.accept(id, who.player_id, who.name));
  }
  if (parts.size() == 4 && !get && parts[3] == "cancel") {
    if (auto e = unknown_field(body, {"secret"})) return error_response(400, *e);
    std::string secret;
    if (auto e = read(body, "secret", secret, 64)) return error_response(400, *e);
    if (secret.empty()) return error_response(400, "field 'secret' is required");
    return answer(200, lobby_.cancel(id, secret));
  }
  return error_response(404, "no such API path: " + request.method + " " + request.path);
}

}  // namespace qi::server
