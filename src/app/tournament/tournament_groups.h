// The group stage of a groups-then-knockout event in the app (the xiangqi
// document's: groups playing round robins of two games a pair, scored
// 3/1/0, ranked by the direct encounter then net games, the top two of
// each group crossing over into the knockout). The groups follow from the
// seeds (Tournament::field) by serpentine seeding (competition/groups.h);
// their tables from the boards' results.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/tournament/tournament.h"
#include "competition/standings.h"
#include "core/expected.h"

namespace qi::app {

struct TournamentGroup {
  std::string name;                              // "A", "B", ...
  std::vector<int> entrants;                     // in seed order
  std::vector<competition::Standing> standings;  // `player` is the entrant's number
  std::vector<int> qualified;                    // the top two, once the group's games are all played
};

// How many players of each group go through (the crossover's winner and
// runner-up).
inline constexpr int kQualifiersPerGroup = 2;

// The game rounds of the group stage (the longest group's round robin).
int group_stage_rounds(const Tournament& t);
// Whether every game of the group stage has its result.
bool group_stage_complete(const Tournament& t);
// The groups with their tables as the results stand. Places left level by
// the organiser's tie-breaks are decided by lot (from the tournament's id),
// so that the knockout can always be paired.
std::vector<TournamentGroup> tournament_groups(const Tournament& t);
// The boards of group round `round` (1-based): each group's pairs by its
// Berger table, and a bye for a player its odd-sized group leaves out.
std::vector<Board> group_round_boards(const Tournament& t, int round);
// Each group's (winner, runner-up), groups in order, once the stage is over.
Expected<std::vector<std::pair<int, int>>> crossover_qualifiers(const Tournament& t);

}  // namespace qi::app
