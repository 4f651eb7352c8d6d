// Start positions for a match, read from a file of
//   FEN or EPD lines: one position a line (EPD opcodes after the fourth field
//   are ignored, and the move counters default to "0 1"), or a handicap's name
//   alone ("knight", "让单马": engine/handicap.h), '#' starts a comment;
//   or PGN games: the FEN tag if any and the moves of each game, in any
//   notation the game accepts (SAN for chess). Comments, variations, move
//   numbers, NAGs and results are skipped.
// Every opening is checked against the game's rules when it is read.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"

namespace qi::arena {

struct Opening {
  std::string fen;                 // the position before `moves`
  std::vector<std::string> moves;  // machine ids
  std::string label;               // "line 3", "game 2", for messages
};

// `text` is the file's contents; `game` is a fresh game of the right kind
// (it is used for checking and left at its start).
Expected<std::vector<Opening>> parse_openings(std::string_view text, Game& game);

// The same, from a file (at most 64 MB; GB18030, UTF-16 or Windows-1252
// read as UTF-8); errors name the file.
inline constexpr std::size_t kMaxOpeningsBytes = 64u << 20;
Expected<std::vector<Opening>> read_openings(const std::string& path, Game& game);

// Sets `game` to the opening's position after its moves.
Status apply_opening(const Opening& opening, Game& game);

}  // namespace qi::arena
