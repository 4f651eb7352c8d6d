// Where the English checkers search finds its endgame tables
// (checkers/endgame.h, docs/checkers-endgame.md), and the tables themselves,
// loaded once a process in the background so that no move waits for them.
//
// The directory: the engine option (EngineOptions::egdb_path, UCI "EGDB
// Path") when it is set, else the environment variable QI_EGDB, else
// "egdb" beside the running executable. No tables there, or none sound: the
// search runs without them, as it always has.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/checkers/endgame.h"

namespace qi::engine::checkers_tables {

using Database = checkers::endgame::Database;

// The directory an option value names (see above).
std::string directory_for(std::string_view option);

// The tables of that directory: null until they are loaded (the first call
// for a directory starts loading it on a thread of its own) and when it
// holds none.
std::shared_ptr<const Database> tables(std::string_view option);

// What was refused while loading (each a file named with its fault).
std::vector<std::string> problems();

// Tests: these tables whatever the option says; null: back to the directory.
void set_tables_for_tests(std::shared_ptr<const Database> tables);

}  // namespace qi::engine::checkers_tables
