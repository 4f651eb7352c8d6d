// One game between two players with Qi's referee (core/referee.h) as the
// arbiter: every move is checked by the rules, the game ends by them (plus
// the draws a player may claim, which the arbiter claims for them), the
// clock is the referee's, and a player that crashes, hangs, runs out of time
// (a draw when the opponent cannot possibly win), overruns the per-move limit
// too often or plays an illegal move loses, with the reason recorded.
// Optional adjudication by the engines' own scores ends hopeless or
// dead-drawn games early.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "arena/game_record.h"
#include "arena/openings.h"
#include "arena/player.h"
#include "core/outcome.h"
#include "core/time_control.h"

namespace qi::arena {

struct Adjudication {
  // Draw: from full move `draw_move_number` on, both engines' scores within
  // ±draw_score centipawns for `draw_move_count` moves each in a row.
  int draw_move_number = 0;
  int draw_move_count = 0;  // 0: no draw adjudication
  int draw_score = 0;
  // Resignation: one engine at or below -resign_score and its opponent at or
  // above +resign_score for `resign_move_count` moves each in a row (both agree).
  int resign_move_count = 0;  // 0: no resign adjudication
  int resign_score = 0;
  // A draw after this many full moves (0: none), as a safety net.
  int max_moves = 0;
};

struct GameSettings {
  std::string game;
  std::string variant;
  TimeControl tc;
  std::int64_t margin_ms = 200;          // slack on clocks before a flag falls
  std::int64_t hang_timeout_ms = 60000;  // depth / nodes / per-move: no reply this long = hung
  bool claim_draws = true;               // the arbiter claims repetition / fifty-move draws
  Adjudication adjudication;
  Tags extra_tags;  // Event, Site, Round, ... supplied by the caller
};

// The cost of one game's moves, to show the arena's own overhead.
struct MoveTiming {
  std::int64_t moves = 0;
  std::int64_t go_us = 0;               // wall time from request to reply, all moves
  std::int64_t arbiter_us = 0;          // the arena's own work per move (legality, outcome, clocks)
  std::int64_t engine_moves = 0;        // moves for which the engine reported its time
  std::int64_t engine_go_us = 0;        // wall time of those moves
  std::int64_t engine_reported_ms = 0;  // the time they reported
  std::int64_t waited_moves = 0;        // moves for which the engine player timed its own wait
  std::int64_t waited_go_us = 0;        // wall time of those moves
  std::int64_t wait_us = 0;             // the engines' part of it: from "go" sent to the reply read
  void add(const MoveTiming& o);
};

struct GameResult {
  Outcome outcome;                   // winner is a Side: First is `names[0]`
  std::array<std::string, 2> names;  // by side
  std::string reason;                // the outcome in words, with the players' names
  int plies = 0;
  std::string pgn;
  std::string opening;  // label of the opening, if any
  MoveTiming timing;
  // True when a player failed (crash, hang) and must be replaced.
  std::array<bool, 2> player_broken{false, false};
};

// Plays one game: `first` moves first. `seed` drives random players.
GameResult run_game(Player& first, Player& second, const Opening* opening, const GameSettings& settings,
                    std::uint64_t seed);

}  // namespace qi::arena
