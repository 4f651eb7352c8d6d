// A small blocking client of GET /api/live (a WebSocket), for the tests and
// the tools that talk to a running `qi serve`: one connection, JSON text
// frames, every send and receive bounded by a timeout.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "core/expected.h"

namespace qi::server {

class LiveClient {
 public:
  struct Options {
    std::string source;  // the local address to connect from (another loopback address: another client)
    std::vector<std::pair<std::string, std::string>> headers;  // added to the upgrade (Origin, Cookie, ...)
    std::string host_header;                                   // default "host:port"
    int timeout_ms = 30'000;
  };

  // Connects and upgrades; an error otherwise ("the server refused the
  // upgrade" when it answered something else than 101).
  static Expected<std::unique_ptr<LiveClient>> open(const std::string& host, int port,
                                                    const Options& options);
  ~LiveClient();

  Status send(const nlohmann::json& frame);
  // Raw bytes as a text frame (or a binary one): for the tests of bad frames.
  Status send_text(const std::string& text, bool binary = false);
  // The next frame, parsed (a frame that is not JSON is an error).
  Expected<nlohmann::json> next();
  // The next frame whose "type" is `type` (others are skipped).
  Expected<nlohmann::json> next_of_type(const std::string& type);
  // The WebSocket close code the server sent, once next() has failed on it.
  int close_code() const;
  void close();

 private:
  struct Impl;
  explicit LiveClient(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace qi::server
