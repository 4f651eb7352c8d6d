#include "server/request_stats.h"

#include <algorithm>

namespace qi::server {

void RequestStats::record(std::int64_t microseconds) {
  std::lock_guard lock(mutex_);
  if (kept_.size() < kKept)
    kept_.push_back(microseconds);
  else
    kept_[next_++ % kKept] = microseconds;
  ++total_;
}

nlohmann::json RequestStats::summary() const {
  std::vector<std::int64_t> sorted;
  std::uint64_t total;
  {
    std::lock_guard lock(mutex_);
    sorted = kept_;
    total = total_;
  }
  std::sort(sorted.begin(), sorted.end());
  auto at = [&](double p) -> std::int64_t {
    if (sorted.empty()) return 0;
    return sorted[std::min(sorted.size() - 1,
                           static_cast<std::size_t>(p * static_cast<double>(sorted.size())))];
  };
  return {{"requests", total},
          {"us",
           {{"p50", at(0.5)},
            {"p95", at(0.95)},
            {"p99", at(0.99)},
            {"max", sorted.empty() ? 0 : sorted.back()}}}};
}

}  // namespace qi::server
