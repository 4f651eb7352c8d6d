// A game row written to a store (write_of) and read back from it. A row
// that cannot be read (its state is not JSON, lacks a field, names another
// game, or no longer replays) is damaged: an error that names the game and
// says why, reported once on stderr for the operator, and never taken for
// "no such game".
#pragma once

#include <memory>
#include <string>

#include "app/session.h"
#include "app/storage/store.h"
#include "core/expected.h"

namespace qi::app {

// What the store keeps of a game: its state, and its ending with the words.
GameWrite write_of(const Session& s, std::int64_t now);

// The saved game in a row's `state` column, or code "game_damaged".
Expected<Session::Saved> read_stored_game(const std::string& id, const std::string& state);

// The session of a saved game, or code "game_damaged" when it does not
// replay (a move this build refuses, a start it cannot read).
Expected<std::unique_ptr<Session>> restore_stored_game(const Session::Saved& saved, std::int64_t now,
                                                       const Session* known = nullptr);

// Says on stderr that a game is damaged, the first time it is found (a
// client asking for it again and again does not fill the log); the error is
// passed through.
Error report_damaged_game(const std::string& id, Error error);

}  // namespace qi::app
