#include "server/http_event_loop.h"

#include "server/loop_server.h"

namespace qi::server::loop {

// The JSON text of a body; error_handler_t::replace: a byte that is not
// UTF-8 becomes U+FFFD instead of an exception.
std::optional<std::string> dump_json(const nlohmann::json& body) {
  try {
    return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (...) {
    return std::nullopt;
  }
}

Answer json_answer(int status, const nlohmann::json& body) {
  Answer a;
  a.content_type = "application/json; charset=utf-8";
  if (auto text = dump_json(body)) {
    a.status = status;
    a.body = std::move(*text);
  } else {
    a.status = 500;
    a.body = R"({"error":"the answer could not be written","code":"internal"})";
  }
  return a;
}

Answer error_answer(int status, const std::string& code, const std::string& message) {
  return json_answer(status, {{"error", message}, {"code", code}});
}

}  // namespace qi::server::loop

namespace qi::server {

Status run_event_loop(const EventLoopSetup& setup, Api& api, app::SessionManager& manager,
                      RequestStats& stats, const std::atomic<bool>& stop,
                      const std::function<void()>& ready) {
  loop::Server server(setup, api, manager, stats, stop);
  if (Status listening = server.listen(); !listening) return listening;
  ready();
  server.run();
  // Stopping: the engine's searches end now, so that the requests running
  // (which the server's destruction waits for) and the manager's own
  // workers end within moments, whatever was being searched.
  manager.shutdown();
  return Ok{};
}

}  // namespace qi::server
