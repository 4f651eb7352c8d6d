// The next round of a tournament: a round robin's from its Berger table
// (competition/round_robin.h), a Swiss round by the FIDE Dutch system
// (competition/swiss/dutch.h). Boards only: the games are made afterwards
// (tournaments.h), so that a round is written once, whatever happens to the
// server that makes its games.
#pragma once

#include "app/tournament/tournament.h"
#include "core/expected.h"

namespace qi::app {

// The round after the last one. A round robin's first round also fixes its
// table (t.round_robin_table). Errors: "round_incomplete", "no_rounds_left",
// "too_few_entrants", "cannot_pair" (a Swiss round the absolute criteria do
// not allow).
Expected<TournamentRound> pair_next_round(Tournament& t, std::int64_t now_ms);

}  // namespace qi::app
