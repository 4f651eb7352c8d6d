// "Now, in milliseconds": the one clock interface of the program, so that
// anything that reads the time (game clocks, saved records, time management)
// can be driven by hand in tests (FakeClock) instead of sleeping.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace qi {

class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::int64_t now_ms() const = 0;
};

// Milliseconds of the steady clock (its epoch is arbitrary): for durations.
class SteadyClock final : public Clock {
 public:
  std::int64_t now_ms() const override {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
  }
  // Finer, for measuring the cost of a move.
  std::int64_t now_us() const {
    using namespace std::chrono;
    return duration_cast<microseconds>(steady_clock::now().time_since_epoch()).count();
  }
};

// Milliseconds since the Unix epoch, for records people read; it never goes
// backwards within one run (the steady clock, anchored to the wall clock at
// start).
class WallClock final : public Clock {
 public:
  WallClock()
      : wall_at_start_(std::chrono::duration_cast<std::chrono::milliseconds>(
                           std::chrono::system_clock::now().time_since_epoch())
                           .count()),
        steady_at_start_(std::chrono::steady_clock::now()) {}
  std::int64_t now_ms() const override {
    auto since = std::chrono::steady_clock::now() - steady_at_start_;
    return wall_at_start_ + std::chrono::duration_cast<std::chrono::milliseconds>(since).count();
  }

 private:
  std::int64_t wall_at_start_;
  std::chrono::steady_clock::time_point steady_at_start_;
};

// Time that moves only when a test says so.
class FakeClock final : public Clock {
 public:
  explicit FakeClock(std::int64_t start_ms = 1'700'000'000'000) : now_(start_ms) {}
  std::int64_t now_ms() const override { return now_.load(); }
  void advance(std::int64_t ms) { now_ += ms; }

 private:
  std::atomic<std::int64_t> now_;
};

}  // namespace qi
