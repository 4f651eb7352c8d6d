// The draws each federation declares from the course of a game: repetition,
// no-progress counts and endgame move limits. They need the game's history,
// so they live here rather than in Position (docs/rules-checkers.md gives the
// source of each rule).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "core/outcome.h"

namespace qi::checkers {

// What the draw rules need to know about each position of a game, the start
// included.
struct PlyFacts {
  std::uint64_t hash = 0;       // of the position, side to move included
  bool resets_progress = true;  // reached by a capture or a man's move (or the start)
  int men[2] = {0, 0};          // indexed by Colour (White = 0, Black = 1)
  int kings[2] = {0, 0};
  int to_move = 0;  // the Colour to move
};

struct DrawSettings {
  // English checkers: the 40-move rule (moves by each side without a capture
  // or a man's move); 0 turns it off.
  int english_no_progress_moves = 40;
};

// The draw the rules of `variant` declare in the last position of `history`,
// if any.
std::optional<Outcome> draw_by_rule(std::string_view variant, const std::vector<PlyFacts>& history,
                                    const DrawSettings& settings);

}  // namespace qi::checkers
