// What a client sends on the live connection (GET /api/live; docs/app.md,
// "Live connection"): one JSON text frame, read here into a LiveFrame or
// refused with the reason and a code ("bad_frame", "unknown_op"). Kept apart
// from the socket, which Beast drives, so that a fuzz target reads frames too.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::server {

struct LiveFrame {
  enum class Op { Ping, Watch, Unwatch, Act };
  Op op = Op::Ping;
  std::string game;                   // watch, unwatch, act
  std::optional<std::uint64_t> seen;  // watch: the version the client has
  std::string token;                  // watch: a seat's token (empty: a spectator)
  std::string ref;                    // act: the reference as JSON text, repeated in the reply
  std::string action;                 // act: "move", "offer-draw", ... as the HTTP route names it
  nlohmann::json body = nlohmann::json::object();  // act: the HTTP route's body
};

Expected<LiveFrame> parse_live_frame(std::string_view text);

}  // namespace qi::server
