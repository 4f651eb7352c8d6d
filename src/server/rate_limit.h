// Requests a client may make: a token bucket per client (a burst, then a
// steady rate), so that one client cannot create twenty thousand games in
// twenty seconds or guess passwords at the speed of the network. A client is
// its address's key (client_address.h): an IPv6 client is its /64.
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>

namespace qi::server {

class RateLimit {
 public:
  // `burst` actions at once, then one each `interval_ms`. At most
  // `max_clients` are remembered (a client long quiet is forgotten first: a
  // forgotten client starts with a full bucket, which is what a quiet client
  // would have had anyway).
  RateLimit(double burst, std::int64_t interval_ms, std::size_t max_clients = 20'000);

  // Takes one action for the client at `address` at `now_ms`: nothing when
  // allowed, else how many milliseconds until it would be.
  std::optional<std::int64_t> take(const std::string& address, std::int64_t now_ms);

 private:
  struct Bucket {
    double tokens;
    std::int64_t at_ms;
  };
  double burst_;
  std::int64_t interval_ms_;
  std::size_t max_clients_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

}  // namespace qi::server
