// Time controls and the clock of one game, for every game played: in the
// app, in the arena and in `qi play`. Times come from a qi::Clock
// (core/clock.h) as milliseconds, so tests drive them by hand.
//
// The kinds, with the cutechess-style text the arena and the command line
// read:
//   unlimited      no clock
//   40/60          40 moves in 60 seconds, then the clock is refilled
//   10+0.1         10 seconds for the game, 0.1 s added after each move
//                  (sudden death when there is no increment)
//   40/60+1        both: moves per period with an increment
//   movetime=100   100 ms for every move; taking longer loses
//   permove=30/3   30 s for each move; every 30 s a move takes beyond that
//                  counts one overrun, and the third overrun loses (CXA
//                  rules, "每方走一着棋的时间不得超过30秒，如有三次过时间，判负")
//   depth=8        engines search to depth 8; no clock
//   nodes=100000   engines search 100000 nodes; no clock
// A fallen flag loses unless the opponent cannot possibly win, which is the
// referee's to judge (core/referee.h), not the clock's.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "core/side.h"

namespace qi {

struct TimeControl {
  enum class Kind : std::uint8_t { Unlimited, Clock, MoveTime, PerMove, Depth, Nodes };
  Kind kind = Kind::Unlimited;
  int moves_per_period = 0;       // Clock: 0 when the whole game is one period
  std::int64_t base_ms = 0;       // Clock: a period; MoveTime, PerMove: one move
  std::int64_t increment_ms = 0;  // Clock
  int max_overruns = 3;           // PerMove: this many overruns lose
  std::int64_t depth = 0;         // Depth
  std::int64_t nodes = 0;         // Nodes

  static TimeControl unlimited() { return {}; }
  static TimeControl sudden_death(std::int64_t base_ms) { return increment(base_ms, 0); }
  static TimeControl increment(std::int64_t base_ms, std::int64_t increment_ms) {
    TimeControl tc;
    tc.kind = Kind::Clock;
    tc.base_ms = base_ms;
    tc.increment_ms = increment_ms;
    return tc;
  }
  static TimeControl per_move(std::int64_t per_move_ms = 30'000, int max_overruns = 3) {
    TimeControl tc;
    tc.kind = Kind::PerMove;
    tc.base_ms = per_move_ms;
    tc.max_overruns = max_overruns;
    return tc;
  }
  static TimeControl move_time(std::int64_t ms) {
    TimeControl tc;
    tc.kind = Kind::MoveTime;
    tc.base_ms = ms;
    return tc;
  }

  // Whether a clock runs (Clock, MoveTime, PerMove).
  bool timed() const { return kind == Kind::Clock || kind == Kind::MoveTime || kind == Kind::PerMove; }
  // The text it is parsed from, in canonical form ("40/60+1", "movetime=100").
  std::string text() const;
  // The PGN TimeControl tag value ("40/60", "10+0.1", "*30" a move, "-").
  std::string pgn_tag() const;
  friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// One of the forms above; the error says what is wrong.
Expected<TimeControl> parse_time_control(std::string_view text);
// The numbers a person's game may have: positive, at most a day.
Status validate(const TimeControl& tc);

// Both sides' time through one game. A margin (the arena's slack for the
// time a reply takes to arrive) is granted before a flag falls.
class GameClock {
 public:
  struct Saved {
    std::array<std::int64_t, 2> remaining_ms{};
    std::array<int, 2> overruns{};
    std::array<int, 2> moves{};
    std::optional<Side> running;
    std::int64_t turn_elapsed_ms = 0;  // how long the running side had been thinking
  };

  GameClock() = default;
  explicit GameClock(const TimeControl& tc, std::int64_t margin_ms = 0);

  const TimeControl& control() const { return tc_; }
  // Starts `side`'s time at `now` (the first move, a resumed game, an undo).
  void start(Side side, std::int64_t now);
  // The running side has moved: charges its time, adds the increment or
  // refills the period, counts overruns, and starts the other side.
  void press(std::int64_t now);
  void stop(std::int64_t now);  // charges the running side and stops
  std::optional<Side> running() const { return running_; }

  // Time left for `side` at `now`: on its clock (Clock), or for the move it
  // is making (MoveTime, PerMove); 0 without a clock.
  std::int64_t remaining_ms(Side side, std::int64_t now) const;
  int overruns(Side side, std::int64_t now) const;
  // Moves left in `side`'s period; 0 when the game is one period.
  int moves_to_go(Side side) const;
  // The side whose flag has fallen at `now`, if any.
  std::optional<Side> flagged(std::int64_t now) const;
  // How long `side`, to move at `now`, may think before its flag falls (or,
  // for PerMove, before its next overrun); -1 without a clock.
  std::int64_t time_to_flag(Side side, std::int64_t now) const;

  Saved save(std::int64_t now) const;
  // Restores a saved clock at `now` as it stood when saved: the time between
  // the save and the restore (a server restart) is not charged.
  void restore(const Saved& saved, std::int64_t now);

 private:
  std::int64_t elapsed(std::int64_t now) const {
    return running_ ? std::max<std::int64_t>(0, now - turn_started_ms_) : 0;
  }
  int overruns_of(std::int64_t spent) const;
  void charge(Side side, std::int64_t spent);

  TimeControl tc_;
  std::int64_t margin_ms_ = 0;
  std::array<std::int64_t, 2> remaining_{};  // Clock only
  std::array<int, 2> overruns_{};            // PerMove; MoveTime: moves that took too long
  std::array<int, 2> moves_{};
  std::optional<Side> running_;
  std::int64_t turn_started_ms_ = 0;
};

std::string kind_name(TimeControl::Kind kind);  // "unlimited", "clock", "move_time", "per_move", ...

}  // namespace qi
