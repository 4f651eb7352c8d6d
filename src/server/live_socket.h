// GET /api/live: a WebSocket over which a page follows games and plays them
// (the protocol is in docs/app.md, "Live connection"). Its actions run the
// same code as the HTTP API's (Api::handle on the worker pool).
#pragma once

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <string>

#include "server/loop_server.h"

namespace qi::server::loop {

inline constexpr const char* kLivePath = "/api/live";

// Takes over `socket` (whose request `upgrade`, guarded already, asks for a
// WebSocket), answers the upgrade and serves the connection until either
// side ends it. `client` is the client's address for its bounds.
void start_live_socket(Server& server, tcp::socket socket, const std::string& client,
                       boost::beast::http::request<boost::beast::http::string_body> upgrade);

}  // namespace qi::server::loop
