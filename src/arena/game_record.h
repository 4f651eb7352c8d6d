// The PGN of an arena game: the arena's tags (players, round, result, how the
// game ended, time control) over the game's own record from Game::record().
// Records that are not PGN (tic-tac-toe's) go into a comment.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "arena/player.h"
#include "core/game.h"

namespace qi::arena {

using Tags = std::vector<std::pair<std::string, std::string>>;

// `tags` come first, in order, replacing the record's tags of the same name;
// `result` ("1-0", ...) replaces the record's result; `comment` (may be empty)
// is added before it. `move_comments[i]`, where given and not empty, follows
// the i-th move of the record (PGN and PDN records only).
std::string game_record(const Game& game, const Tags& tags, const std::string& result,
                        const std::string& comment, const std::vector<std::string>& move_comments = {});

// What a player said about its move, as cutechess writes it: the score from
// the mover's view in pawns ("+0.35", "-M4" for being mated in 4), "/depth",
// then the time the move took ("+0.35/12 0.213s"); only the time when the
// player reported no score.
std::string move_comment(const MoveReply& reply, std::int64_t micros);

}  // namespace qi::arena
