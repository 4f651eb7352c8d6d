#include "server/spectators.h"

#include <algorithm>
#include <vector>

namespace qi::server {

int SpectatorCounts::add_local(const std::string& game, int delta) {
  int now;
  Listener listener;
  {
    std::lock_guard lock(mutex_);
    int& count = local_[game];
    count = std::max(0, count + delta);
    now = count;
    if (now == 0) local_.erase(game);  // a game nobody watches holds no entry
    listener = local_listener_;
  }
  if (listener) listener(game, now);
  return now;
}

void SpectatorCounts::set_remote(const std::string& instance, const std::string& game, int count) {
  Listener listener;
  int total;
  {
    std::lock_guard lock(mutex_);
    auto& by_instance = remote_[game];
    if (count > 0)
      by_instance[instance] = count;
    else
      by_instance.erase(instance);
    if (by_instance.empty()) remote_.erase(game);
    listener = remote_listener_;
  }
  total = sum(game);
  if (listener) listener(game, total);
}

void SpectatorCounts::forget_instance(const std::string& instance) {
  std::vector<std::string> changed;
  Listener listener;
  {
    std::lock_guard lock(mutex_);
    for (auto it = remote_.begin(); it != remote_.end();) {
      if (it->second.erase(instance)) changed.push_back(it->first);
      it = it->second.empty() ? remote_.erase(it) : std::next(it);
    }
    listener = remote_listener_;
  }
  if (listener)
    for (const std::string& game : changed) listener(game, sum(game));
}

int SpectatorCounts::local(const std::string& game) const {
  std::lock_guard lock(mutex_);
  auto it = local_.find(game);
  return it == local_.end() ? 0 : it->second;
}

int SpectatorCounts::sum(const std::string& game) const {
  std::lock_guard lock(mutex_);
  int total = 0;
  if (auto it = local_.find(game); it != local_.end()) total += it->second;
  if (auto it = remote_.find(game); it != remote_.end())
    for (const auto& [instance, count] : it->second) total += count;
  return total;
}

void SpectatorCounts::on_local_change(Listener listener) {
  std::lock_guard lock(mutex_);
  local_listener_ = std::move(listener);
}

void SpectatorCounts::on_remote_change(Listener listener) {
  std::lock_guard lock(mutex_);
  remote_listener_ = std::move(listener);
}

}  // namespace qi::server
