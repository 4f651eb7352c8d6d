// A match between two players: N games, each opening played twice with the
// colours reversed, K games at a time. A progress line is printed as each
// game finishes and a summary at the end: W / D / L, score, draw ratio, Elo
// difference with its 95 % interval, likelihood of superiority and, when
// asked for, the SPRT state (which stops the match once it decides).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arena/game_runner.h"
#include "arena/openings.h"
#include "arena/player_spec.h"
#include "arena/sprt.h"
#include "competition/match_stats.h"

namespace qi::arena {

struct MatchOptions {
  std::array<PlayerSpec, 2> players;
  int games = 2;
  int concurrency = 1;
  std::vector<Opening> openings;  // empty: the game's start position
  std::string pgn_path;           // empty: no PGN file
  // Go on from the games pgn_path holds (match_resume.h): they are counted
  // and not played again.
  bool resume = false;
  std::optional<SprtParameters> sprt;
  std::uint64_t seed = 1;
  GameSettings settings;  // game, variant, time control, margins, adjudication
};

struct MatchGame {
  int number = 0;
  bool first_player_moved_first = true;  // players[0] had the first move
  Outcome outcome;
  int plies = 0;
};

struct MatchResult {
  competition::WdlCounts counts;  // from players[0]'s view
  Pentanomial pairs{};            // completed pairs, from players[0]'s view
  std::vector<MatchGame> games;   // in the order they finished
  std::optional<double> llr;
  bool stopped_by_sprt = false;
  MoveTiming timing;  // summed over all games
};

// Runs the match, writing progress and the summary to `out`. The error is for
// setup problems only (PGN file cannot be opened); engine failures lose games.
Expected<MatchResult> run_match(const MatchOptions& options, std::ostream& out);

// One line on where the time went: wall time per move, the arbiter's own
// work per move, and what the engines said they used.
std::string timing_text(const MoveTiming& timing);

// The summary block printed at the end (also used by tests).
std::string match_summary(const MatchResult& result, const std::array<std::string, 2>& names,
                          const std::optional<SprtParameters>& sprt);

}  // namespace qi::arena
