// The options `qi match` and `qi tournament` share: the game, the time
// control, openings, PGN output, concurrency, adjudication, and the players.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "arena/game_runner.h"
#include "arena/openings.h"
#include "arena/player_spec.h"
#include "core/expected.h"

namespace CLI {
class App;
}

namespace qi::cli {

struct ArenaOptions {
  std::string game;
  std::string variant;
  std::vector<std::string> players;
  std::string tc;
  int concurrency = 1;
  std::string openings_file;
  std::string pgn;
  std::uint64_t seed = 1;
  std::int64_t margin_ms = 200;
  std::int64_t hang_timeout_ms = 60000;
  std::string draw;    // "movenumber=40 movecount=8 score=10"
  std::string resign;  // "movecount=3 score=600"
  int max_moves = 0;
  bool no_claims = false;
};

void add_arena_options(CLI::App& command, ArenaOptions& options);

// Everything checked and made ready before the first game: a bad option, an
// unknown game, an unreadable openings file, a player that cannot start.
struct ArenaSetup {
  arena::GameSettings settings;
  std::vector<arena::Opening> openings;
  std::vector<arena::PlayerSpec> players;
};
Expected<ArenaSetup> prepare_arena(const ArenaOptions& options);

// "key=value key=value" adjudication options; exposed for tests through the CLI.
Status parse_draw_adjudication(const std::string& text, arena::Adjudication& a);
Status parse_resign_adjudication(const std::string& text, arena::Adjudication& a);

}  // namespace qi::cli
