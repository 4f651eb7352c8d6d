// A few threads for work that may block (Api::handle waits for a database
// commit or an engine), fed from the event loop. The queue is bounded: when
// it is full, try_submit refuses and the caller answers 503 at once instead
// of letting requests pile up behind a slow one.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace qi::server {

class WorkerPool {
 public:
  WorkerPool(int threads, std::size_t max_queued);
  // Finishes the jobs running now, drops the queued ones, joins the threads.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // False (and the job is not run) when max_queued jobs are already waiting.
  bool try_submit(std::function<void()> job);
  std::size_t queued() const;

 private:
  void work();

  const std::size_t max_queued_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::function<void()>> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace qi::server
