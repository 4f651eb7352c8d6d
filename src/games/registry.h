// Every game Qi knows, by name. Adding a game means adding one entry in
// registry.cpp (see docs/architecture.md).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"

namespace qi {

struct GameInfo {
  std::string name;                   // "checkers"
  std::vector<std::string> variants;  // first is the default; empty if none
  std::string title;                  // "Checkers and draughts"
};

const std::vector<GameInfo>& known_games();

// make_game("checkers", "russian"); an empty variant means the default.
Expected<std::unique_ptr<Game>> make_game(std::string_view name, std::string_view variant = {});

}  // namespace qi
