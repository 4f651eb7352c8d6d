// The group stage of a multi-stage event (file 004: "小组积分循环…取前2名"):
// the players split into groups, each group a round robin ranked on its own,
// its top places going through to the next stage (crossover.h).
//   Groups are filled by serpentine seeding, the usual way to balance them:
//   seeds go left to right along the groups, then right to left, and so on
//   (with groups A, B, C: A gets seeds 1, 6, 7, B 2, 5, 8, C 3, 4, 9).
//   A group plays by the Berger tables (round_robin.h) over its players in
//   seed order, once or twice (file 004 plays two games a pairing), and is
//   ranked by standings.h; file 004's rules are 3 / 1 / 0 with the direct
//   encounter, then net games ("积分相同看胜负关系，胜负关系循环看净胜局数").
#pragma once

#include <string>
#include <vector>

#include "competition/played_game.h"
#include "competition/round_robin.h"
#include "competition/standings.h"
#include "core/expected.h"

namespace qi::competition {

// Seeds 0 .. players-1 (the best first) into `groups` groups, serpentine;
// each group in seed order.
std::vector<std::vector<int>> serpentine_groups(int players, int groups);

// The games of a group's round robin, played `cycles` times, with the
// players' own numbers (not their places in the group).
std::vector<Pairing> group_pairings(const std::vector<int>& group, int cycles);

// File 004's group rules: 3 / 1 / 0, then the direct encounter, then net
// games.
RankingRules file_004_group_rules();

// A group's standings from games that may include other groups' (only the
// games between two of its players count), with the players' own numbers.
std::vector<Standing> group_standings(const std::vector<int>& group, const std::vector<PlayedGame>& games,
                                      const RankingRules& rules);

// The first `count` players of a group's standings, in order. An error when
// any of those places is shared (the rules left them level: a play-off or
// a lot must decide before the next stage can be paired); `group_name` is
// for that message.
Expected<std::vector<int>> group_qualifiers(const std::vector<Standing>& table, int count,
                                            const std::string& group_name);

// "A", "B", ..., "Z", "AA", ...: groups' names.
std::string group_name(int index);

}  // namespace qi::competition
