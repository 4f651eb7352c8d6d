// A bracket's results kept by match: the winner of a match the bracket is
// waiting for, checked before it is kept. Shared by the brackets that record
// whole matches (double_elimination.h, placement_knockout.h).
#pragma once

#include <map>
#include <vector>

#include "core/expected.h"

namespace qi::competition {

// Keeps `winner` as the result of match `id`, one of `waiting` (the matches
// with both players known and no result yet); an error when the match is
// not waiting or `winner` is not one of its players. `match_label(id)` names
// the match in the error.
template <class Match, class Id>
Status record_winner(const std::vector<Match>& waiting, const Id& id, int winner,
                     std::map<Id, int>& results) {
  for (const Match& m : waiting) {
    if (m.id != id) continue;
    if (winner != m.a && winner != m.b)
      return make_error("the winner of " + match_label(id) + " must be one of its two players");
    results[id] = winner;
    return Ok{};
  }
  return make_error("match " + match_label(id) + " is not waiting for a result");
}

}  // namespace qi::competition
