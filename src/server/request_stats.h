// How long the API took to answer, measured inside the server (from the
// parsed request to the JSON response, without the network): the last 100 000
// requests, for `GET /api/stats` and the load test.
#pragma once

#include <cstdint>
#include <mutex>
#include <nlohmann/json.hpp>
#include <vector>

namespace qi::server {

class RequestStats {
 public:
  void record(std::int64_t microseconds);
  // {"requests": N, "us": {"p50":..., "p95":..., "p99":..., "max":...}}
  nlohmann::json summary() const;

 private:
  static constexpr std::size_t kKept = 100'000;
  mutable std::mutex mutex_;
  std::vector<std::int64_t> kept_;
  std::size_t next_ = 0;
  std::uint64_t total_ = 0;
};

}  // namespace qi::server
