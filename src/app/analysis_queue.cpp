#include "app/analysis_queue.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>

#include "app/refusal_codes.h"

namespace qi::app {

AnalysisQueue::AnalysisQueue(AnalysisOptions options) : options_(options) {
  for (int i = 0; i < std::max(1, options_.workers); ++i) threads_.emplace_back([this] { worker(); });
}

AnalysisQueue::~AnalysisQueue() {
  close();
  for (std::thread& t : threads_) t.join();
}

void AnalysisQueue::close() {
  std::map<std::string, std::deque<std::shared_ptr<Task>>> orphans;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    orphans.swap(waiting_);
    turns_.clear();
    for (const auto& [client, tasks] : orphans)
      for (const auto& task : tasks)
        if (!task->key.empty()) in_flight_.erase(task->key);
  }
  wake_.notify_all();
  // Nobody will run what is still waiting: its callers get an answer anyway.
  for (auto& [client, tasks] : orphans)
    for (auto& task : tasks) task->promise.set_value(make_error("the server is stopping"));
}

AnalysisQueue::Result AnalysisQueue::run(const std::string& client, const std::string& key, Job job) {
  std::shared_future<Result> result;
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return make_error("the server is stopping");
    if (!key.empty())
      if (auto it = in_flight_.find(key); it != in_flight_.end()) {
        ++counts_.merged;
        result = it->second;
      }
    if (!result.valid()) {
      auto& mine = waiting_[client];
      if (mine.size() >= options_.waiting_per_client) {
        ++counts_.refused;
        if (mine.empty()) waiting_.erase(client);
        return make_error(refusal("busy"),
                          "the engine is busy with your earlier requests: try again shortly");
      }
      auto task = std::make_shared<Task>();
      task->client = client;
      task->key = key;
      task->job = std::move(job);
      result = task->promise.get_future().share();
      if (!key.empty()) in_flight_[key] = result;
      if (mine.empty() && !running_.contains(client)) turns_.push_back(client);
      mine.push_back(std::move(task));
    }
  }
  wake_.notify_one();
  return result.get();  // a copy: each caller gets its own
}

std::shared_ptr<AnalysisQueue::Task> AnalysisQueue::next_task() {
  if (turns_.empty()) return nullptr;
  std::string client = std::move(turns_.front());
  turns_.pop_front();
  auto it = waiting_.find(client);
  std::shared_ptr<Task> task = std::move(it->second.front());
  it->second.pop_front();
  if (it->second.empty()) waiting_.erase(it);
  running_.insert(client);
  return task;
}

void AnalysisQueue::finished(const std::string& client) {
  running_.erase(client);
  // The client's next job comes after every client that asked meanwhile.
  if (waiting_.contains(client)) turns_.push_back(client);
}

void AnalysisQueue::worker() {
  // Searches started here inherit the thread's priority: below the engine's
  // moves in games, which are what players wait for.
  (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), options_.nice);
  while (true) {
    std::shared_ptr<Task> task;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !turns_.empty(); });
      if (stopping_) return;
      task = next_task();
      ++counts_.started;
    }
    Result result = make_error("the analysis failed");
    try {
      result = task->job();
    } catch (const std::exception& e) {
      result = make_error(std::string("the analysis failed: ") + e.what());
    }
    {
      // Leaves the in-flight list before the result is given, so that a
      // later request finds the finished result where the job keeps it (the
      // review cache) rather than an answered future.
      std::lock_guard lock(mutex_);
      if (!task->key.empty()) in_flight_.erase(task->key);
      finished(task->client);
    }
    wake_.notify_one();
    // What the job holds (a copy of the game) is freed before its result is
    // given: once a caller has its answer, the work holds nothing more.
    task->job = nullptr;
    task->promise.set_value(std::move(result));
  }
}

AnalysisQueue::Counts AnalysisQueue::counts() const {
  std::lock_guard lock(mutex_);
  return counts_;
}

std::size_t AnalysisQueue::waiting() const {
  std::lock_guard lock(mutex_);
  std::size_t n = 0;
  for (const auto& [client, tasks] : waiting_) n += tasks.size();
  return n;
}

}  // namespace qi::app
