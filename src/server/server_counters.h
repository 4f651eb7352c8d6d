// What the HTTP layer holds and what it refused, by reason, for
// `GET /api/stats` ("server": {...}). Written by the event loop, read by a
// worker: atomics, no lock.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <nlohmann/json.hpp>

namespace qi::server {

enum class Refused {
  TooManyConnections,        // the server's total (the connection is closed unanswered)
  TooManyFromClient,         // one address's connections (429)
  TooManyStreams,            // event streams in total (503)
  TooManyStreamsFromClient,  // one address's event streams (429)
  HeaderTooLarge,            // 431
  BodyTooLarge,              // 413
  SlowRequest,               // headers or body not in time (closed)
  BadRequest,                // not HTTP (400)
  UnknownHost,               // 421 (or 400 without a Host)
  CrossOrigin,               // 403
  NotJson,                   // 415
  Busy,                      // the worker queue is full (503)
  StalledReader,             // a client that stopped reading its answer, stream or WebSocket (closed)
  ProxiedFromNetwork,  // forwarded by a proxy from beyond this machine to a server without accounts (403)
  LiveBadFrame,        // a WebSocket frame that is not a request (answered with an error)
  kCount
};

struct ServerCounters {
  std::atomic<std::int64_t> connections{0};  // open now
  std::atomic<std::int64_t> streams{0};      // event streams open now
  std::atomic<std::int64_t> live{0};         // WebSockets open now
  std::atomic<std::uint64_t> accepted{0};    // connections since the start
  std::array<std::atomic<std::uint64_t>, static_cast<std::size_t>(Refused::kCount)> refused{};

  void refuse(Refused why) { ++refused[static_cast<std::size_t>(why)]; }
  // {"connections", "streams", "accepted", "refused": {"header_too_large": N, ...}}
  nlohmann::json summary() const;
};

}  // namespace qi::server
