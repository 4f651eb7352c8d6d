// The record of an arena game: the arena's tags (players, round, how the
// game ended, time control) over the game's own record (core/record.h),
// each move followed by what its player said about it, as cutechess writes
// it ({+0.35/12 0.213s}).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "arena/player.h"
#include "core/record.h"
#include "core/referee.h"

namespace qi::arena {

using qi::Tags;

// `tags` first (Event, Site, Round, ...), the players in the game's own
// player tags (White and Black, Red and Black, ...), the result, and a
// closing comment that tells how the game ended with the players' names.
std::string arena_record(const Referee& referee, Tags tags, const std::array<std::string, 2>& players,
                         const std::array<std::string, 2>& names_in_words,
                         const std::vector<std::string>& move_comments = {});

// What a player said about its move: the score from the mover's view in
// pawns ("+0.35", "-M4" for being mated in 4), "/depth", then the time the
// move took ("+0.35/12 0.213s"); only the time when the player reported no
// score.
std::string move_comment(const MoveReply& reply, std::int64_t micros);

}  // namespace qi::arena
