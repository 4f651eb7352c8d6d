// The options every game command shares: which game, which variant, and an
// optional start position.
#pragma once

#include <memory>
#include <string>

#include "core/expected.h"
#include "core/game.h"

namespace CLI {
class App;
}

namespace qi::cli {

struct GameOptions {
  std::string game;
  std::string variant;
  std::string fen;
};

// Adds the positional game name and --variant / --fen to a subcommand.
void add_game_options(CLI::App& command, GameOptions& options);

// Makes the game and sets up the position; the error names what is wrong.
Expected<std::unique_ptr<Game>> open_game(const GameOptions& options);

}  // namespace qi::cli
