// The formats of a tournament, each with its pairings in a file of its own:
//   round-robin         every pair meets once (round_robin.h)
//   double-round-robin  every pair meets twice, colours reversed (round_robin.h)
//   knockout            a seeded bracket of two-game matches, level ones decided
//                       by an armageddon game (knockout.h)
//   best-of-three       a seeded bracket of best-of-three matches (knockout.h)
// These are the formats `qi tournament` plays with engines. People's events
// have more, each in its own file and not (yet) named here, since the arena
// cannot run them: double_elimination.h, placement_knockout.h, groups.h and
// crossover.h (file 004's groups then crossover), team_match.h, and
// match_format.h for a match's tie-break games and armageddon.
// Swiss pairings come in a later issue: a `Format::Swiss` here, and `swiss.h`
// beside round_robin.h and knockout.h, pairing each round from the standings
// so far (standings.h).
#pragma once

#include <string>
#include <string_view>

#include "core/expected.h"

namespace qi::competition {

enum class Format { RoundRobin, DoubleRoundRobin, Knockout, BestOfThree };

// "round-robin" ("rr"), "double-round-robin" ("drr"), "knockout" ("ko"),
// "best-of-three" ("bo3").
Expected<Format> parse_format(std::string_view text);
// For people: "round robin", "knockout", ...
std::string format_name(Format format);

// Every player meets every other (scored by points), rather than a bracket.
bool is_round_robin(Format format);

}  // namespace qi::competition
