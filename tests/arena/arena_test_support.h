// Helpers for the arena's tests: where the fake engines are, and whether a
// game or a reference engine is available here.
#pragma once

#include <unistd.h>

#include <string>

#include "arena/player_spec.h"
#include "core/outcome.h"
#include "engine/registry.h"

namespace qi::arena::test {

// From the source folder the build names (not __FILE__, which a compiler
// cache may have made relative to the build folder).
inline std::string fake_engine_path() {
  return std::string(QI_SOURCE_DIR) + "/tests/arena/fake_engines/fake_uci.sh";
}

// A spec for the fake UCI engine misbehaving as `mode` says.
inline PlayerSpec fake_engine(const std::string& mode) {
  PlayerSpec spec;
  spec.argv = {"/bin/sh", fake_engine_path(), mode};
  spec.name = "fake-" + mode;
  return spec;
}

inline bool has_game(const std::string& name) { return engine::find_game(name) != nullptr; }

// An ending for a failure message: its name and the arena's account.
inline std::string told(const Outcome& o) {
  return std::string(name_of(o.termination)) + (o.detail.empty() ? "" : ": " + o.detail);
}

inline bool executable(const char* path) { return access(path, X_OK) == 0; }

inline PlayerSpec builtin(const std::string& which) {
  Expected<PlayerSpec> spec = parse_player_spec("qi:" + which);
  return *spec;
}

}  // namespace qi::arena::test
