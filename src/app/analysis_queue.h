// The engine's work that is not a game's move — reviews and hints — queued
// fairly. Analysis has its own few workers (one on a small machine), so it
// never takes the engine slots that games' moves use, and runs at a lower CPU
// priority than they do. Each client has its own queue with a cap on what it
// may have waiting; the workers serve the clients in turn (round robin), one
// job of a client at a time, so one client asking for many reviews delays
// another client's by at most the one job of its own being searched.
// Identical work asked for twice (the same key) runs once: the second
// request waits for the first one's result.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "core/expected.h"

namespace qi::app {

struct AnalysisOptions {
  int workers = 1;                     // analysis searches at once
  std::size_t waiting_per_client = 4;  // jobs a client may have waiting (not yet started)
  int nice = 15;                       // the workers' CPU priority, below the engine moves' 10
};

class AnalysisQueue {
 public:
  using Result = Expected<nlohmann::json>;
  using Job = std::function<Result()>;

  explicit AnalysisQueue(AnalysisOptions options);
  // Stops the workers; jobs still waiting are answered with an error.
  ~AnalysisQueue();
  // Takes no more jobs and answers those waiting with an error ("the server
  // is stopping"); the jobs running finish (their callers stop them).
  void close();
  AnalysisQueue(const AnalysisQueue&) = delete;
  AnalysisQueue& operator=(const AnalysisQueue&) = delete;

  // Runs `job` for `client` on a worker, in the client's turn, and returns its
  // result. When a job with the same non-empty `key` is waiting or running,
  // nothing new is queued: this call shares that job's result. Refused with
  // code "busy" (and nothing queued) when the client already has
  // `waiting_per_client` jobs waiting.
  Result run(const std::string& client, const std::string& key, Job job);

  struct Counts {
    std::uint64_t started = 0;  // jobs a worker began
    std::uint64_t merged = 0;   // requests that shared another's job
    std::uint64_t refused = 0;  // requests refused as busy
  };
  Counts counts() const;
  // Jobs waiting for a worker, over all clients.
  std::size_t waiting() const;

 private:
  struct Task {
    std::string client, key;
    Job job;
    std::promise<Result> promise;
  };
  void worker();
  // Under mutex_: the next task in round-robin order, or null.
  std::shared_ptr<Task> next_task();
  // Under mutex_: the client's job is done; its next one takes its turn.
  void finished(const std::string& client);

  AnalysisOptions options_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, std::deque<std::shared_ptr<Task>>> waiting_;  // by client
  // Clients with jobs waiting and none running, the next to be served first.
  std::deque<std::string> turns_;
  std::set<std::string> running_;                                // clients with a job being searched
  std::map<std::string, std::shared_future<Result>> in_flight_;  // by key: waiting or running
  Counts counts_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace qi::app
