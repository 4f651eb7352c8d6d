// English checkers' endgame tables as `qi egdb` and UCI's EGDB Path reach
// them through the registration (core/registry.h, EndgameTables): build
// them by retrograde analysis into one file a material signature, read a
// position's value from them, or check a directory's files
// (docs/checkers-endgame.md).
#pragma once

#include "core/registry.h"

namespace qi::engine::checkers_tables {

extern const EndgameTables kEndgameTables;

}  // namespace qi::engine::checkers_tables
