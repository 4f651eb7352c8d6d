// The next round of a Swiss tournament by the FIDE Dutch system (FIDE
// Handbook C.04.3): the absolute criteria (no two players meet twice, at most
// one pairing-allocated bye, no two players with the same absolute colour
// preference meet unless both are topscorers in the last round), then the
// quality criteria in their order, encoded as the weights of one maximum
// weighted matching over the players who play the round (docs/competition.md
// says how close this comes to the rules, measured against bbpPairings).
#pragma once

#include <vector>

#include "competition/swiss/trf.h"
#include "core/expected.h"

namespace qi::competition::swiss {

// The most players one round pairs (the weights of the matching are sized for it).
inline constexpr int kMaxSwissPlayers = 200;

struct SwissPairing {
  int white = 0;
  int black = 0;  // 0: the pairing-allocated bye for `white`
};

// The pairings of round tournament.rounds_in_file() + 1, board by board (the
// highest-ranked pair first), the bye last. A player whose line already has
// an entry for that round (a requested bye, an absence) is not paired. An
// error when the players present cannot all be paired under the absolute
// criteria.
Expected<std::vector<SwissPairing>> pair_dutch(const TrfTournament& tournament);

}  // namespace qi::competition::swiss
