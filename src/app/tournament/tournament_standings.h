// A tournament's crosstable and standings, from the library that ranks
// every competition (competition/standings.h): points under the organiser's
// scoring, then the organiser's tie-breaks in order.
#pragma once

#include <vector>

#include "app/tournament/tournament.h"
#include "competition/crosstable.h"
#include "competition/standings.h"

namespace qi::app {

// Entrant k is player k-1. A board still in play counts as nothing yet.
competition::Crosstable tournament_crosstable(const Tournament& t);
competition::RankingRules tournament_ranking_rules(const Tournament& t);
std::vector<competition::Standing> tournament_standings(const Tournament& t);

}  // namespace qi::app
