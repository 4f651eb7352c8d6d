// How far a game reads a record: read_game (core/record.h) counting the
// moves of the main line it plays before the first that fails. Identifying a
// record's game asks this of every game (engine/record_identity.h).
#pragma once

#include <memory>

#include "core/record.h"

namespace qi {

// As read_game; `plies_read` is set to the main-line moves played, up to the
// first that failed, or all of them (-1 when the record's start position
// is none of the game's).
Expected<ReadGame> read_game(GameRecord record, std::unique_ptr<Game> game, int& plies_read);

}  // namespace qi
