// The event loop of `qi serve` (see http_server.h for its shape). Boost.Beast
// and Boost.Asio are included by the loop's own files alone (loop_server.h):
// their headers are most of the server's compile time.
#pragma once

#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "app/session_manager.h"
#include "core/expected.h"
#include "server/api.h"
#include "server/http_server.h"
#include "server/request_guard.h"
#include "server/request_stats.h"
#include "server/spectators.h"

namespace qi::server {

struct EventLoopSetup {
  std::string host;  // an address or a name to listen on
  int port = 0;
  std::string web_root;
  std::vector<HostName> allowed_hosts;
  ServerLimits limits;
  // Reverse proxies whose X-Forwarded-For (or Forwarded) names the client
  // (canonical addresses; see client_address.h).
  std::vector<std::string> trusted_proxies;
  // The server keeps accounts: without them, a request that a proxy
  // forwarded from beyond this machine is refused.
  bool accounts = false;
  // Every request came over TLS (qi serve --secure-cookies): the login
  // cookie is Secure. Otherwise only a trusted proxy's X-Forwarded-Proto
  // makes it so.
  bool secure_cookies = false;
  // Where the loop counts its spectators; another instance's counts can be
  // set there. Null: the loop keeps its own.
  SpectatorCounts* spectators = nullptr;
};

// Listens, calls `ready` once the socket is bound, and serves until `stop`
// becomes true. An error when it cannot listen.
Status run_event_loop(const EventLoopSetup& setup, Api& api, app::SessionManager& manager,
                      RequestStats& stats, const std::atomic<bool>& stop, const std::function<void()>& ready);

}  // namespace qi::server
