// The JSON API, independent of the HTTP library: a request (method, path,
// query, body) in, a response (status, JSON body) out. The HTTP server and
// the fuzz target both call handle(). Every request is validated before
// anything changes: malformed JSON, unknown or mistyped fields, oversized
// bodies and illegal moves give a 4xx with {"error": "..."}.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "app/session_manager.h"
#include "app/store.h"

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
};

struct ApiResponse {
  int status = 200;
  nlohmann::json body;
  // Extra headers of the answer (Set-Cookie, Retry-After).
  std::vector<std::pair<std::string, std::string>> headers;
};

inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

struct ApiOptions {
  // Every profile has a password and a rated seat needs its owner's session
  // (required when the server listens beyond this machine).
  bool accounts_required = false;
};

class Api {
 public:
  Api(app::SessionManager& manager, app::Store& store, ApiOptions options = {})
      : manager_(manager), store_(store), options_(options) {}
  ApiResponse handle(const ApiRequest& request);

 private:
  ApiResponse info();
  ApiResponse create_game(const nlohmann::json& body);
  ApiResponse list_games(const ApiRequest& request);
  ApiResponse game_action(const std::string& id, const std::string& action, const nlohmann::json& body,
                          const std::string& client);
  ApiResponse add_player(const nlohmann::json& body);
  ApiResponse player(const std::string& id);

  app::SessionManager& manager_;
  app::Store& store_;
  ApiOptions options_;
};

ApiResponse error_response(int status, const std::string& message);
// With the refusal's code beside its words when it has one: {"error", "code",
// "words": {"en", "zh"}}, the Chinese from the game's (or the referee's, or
// the app's) list.
ApiResponse error_response(int status, const Error& error, std::string_view game = {});

}  // namespace qi::server
