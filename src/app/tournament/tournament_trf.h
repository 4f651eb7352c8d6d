// A tournament as FIDE's Tournament Report File (competition/swiss/trf.h):
// what the Dutch pairing reads to pair a Swiss round, and what the organiser
// exports for a rating officer or another pairing program.
#pragma once

#include "app/tournament/tournament.h"
#include "competition/swiss/trf.h"

namespace qi::app {

// Every round so far, results as the boards have them (a board still in play
// has no result yet). `absent_next`: the entrants who may not be paired in the
// next round (withdrawn) are given a zero-point bye in it, so that the Dutch
// pairing leaves them out.
competition::swiss::TrfTournament tournament_trf(const Tournament& t, bool absent_next = false);

}  // namespace qi::app
