// `qi serve`: the page (the built front end, from a web root), the JSON API
// (api.h), a live connection to follow and play games over (a WebSocket,
// live_socket.h) and live updates of a game as Server-Sent Events.
//
// One event loop (Boost.Asio, HTTP parsing by Boost.Beast) owns every
// socket: an idle keep-alive connection or an open event stream costs a few
// kilobytes and no thread. Api::handle may block (a database commit, an
// engine), so it runs on a small worker pool whose queue is bounded (full:
// 503); the answer goes back to the loop to be written. A game's live view
// is built once per change on a worker, for all of its streams, when the
// SessionManager's change listener posts the game's id to the loop. Every
// resource a client can make the server hold has a bound (ServerLimits), and
// request_guard.h decides from the headers which requests are answered at
// all (Host, Origin, Content-Type).
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "app/storage/sqlite_store.h"
#include "core/expected.h"

namespace qi::server {

// What one client, or all of them, can make the server hold, and for how
// long. The defaults are documented in docs/app.md ("Bounds").
struct ServerLimits {
  std::size_t max_header_bytes = 16 * 1024;  // the request line and headers (431)
  std::size_t max_body_bytes = 64 * 1024;    // = api.h kMaxBodyBytes (413, from Content-Length)
  int max_connections = 12'000;         // open at once (more: closed unanswered); also below the fd limit
  int max_connections_per_client = 64;  // by peer address (429)
  int max_streams = 10'000;             // event streams at once (503)
  int max_streams_per_client = 32;      // (429)
  int request_timeout_ms = 10'000;      // for a request's headers and body to arrive (closed)
  int idle_timeout_ms = 60'000;         // a kept-alive connection with no request (closed)
  int write_timeout_ms = 30'000;        // for an answer or an event to be taken (closed)
  int stream_keepalive_ms = 15'000;     // a comment on a quiet event stream
  // A live connection (GET /api/live, a WebSocket; it counts as a stream
  // in the two bounds above):
  std::size_t max_live_frame_bytes = 16 * 1024;  // a message from the client (closed, status 1009)
  int max_live_watches = 16;                     // games one connection follows ("too_many_watches")
  int max_live_acts = 4;                         // actions waiting for their replies (reply 429 "busy")
  std::size_t max_live_queued_frames = 64;       // frames waiting to be written (more: a slow reader, closed)
  int live_idle_timeout_ms = 60'000;             // silence (pings unanswered) before it is closed
  int live_presence_ms = 10'000;                 // a seat's connection tells the game it is there
  int workers = 16;                              // threads running Api::handle
  std::size_t max_queued_requests = 1024;        // waiting for a worker (more: 503)
};

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string database;  // empty: the default per-user file; postgresql://... a PostgreSQL database
  std::string web_root;  // empty: "web" next to the executable
  // What an acknowledged move survives: a killed server (the default), or a
  // power cut too (a disk sync per commit: slower answers).
  app::Durability durability = app::Durability::ProcessCrash;
  // Every profile has a password and rated seats need their owner's session
  // (server::ApiOptions::accounts_required); required beyond loopback.
  bool accounts = false;
  // Further names the server answers to in the Host header (NAME or
  // NAME:PORT; see request_guard.h).
  std::vector<std::string> allowed_hosts;
  // Reverse proxies in front of the server (addresses): the client is the
  // one their X-Forwarded-For or Forwarded header names (server/client_address.h).
  std::vector<std::string> trusted_proxies;
  // The server is reached over TLS only (a proxy in front that says nothing
  // of it): cookies are sent Secure. A trusted proxy's X-Forwarded-Proto
  // does the same per request.
  bool secure_cookies = false;
  ServerLimits limits;
};

// Runs until `stop` becomes true (checked a few times a second). Calls
// `ready` with the address once listening.
Status serve(const ServeOptions& options, const std::atomic<bool>& stop,
             const std::function<void(const std::string& address)>& ready);

// Whether `host` (an address or a name) is only this machine: 127.x, ::1,
// localhost.
bool is_loopback_host(const std::string& host);

// The file under `root` that `url_path` names, or an error when the path
// leaves the root, names a hidden file or does not exist. Paths without an
// extension fall back to index.html (the page routes them itself).
Expected<std::string> resolve_static_path(const std::string& root, const std::string& url_path);

}  // namespace qi::server
