// The JSON API, independent of the HTTP library: a request (method, path,
// query, body) in, a response (status, JSON body) out. The HTTP server and
// the fuzz target both call handle(). Every request is validated before
// anything changes: malformed JSON, unknown or mistyped fields, oversized
// bodies and illegal moves give a 4xx with {"error": "..."}.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "app/accounts.h"
#include "app/lobby.h"
#include "app/session_manager.h"
#include "app/storage/store.h"
#include "app/tournament/tournaments.h"
#include "core/clock.h"
#include "server/rate_limit.h"

namespace qi::server {

struct ApiRequest {
  std::string method;  // "GET", "POST"
  std::string path;    // "/api/games/abc/move"
  std::map<std::string, std::string> query;
  std::string body;
  // The peer's address as the server sees it (limits are per client).
  std::string client;
  // The request's headers, names in lower case ("content-type", "cookie").
  std::map<std::string, std::string> headers;
  // It reached the server over TLS (a trusted proxy's X-Forwarded-Proto, or
  // qi serve --secure-cookies): the login cookie is sent only over TLS.
  bool secure = false;
};

struct ApiResponse {
  int status = 200;
  nlohmann::json body;
  // A game's view, already written (the text its watchers are sent): sent
  // instead of `body` when it has a text.
  app::WrittenView view;
  // The body as JSON, written or not (for callers in the same process).
  nlohmann::json body_json() const { return view.text ? nlohmann::json::parse(*view.text) : body; }
  // Extra headers of the answer (Set-Cookie, Retry-After).
  std::vector<std::pair<std::string, std::string>> headers;
};

inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

struct ApiOptions {
  // Every profile has a password and a rated seat needs its owner's session
  // (required when the server listens beyond this machine).
  bool accounts_required = false;
  // The lobby's bounds and lifetimes.
  app::LobbyOptions lobby;
};

// The cookie that carries a login (HttpOnly, SameSite=Strict; Secure when
// the request came over TLS).
inline constexpr const char* kLoginCookie = "qi_session";

// The Set-Cookie value of a login (`token` empty and `max_age_s` 0: its
// end).
std::string login_cookie(const std::string& token, std::int64_t max_age_s, bool secure);

class Api {
 public:
  Api(app::SessionManager& manager, app::Store& store, ApiOptions options = {});
  ApiResponse handle(const ApiRequest& request);
  // How the store's writes go (for /api/stats).
  nlohmann::json storage_health();

 private:
  ApiResponse info();
  ApiResponse route(const ApiRequest& request, const std::vector<std::string>& parts,
                    const nlohmann::json& body);
  ApiResponse create_game(const ApiRequest& request, const nlohmann::json& body);
  ApiResponse list_games(const ApiRequest& request);
  ApiResponse game_action(const std::string& id, const std::string& action, const nlohmann::json& body,
                          const std::string& client);
  ApiResponse add_player(const ApiRequest& request, const nlohmann::json& body);
  ApiResponse player(const std::string& id);
  ApiResponse log_in(const ApiRequest& request, const nlohmann::json& body);
  ApiResponse log_out(const ApiRequest& request);
  ApiResponse who_am_i(const ApiRequest& request);
  ApiResponse set_password(const ApiRequest& request, const std::string& id, const nlohmann::json& body);
  // Open seats, rematches and the lobby (api_lobby.cpp).
  ApiResponse join_game(const ApiRequest& request, const std::string& id, const nlohmann::json& body);
  ApiResponse rematch(const std::string& id, const nlohmann::json& body);
  ApiResponse challenges(const ApiRequest& request, const std::vector<std::string>& parts,
                         const nlohmann::json& body);
  // The lessons, a step played (its stars kept for the player logged in)
  // and a player's progress (api_lessons.cpp).
  ApiResponse lessons();
  ApiResponse play_lesson(const ApiRequest& request, const nlohmann::json& body);
  ApiResponse lesson_progress(const std::string& player_id);
  // Tournaments: made, joined, paired and scored (api_tournaments.cpp).
  ApiResponse tournaments(const ApiRequest& request, const std::vector<std::string>& parts,
                          const nlohmann::json& body);
  ApiResponse create_tournament(const ApiRequest& request, const nlohmann::json& body);
  ApiResponse tournament_action(const ApiRequest& request, const std::string& id, const std::string& action,
                                const nlohmann::json& body);
  // Which game and variant a pasted record or position is (api_records.cpp).
  ApiResponse identify_record(const ApiRequest& request, const nlohmann::json& body);
  // The player named by a request's "player_id" (checked as a seat is: a
  // protected profile needs its owner or "password"), or a refusal.
  std::optional<ApiResponse> check_player(const ApiRequest& request, std::optional<std::int64_t> player,
                                          const std::string& password);
  // The player logged in by the request's cookie.
  std::optional<std::int64_t> logged_in(const ApiRequest& request);
  // A refusal when `client` has used up `limit`, with Retry-After.
  std::optional<ApiResponse> over_limit(RateLimit& limit, const ApiRequest& request);
  // Refuses a seat naming a protected profile (every profile, when the
  // server keeps accounts) unless the request is logged in as its owner or
  // gives the seat's password.
  std::optional<ApiResponse> check_owners(const ApiRequest& request, const app::SessionSetup& setup,
                                          const std::array<std::string, 2>& seat_passwords);
  // Logs `player` in: the answer with its cookie.
  ApiResponse with_login(ApiResponse answer, std::int64_t player, const ApiRequest& request);
  // Profiles without a password, once the server keeps accounts (api_accounts.cpp):
  // the refusal of anything but their claim, and the claim with a code.
  ApiResponse unclaimed(const app::Player& player);
  ApiResponse claim(const ApiRequest& request, const app::Player& player, const std::string& code,
                    const std::string& password);

  app::SessionManager& manager_;
  app::Store& store_;
  ApiOptions options_;
  WallClock time_;
  app::Accounts accounts_;
  app::Lobby lobby_;
  app::Tournaments tournaments_;
  // Per client: new games (a burst of 120, then one every half second), new
  // profiles (20, then one every 10 s), password checks (10, then one every
  // 6 s).
  RateLimit new_games_{120, 500};
  RateLimit new_players_{20, 10'000};
  RateLimit password_checks_{10, 6'000};
  // Records identified (each read by every game): 120, then one every 0.25 s.
  RateLimit identifications_{120, 250};
  // Tournaments made: 10, then one a minute.
  RateLimit new_tournaments_{10, 60'000};
};

ApiResponse error_response(int status, const std::string& message);
// With the refusal's code beside its words when it has one: {"error", "code",
// "words": {"en", "zh"}}, the Chinese from the game's (or the referee's, or
// the app's) list. A failure of the store is answered as such whatever
// `status` the endpoint gives its other errors: 503 (not saved, not read:
// try again later) or 500 (a damaged game, which trying again does not mend).
ApiResponse error_response(int status, const Error& error, std::string_view game = {});

// Whether an error is the store's failure rather than an answer about the
// request: not saved, not read, a damaged game.
bool store_failed(const Error& error);

// A read of the store that failed, thrown by must() inside an endpoint and
// answered by Api::handle() as every store failure is (error_response): no
// endpoint takes a failed read for "not found", "wrong password" or an
// empty list.
struct StoreFailure {
  Error error;
};
template <class T>
T must(Expected<T> read) {
  if (!read) throw StoreFailure{read.error()};
  return std::move(*read);
}

}  // namespace qi::server
