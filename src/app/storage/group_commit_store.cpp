#include "app/storage/group_commit_store.h"

#include <chrono>
#include <iostream>

namespace qi::app {

GroupCommitStore::GroupCommitStore(Store& inner) : inner_(inner), thread_([this] { writer(); }) {}

GroupCommitStore::~GroupCommitStore() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void GroupCommitStore::writer() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
    if (pending_.empty() && stopping_) break;
    const std::uint64_t batch_number = next_batch_++;
    std::vector<GameWrite> batch;
    batch.reserve(pending_.size());
    for (auto& [id, w] : pending_) {
      in_flight_.insert(id);
      batch.push_back(std::move(w));
    }
    pending_.clear();
    writing_ = true;
    lock.unlock();
    Expected<StaleWrites> result = inner_.save_games(batch);
    const Status st = result ? Status(Ok{}) : Status(result.error());
    lock.lock();
    writing_ = false;
    in_flight_.clear();
    if (st) {
      // A stale write failed only itself and is not retried: the game
      // changed elsewhere, and its writer starts again from the game as it
      // is now (a quiet save of it is simply dropped).
      if (!result->empty()) {
        auto& ids = stale_[batch_number];
        for (std::size_t i : *result) ids.insert(batch[i].saved.id);
        if (stale_.size() > 1024) stale_.erase(stale_.begin());
      }
      written_ += batch.size() - result->size();
      ++batches_;
      if (!health_.last_error.empty()) {
        std::cerr << "qi: the database takes writes again; every game waiting was saved" << std::endl;
        health_.last_error.clear();
      }
    } else {
      note_failure(st.error().message, batch.size());
      failed_.insert_or_assign(batch_number, make_error("could not save the game: " + st.error().message));
      if (failed_.size() > 1024) failed_.erase(failed_.begin());
      // Retried with the next batch, unless a newer state of the game came;
      // a store that is shutting down on a failing disk gives up instead (the
      // waiters were told, and nothing would ever drain the queue).
      if (!stopping_)
        for (GameWrite& w : batch) {
          auto [it, fresh] = pending_.try_emplace(w.saved.id, std::move(w));
          if (fresh) continue;
          // The failed write never reached the store: a newer state made
          // after it is written against what the failed one expected.
          if (!it->second.expected_version || *it->second.expected_version == w.saved.version)
            it->second.expected_version = w.expected_version;
          if (!w.ratings.empty())
            it->second.ratings.insert(it->second.ratings.begin(), w.ratings.begin(), w.ratings.end());
        }
    }
    done_batch_ = batch_number;
    committed_.notify_all();
    if (!st && !stopping_) {
      // A failing disk is not hammered: the retry waits a little.
      lock.unlock();
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      lock.lock();
    }
  }
  committed_.notify_all();
}

std::optional<std::uint64_t> GroupCommitStore::enqueue(const GameWrite& write) {
  auto [it, fresh] = pending_.try_emplace(write.saved.id, write);
  if (!fresh) {
    GameWrite& queued = it->second;
    // A write made against another version than the queued state's was
    // made beside it, not after it: whatever happens to the queued write,
    // the stored version will not be the one it expects (unless the queued
    // write is stale too), so it is stale now. A false "stale" only costs
    // its writer a retry; merging it would lose the queued change.
    if (write.expected_version && *write.expected_version != queued.saved.version) return std::nullopt;
    // The newer state replaces the queued one; rating changes add up, and
    // the store is still at the version the queued one expected.
    std::vector<RatingWrite> ratings = std::move(queued.ratings);
    const std::optional<std::uint64_t> expected = queued.expected_version;
    queued = write;
    queued.expected_version = expected;
    queued.ratings.insert(queued.ratings.begin(), ratings.begin(), ratings.end());
  }
  wake_.notify_one();
  return next_batch_;
}

Status GroupCommitStore::save_game(const GameWrite& write) {
  std::unique_lock lock(mutex_);
  if (stopping_) return make_error("the store is shutting down");
  const std::optional<std::uint64_t> batch = enqueue(write);
  if (!batch) return stale_error(write.saved.id);
  committed_.wait(lock, [&] { return done_batch_ >= *batch; });
  if (auto it = failed_.find(*batch); it != failed_.end()) return it->second.error();
  if (auto it = stale_.find(*batch); it != stale_.end() && it->second.count(write.saved.id))
    return stale_error(write.saved.id);
  return Ok{};
}

void GroupCommitStore::save_game_soon(const GameWrite& write) {
  std::lock_guard lock(mutex_);
  (void)enqueue(write);  // a stale one is dropped: its game changed elsewhere
}

void GroupCommitStore::flush() {
  std::unique_lock lock(mutex_);
  // The batch that carries the last save queued so far (one round, even if
  // a failing disk keeps the queue from ever emptying).
  const std::uint64_t target = pending_.empty() ? next_batch_ - 1 : next_batch_;
  committed_.wait(lock, [&] { return done_batch_ >= target || (stopping_ && !writing_); });
}

void GroupCommitStore::note_failure(const std::string& message, std::size_t games) {
  std::int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::steady_clock::now().time_since_epoch())
                         .count();
  ++health_.failed_commits;
  health_.last_error = message;
  health_.last_error_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                              std::chrono::system_clock::now().time_since_epoch())
                              .count();
  // A failing disk fails every retry: say so once every ten seconds, not
  // ten times a second.
  if (health_.failed_commits == 1 || now - last_report_ms_ >= 10'000) {
    std::cerr << "qi: could not save " << games << " game(s); retrying: " << message << " ("
              << health_.failed_commits << " failed commits so far)" << std::endl;
    last_report_ms_ = now;
  }
}

StoreHealth GroupCommitStore::health() {
  std::lock_guard lock(mutex_);
  StoreHealth h = health_;
  h.waiting_writes = pending_.size();
  return h;
}

std::uint64_t GroupCommitStore::written() const {
  std::lock_guard lock(mutex_);
  return written_;
}

std::uint64_t GroupCommitStore::batches() const {
  std::lock_guard lock(mutex_);
  return batches_;
}

Expected<std::vector<Session::Saved>> GroupCommitStore::unfinished_games() {
  flush();
  return inner_.unfinished_games();
}

Expected<std::optional<Session::Saved>> GroupCommitStore::load_game(const std::string& id) {
  {
    std::unique_lock lock(mutex_);
    // A write waiting to be committed is what this server will store, unless
    // it is conditional: then another server may have changed the game
    // first, and what the database holds is the answer.
    auto it = pending_.find(id);
    if (it != pending_.end() && !it->second.expected_version) {
      if (it->second.remove) return std::optional<Session::Saved>();
      return std::optional<Session::Saved>(it->second.saved);
    }
    // Nothing of this game waits or is being written: the database has every
    // save of it made before this read, so there is nothing to wait for.
    // (Other servers read their copies again at each change: waiting for
    // this server's whole queue at each read held them up.)
    if (it == pending_.end() && !in_flight_.contains(id)) {
      lock.unlock();
      return inner_.load_game(id);
    }
  }
  flush();
  return inner_.load_game(id);
}

Expected<std::vector<GameSummary>> GroupCommitStore::list_games(int limit,
                                                                std::optional<std::int64_t> player) {
  flush();
  return inner_.list_games(limit, player);
}

Expected<bool> GroupCommitStore::rated_already(const std::string& game_id) {
  flush();
  return inner_.rated_already(game_id);
}

}  // namespace qi::app
