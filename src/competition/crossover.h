// The knockout stage after the groups (file 004: "取前2名。然后进行交叉比赛"):
// the top two of each group cross over, each group's winner meeting
// another group's runner-up.
//   Groups pair off in order, A with B, C with D, ...; the first round is
//   1A-2B, 1C-2D, ... in the top half of the bracket and 1B-2A, 1D-2C, ...
//   in the bottom half, so that the two players of a group can meet again
//   only in the final. With two groups that is file 004's 1A-2B and 1B-2A,
//   whose winners meet in the final. Later rounds pair the winners in
//   bracket order (knockout.h); each match is played as match_format.h
//   says (file 004: two games, then armageddon).
//   Places: the final's winner and loser are 1 and 2; the semi-finals'
//   losers 3 and 4 by a third-place match, or share 3 without one; the
//   losers of an earlier round share the place after everyone who went
//   further; the players who did not go through follow, by their place in
//   their group (all third places sharing one place, then all fourth).
#pragma once

#include <utility>
#include <vector>

#include "competition/knockout.h"
#include "competition/placing.h"
#include "competition/standings.h"
#include "core/expected.h"

namespace qi::competition {

// The crossover round from each group's (winner, runner-up), groups in
// order; an even number of groups. Each match's `a` is the group winner.
Expected<std::vector<KnockoutMatch>> crossover_round(const std::vector<std::pair<int, int>>& qualifiers);

// The match for third place between the losers of the two decided
// semi-finals; `a` is the loser of the first.
KnockoutMatch third_place_match(const std::vector<KnockoutMatch>& semi_finals, int round);

// The players' places once every knockout round (the crossover first, the
// final last) and the third-place match, if there is one, are decided;
// `group_tables` are the groups' standings, of which the first
// `qualified_per_group` went through.
std::vector<Placing> multi_stage_placings(const std::vector<std::vector<KnockoutMatch>>& knockout_rounds,
                                          const KnockoutMatch* third_place,
                                          const std::vector<std::vector<Standing>>& group_tables,
                                          int qualified_per_group);

}  // namespace qi::competition
