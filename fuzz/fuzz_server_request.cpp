// The API's request handling: any method, path and body must give a response
// with a status and a JSON body that serialises, never a crash. Input: method, newline, path (with an
// optional ?query), newline, body. The opponent is the built-in stand-in (the engine's searches would make
// each input slow); imported records, reviews, exports, hints and the seat
// fields all go through the same request handling. A tournament with a round
// in play is there too ($TID), and a path starting "@" is sent with its
// organiser's login, so that the organiser's actions are reached.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "app/opponent.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "server/api.h"

namespace {

struct World {
  qi::FakeClock time;
  qi::app::BuiltinOpponent opponent;
  std::unique_ptr<qi::app::SqliteStore> store = qi::app::SqliteStore::open(":memory:").value();
  qi::app::SessionManager manager{*store, opponent, time, [] {
                                    qi::app::ManagerOptions o;
                                    o.background_threads = false;
                                    return o;
                                  }()};
  qi::server::Api api{manager, *store};
  std::string game_id, token, tournament_id, organiser_cookie;
  World() {
    auto r = api.handle({"POST", "/api/games", {}, R"({"game":"chess"})"});
    game_id = r.body["id"];
    token = r.body["tokens"]["first"];
    // An organiser with a password, logged in, and a Swiss of three with its
    // first round paired.
    (void)api.handle({"POST", "/api/players", {}, R"({"name":"Organiser","password":"organiser password"})"});
    auto login = api.handle({"POST", "/api/login", {}, R"({"player_id":1,"password":"organiser password"})"});
    for (const auto& [name, value] : login.headers)
      if (name == "Set-Cookie") organiser_cookie = value.substr(0, value.find(';'));
    qi::server::ApiRequest make{"POST", "/api/tournaments", {},
                                R"({"name":"Fuzz","game":"chess","format":"swiss","rounds":3})"};
    make.headers["cookie"] = organiser_cookie;
    auto made = api.handle(make);
    if (made.status != 200) return;
    tournament_id = made.body["id"];
    for (const char* name : {"A", "B", "C"}) {
      auto p = api.handle({"POST", "/api/players", {}, std::string(R"({"name":")") + name + "\"}"});
      (void)api.handle({"POST", "/api/tournaments/" + tournament_id + "/join", {},
                        R"({"player_id":)" + p.body["id"].dump() + "}"});
    }
    qi::server::ApiRequest start{"POST", "/api/tournaments/" + tournament_id + "/start-round", {}, "{}"};
    start.headers["cookie"] = organiser_cookie;
    (void)api.handle(start);
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::unique_ptr<World> world;
  static int inputs = 0;
  if (!world || ++inputs % 500 == 0) world = std::make_unique<World>();
  std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t a = text.find('\n');
  std::size_t b = a == std::string::npos ? std::string::npos : text.find('\n', a + 1);
  qi::server::ApiRequest request;
  request.method = text.substr(0, a);
  request.path =
      a == std::string::npos ? "/api/info" : text.substr(a + 1, b == std::string::npos ? b : b - a - 1);
  request.body = b == std::string::npos ? "" : text.substr(b + 1);
  // Let inputs name the live game and its seat.
  for (auto [from, to] :
       {std::pair<std::string, std::string>{"$ID", world->game_id},
        {"$TOKEN", world->token},
        {"$TID", world->tournament_id}}) {
    for (std::string* s : {&request.path, &request.body})
      for (std::size_t at = s->find(from); at != std::string::npos; at = s->find(from, at + to.size()))
        s->replace(at, from.size(), to);
  }
  if (request.path.starts_with("@")) {
    request.path.erase(0, 1);
    request.headers["cookie"] = world->organiser_cookie;
  }
  // "?a=1&b=2" after the path: query parameters, as the HTTP server passes them.
  if (std::size_t q = request.path.find('?'); q != std::string::npos) {
    std::string query = request.path.substr(q + 1);
    request.path.resize(q);
    std::size_t start = 0;
    while (start <= query.size()) {
      std::size_t end = query.find('&', start);
      if (end == std::string::npos) end = query.size();
      std::string pair = query.substr(start, end - start);
      std::size_t eq = pair.find('=');
      request.query[pair.substr(0, eq)] = eq == std::string::npos ? "" : pair.substr(eq + 1);
      start = end + 1;
    }
  }
  qi::server::ApiResponse response = world->api.handle(request);
  if (response.status < 200 || response.status > 599) __builtin_trap();
  // Every answer goes out as JSON: serialised strictly, as a client would
  // need it (dump() throws on a byte that is not valid UTF-8), and an error
  // always says what is wrong.
  try {
    (void)response.body.dump();
  } catch (const nlohmann::json::exception&) {
    __builtin_trap();
  }
  if (response.status >= 400 && !(response.body.is_object() && response.body.contains("error")))
    __builtin_trap();
  world->manager.run_engine_moves();
  return 0;
}
