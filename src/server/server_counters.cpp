#include "server/server_counters.h"

namespace qi::server {

nlohmann::json ServerCounters::summary() const {
  static constexpr const char* kNames[] = {
      "too_many_connections", "too_many_from_client", "too_many_streams", "too_many_streams_from_client",
      "header_too_large",     "body_too_large",       "slow_request",     "bad_request",
      "unknown_host",         "cross_origin",         "not_json",         "busy",
      "stalled_reader",       "proxied_from_network", "live_bad_frame"};
  static_assert(std::size(kNames) == static_cast<std::size_t>(Refused::kCount));
  nlohmann::json refusals = nlohmann::json::object();
  for (std::size_t i = 0; i < std::size(kNames); ++i) refusals[kNames[i]] = refused[i].load();
  return {{"connections", connections.load()},
          {"streams", streams.load()},
          {"live", live.load()},
          {"accepted", accepted.load()},
          {"refused", refusals}};
}

}  // namespace qi::server
