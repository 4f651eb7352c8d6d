// Time controls and the chess clock of one game.
//
// Sudden death: each side has `base` for the whole game. Increment (Fischer):
// `increment` is added after each move made. Per move (the xiangqi rule of
// the Chinese Xiangqi Association documents): every move must be made within
// `per_move`; each time a move overruns it (and every further full `per_move`
// of the same move) counts one overrun, and the side reaching `max_overruns`
// loses on time. A fallen flag loses unless the opponent could not possibly
// mate (decided by the session, not here).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/expected.h"
#include "core/side.h"

namespace qi::app {

struct TimeControl {
  enum class Kind { Unlimited, SuddenDeath, Increment, PerMove };
  Kind kind = Kind::Unlimited;
  std::int64_t base_ms = 0;
  std::int64_t increment_ms = 0;
  std::int64_t per_move_ms = 0;
  int max_overruns = 3;

  static TimeControl unlimited() { return {}; }
  static TimeControl sudden_death(std::int64_t base_ms) { return {Kind::SuddenDeath, base_ms, 0, 0, 3}; }
  static TimeControl increment(std::int64_t base_ms, std::int64_t inc_ms) {
    return {Kind::Increment, base_ms, inc_ms, 0, 3};
  }
  static TimeControl per_move(std::int64_t per_move_ms = 30'000, int max_overruns = 3) {
    return {Kind::PerMove, 0, 0, per_move_ms, max_overruns};
  }
  bool timed() const { return kind != Kind::Unlimited; }
};

std::string kind_name(TimeControl::Kind kind);  // "unlimited", "sudden_death", "increment", "per_move"
Expected<TimeControl::Kind> parse_kind(const std::string& name);
// Checks the numbers make sense (positive, not absurdly long).
Status validate(const TimeControl& tc);

// Both sides' time. Times are in milliseconds from a Clock (core/clock.h).
class GameClock {
 public:
  struct Saved {
    std::array<std::int64_t, 2> remaining_ms{};
    std::array<int, 2> overruns{};
    std::optional<Side> running;
    std::int64_t turn_elapsed_ms = 0;  // how long the running side had been thinking
  };

  GameClock() = default;
  explicit GameClock(const TimeControl& tc);

  const TimeControl& control() const { return tc_; }
  // Starts `side`'s time at `now` (the first move, a resumed game, an undo).
  void start(Side side, std::int64_t now);
  // The running side has moved: charges its time, adds the increment or
  // counts an overrun, and starts the other side.
  void press(std::int64_t now);
  void stop(std::int64_t now);  // charges the running side and stops
  std::optional<Side> running() const { return running_; }

  // Time left for `side` at `now` (for PerMove: of the current move).
  std::int64_t remaining_ms(Side side, std::int64_t now) const;
  int overruns(Side side, std::int64_t now) const;
  // The side whose flag has fallen at `now`, if any.
  std::optional<Side> flagged(std::int64_t now) const;

  Saved save(std::int64_t now) const;
  // Restores a saved clock at `now` as it stood when saved: the time between
  // the save and the restore (a server restart) is not charged.
  void restore(const Saved& saved, std::int64_t now);

 private:
  std::int64_t elapsed(std::int64_t now) const {
    return running_ ? std::max<std::int64_t>(0, now - turn_started_ms_) : 0;
  }

  TimeControl tc_;
  std::array<std::int64_t, 2> remaining_{};  // whole-game time (not PerMove)
  std::array<int, 2> overruns_{};
  std::optional<Side> running_;
  std::int64_t turn_started_ms_ = 0;
};

}  // namespace qi::app
