// Going on with a match from its PGN file: a match of hundreds of games at a
// real time control outlasts a working session, so a match started again
// with the same players, settings and file reads the games the file holds,
// counts them, and plays only the rest.
#pragma once

#include <array>
#include <map>
#include <string>

#include "arena/game_runner.h"
#include "core/outcome.h"

namespace qi::arena {

// A game the file holds, as the match counts it.
struct PlayedGame {
  bool first_player_moved_first = true;  // players[0] had the first move
  Outcome outcome;                       // its verdict and winner (First: the first mover)
};

// The finished games of a match between `names` (players[0], players[1])
// in the PGN/PDN text of its file, by game number (the Round tag). Game N
// has players[0] moving first when N is odd, as the match plays them. An
// unfinished game ("*") is not counted: it is played again. The error names
// the record that belongs to another match (other players, colours the other
// way round, another time control) or cannot be read.
Expected<std::map<int, PlayedGame>> games_in_file(std::string_view text,
                                                  const std::array<std::string, 2>& names,
                                                  const GameSettings& settings);

}  // namespace qi::arena
