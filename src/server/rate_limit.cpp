#include "server/rate_limit.h"

#include <algorithm>
#include <cmath>

#include "server/client_address.h"

namespace qi::server {

RateLimit::RateLimit(double burst, std::int64_t interval_ms, std::size_t max_clients)
    : burst_(burst), interval_ms_(std::max<std::int64_t>(interval_ms, 1)), max_clients_(max_clients) {}

std::optional<std::int64_t> RateLimit::take(const std::string& address, std::int64_t now_ms) {
  const std::string client = client_key(address);
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(client);
  if (it == buckets_.end()) {
    if (buckets_.size() >= max_clients_) {
      // Forget the buckets that have filled up again: they hold nothing a
      // new bucket would not.
      std::erase_if(buckets_, [&](const auto& item) {
        const Bucket& b = item.second;
        return b.tokens + static_cast<double>(now_ms - b.at_ms) / interval_ms_ >= burst_;
      });
      if (buckets_.size() >= max_clients_) buckets_.erase(buckets_.begin());
    }
    it = buckets_.emplace(client, Bucket{burst_, now_ms}).first;
  }
  Bucket& b = it->second;
  b.tokens = std::min(
      burst_, b.tokens + static_cast<double>(std::max<std::int64_t>(now_ms - b.at_ms, 0)) / interval_ms_);
  b.at_ms = now_ms;
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return std::nullopt;
  }
  return static_cast<std::int64_t>(std::ceil((1 - b.tokens) * interval_ms_));
}

}  // namespace qi::server
