#include "app/write_behind_store.h"

namespace qi::app {

WriteBehindStore::WriteBehindStore(Store& inner) : inner_(inner), thread_([this] { writer(); }) {}

WriteBehindStore::~WriteBehindStore() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void WriteBehindStore::writer() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
    if (pending_.empty() && stopping_) break;
    std::vector<GameWrite> batch;
    batch.reserve(pending_.size());
    for (auto& [id, w] : pending_) batch.push_back(std::move(w));
    pending_.clear();
    writing_ = true;
    lock.unlock();
    (void)inner_.save_games(batch);  // a failed write is retried by the game's next save
    lock.lock();
    writing_ = false;
    written_ += batch.size();
    ++batches_;
    drained_.notify_all();
  }
  drained_.notify_all();
}

void WriteBehindStore::flush() {
  std::unique_lock lock(mutex_);
  drained_.wait(lock, [&] { return pending_.empty() && !writing_; });
}

std::uint64_t WriteBehindStore::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::uint64_t WriteBehindStore::batches() const {
  std::lock_guard lock(mutex_);
  return batches_;
}

Status WriteBehindStore::save_game(const GameWrite& write) {
  {
    std::lock_guard lock(mutex_);
    pending_[write.saved.id] = write;
  }
  wake_.notify_one();
  return Ok{};
}

std::vector<Session::Saved> WriteBehindStore::unfinished_games() {
  flush();
  return inner_.unfinished_games();
}

std::optional<Session::Saved> WriteBehindStore::load_game(const std::string& id) {
  {
    std::lock_guard lock(mutex_);
    if (auto it = pending_.find(id); it != pending_.end()) return it->second.saved;
  }
  flush();
  return inner_.load_game(id);
}

std::vector<GameSummary> WriteBehindStore::list_games(int limit, std::optional<std::int64_t> player) {
  flush();
  return inner_.list_games(limit, player);
}

}  // namespace qi::app
