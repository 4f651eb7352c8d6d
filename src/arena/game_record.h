// The PGN of an arena game: the arena's tags (players, round, result, how the
// game ended, time control) over the game's own record from Game::record().
// Records that are not PGN (tic-tac-toe's) go into a comment.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/game.h"

namespace qi::arena {

using Tags = std::vector<std::pair<std::string, std::string>>;

// `tags` come first, in order, replacing the record's tags of the same name;
// `result` ("1-0", ...) replaces the record's result; `comment` (may be empty)
// is added before it.
std::string game_record(const Game& game, const Tags& tags, const std::string& result,
                        const std::string& comment);

}  // namespace qi::arena
