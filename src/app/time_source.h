// Where the app reads the time. Clocks and records ask a TimeSource so that
// tests can drive time by hand (FakeTimeSource) instead of sleeping.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace qi::app {

class TimeSource {
 public:
  virtual ~TimeSource() = default;
  // Milliseconds since the Unix epoch; never goes backwards for a
  // SystemTimeSource within one run (steady clock anchored at start).
  virtual std::int64_t now_ms() const = 0;
};

class SystemTimeSource final : public TimeSource {
 public:
  SystemTimeSource()
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

class FakeTimeSource final : public TimeSource {
 public:
  explicit FakeTimeSource(std::int64_t start_ms = 1'700'000'000'000) : now_(start_ms) {}
  std::int64_t now_ms() const override { return now_.load(); }
  void advance(std::int64_t ms) { now_ += ms; }

 private:
  std::atomic<std::int64_t> now_;
};

}  // namespace qi::app
