// Small game writes for the store tests: a tic-tac-toe game's state at a
// version, written against an expected version (or none: a new game).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "app/storage/store.h"

namespace qi::test {

inline app::GameWrite game_write(const std::string& id, std::uint64_t version,
                                 std::optional<std::uint64_t> expected = std::nullopt) {
  app::GameWrite w;
  w.saved.id = id;
  w.saved.setup.game = "tictactoe";
  w.saved.setup.seats[0].name = "Ada";
  w.saved.setup.seats[1].name = "Grace";
  w.saved.created_ms = 1000;
  w.saved.updated_ms = 1000 + static_cast<std::int64_t>(version);
  w.saved.version = version;
  w.plies = static_cast<int>(version);
  w.expected_version = expected;
  return w;
}

}  // namespace qi::test
