#include "app/time_control.h"

#include <algorithm>

namespace qi::app {

std::string kind_name(TimeControl::Kind kind) {
  switch (kind) {
    case TimeControl::Kind::Unlimited:
      return "unlimited";
    case TimeControl::Kind::SuddenDeath:
      return "sudden_death";
    case TimeControl::Kind::Increment:
      return "increment";
    case TimeControl::Kind::PerMove:
      return "per_move";
  }
  return "unlimited";
}

Expected<TimeControl::Kind> parse_kind(const std::string& name) {
  for (auto k : {TimeControl::Kind::Unlimited, TimeControl::Kind::SuddenDeath, TimeControl::Kind::Increment,
                 TimeControl::Kind::PerMove})
    if (kind_name(k) == name) return k;
  return make_error("unknown time control '" + name + "' (unlimited, sudden_death, increment, per_move)");
}

Status validate(const TimeControl& tc) {
  constexpr std::int64_t kDay = 24LL * 3600 * 1000;
  switch (tc.kind) {
    case TimeControl::Kind::Unlimited:
      return Ok{};
    case TimeControl::Kind::SuddenDeath:
    case TimeControl::Kind::Increment:
      if (tc.base_ms <= 0 || tc.base_ms > kDay)
        return make_error("time control: base time must be between 1 ms and a day");
      if (tc.increment_ms < 0 || tc.increment_ms > 3600 * 1000)
        return make_error("time control: increment must be between 0 and an hour");
      return Ok{};
    case TimeControl::Kind::PerMove:
      if (tc.per_move_ms <= 0 || tc.per_move_ms > kDay)
        return make_error("time control: time per move must be between 1 ms and a day");
      if (tc.max_overruns < 1 || tc.max_overruns > 100)
        return make_error("time control: overruns allowed must be between 1 and 100");
      return Ok{};
  }
  return Ok{};
}

GameClock::GameClock(const TimeControl& tc) : tc_(tc) { remaining_ = {tc.base_ms, tc.base_ms}; }

void GameClock::start(Side side, std::int64_t now) {
  if (!tc_.timed()) return;
  running_ = side;
  turn_started_ms_ = now;
}

void GameClock::press(std::int64_t now) {
  if (!tc_.timed() || !running_) return;
  Side mover = *running_;
  std::int64_t spent = elapsed(now);
  if (tc_.kind == TimeControl::Kind::PerMove) {
    overruns_[index(mover)] += static_cast<int>(spent / tc_.per_move_ms);
  } else {
    remaining_[index(mover)] -= spent;
    if (tc_.kind == TimeControl::Kind::Increment && remaining_[index(mover)] > 0)
      remaining_[index(mover)] += tc_.increment_ms;
  }
  start(~mover, now);
}

void GameClock::stop(std::int64_t now) {
  if (!running_) return;
  Side mover = *running_;
  std::int64_t spent = elapsed(now);
  if (tc_.kind == TimeControl::Kind::PerMove)
    overruns_[index(mover)] += static_cast<int>(spent / tc_.per_move_ms);
  else
    remaining_[index(mover)] -= spent;
  running_.reset();
}

std::int64_t GameClock::remaining_ms(Side side, std::int64_t now) const {
  if (!tc_.timed()) return 0;
  std::int64_t spent = running_ == side ? elapsed(now) : 0;
  if (tc_.kind == TimeControl::Kind::PerMove) return tc_.per_move_ms - spent % tc_.per_move_ms;
  return remaining_[index(side)] - spent;
}

int GameClock::overruns(Side side, std::int64_t now) const {
  int n = overruns_[index(side)];
  if (tc_.kind == TimeControl::Kind::PerMove && running_ == side)
    n += static_cast<int>(elapsed(now) / tc_.per_move_ms);
  return n;
}

std::optional<Side> GameClock::flagged(std::int64_t now) const {
  if (!tc_.timed()) return std::nullopt;
  for (Side s : {Side::First, Side::Second}) {
    if (tc_.kind == TimeControl::Kind::PerMove) {
      if (overruns(s, now) >= tc_.max_overruns) return s;
    } else if (remaining_ms(s, now) <= 0) {
      return s;
    }
  }
  return std::nullopt;
}

GameClock::Saved GameClock::save(std::int64_t now) const {
  return {remaining_, overruns_, running_, elapsed(now)};
}

void GameClock::restore(const Saved& saved, std::int64_t now) {
  remaining_ = saved.remaining_ms;
  overruns_ = saved.overruns;
  running_ = saved.running;
  turn_started_ms_ = now - saved.turn_elapsed_ms;
}

}  // namespace qi::app
