// How long a player may think, as the arena hands it to engines and enforces
// it. The forms follow cutechess-cli, plus xiangqi's per-move limit:
//   40/60        40 moves in 60 seconds, then the clock is refilled
//   10+0.1       10 seconds for the game, 0.1 s added after each move
//   40/60+1      both: moves per period with an increment
//   movetime=100 100 ms for every move
//   depth=8      search to depth 8 (no clock)
//   nodes=100000 search 100000 nodes (no clock)
//   permove=30/3 30 s for each move; the third overrun loses (CXA rules,
//                "每方走一着棋的时间不得超过30秒，如有三次过时间，判负")
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "core/side.h"

namespace qi::arena {

struct TimeControl {
  enum class Kind : std::uint8_t { Clock, MoveTime, Depth, Nodes, PerMove };
  Kind kind = Kind::MoveTime;
  int moves_per_period = 0;       // Clock: 0 means the whole game is one period
  std::int64_t base_ms = 0;       // Clock: time for a period; MoveTime, PerMove: time for a move
  std::int64_t increment_ms = 0;  // Clock
  std::int64_t depth = 0;         // Depth
  std::int64_t nodes = 0;         // Nodes
  int overruns_to_lose = 0;       // PerMove: this many overruns lose the game

  // The text it was parsed from, in canonical form ("40/60+1", "movetime=100").
  std::string text() const;
  // The PGN TimeControl tag value ("40/60:0", "10+0.1", "-" when unbounded).
  std::string pgn_tag() const;
};

// Parses one of the forms above; the error says what is wrong.
Expected<TimeControl> parse_time_control(std::string_view text);

// The two players' clocks through one game. The arena times each move itself
// (from sending the request to reading the reply) and charges it here.
class GameClock {
 public:
  explicit GameClock(const TimeControl& tc);

  // Time left on a side's clock (Clock), or the time for this move (MoveTime,
  // PerMove); 0 when the control has no time (Depth, Nodes).
  std::int64_t remaining_ms(Side side) const;
  // Moves left until the side's clock is refilled; 0 when there is no period.
  int moves_to_go(Side side) const;
  std::int64_t increment_ms() const { return tc_.increment_ms; }
  int overruns(Side side) const { return overruns_[index(side)]; }
  bool timed() const;

  // How long the arena waits for this side's reply before it declares the
  // side out of time (Clock, MoveTime) or hung (PerMove, Depth, Nodes).
  std::int64_t deadline_ms(Side side, std::int64_t margin_ms, std::int64_t hang_timeout_ms) const;

  enum class Charge : std::uint8_t { Ok, Overrun, Lost };
  // Charges a move that took `elapsed_ms`: Lost when the side's flag fell
  // (beyond `margin_ms`) or its overruns reached the limit.
  Charge charge(Side side, std::int64_t elapsed_ms, std::int64_t margin_ms);

 private:
  TimeControl tc_;
  std::array<std::int64_t, 2> remaining_{};
  std::array<int, 2> moves_made_{};
  std::array<int, 2> overruns_{};
};

}  // namespace qi::arena
