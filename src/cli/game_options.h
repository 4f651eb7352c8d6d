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
  std::string start;  // a numbered start (Chess960: "0"-"959"), or "random"
};

// Adds the positional game name and --variant / --fen / --start to a
// subcommand.
void add_game_options(CLI::App& command, GameOptions& options);

// Makes the game and sets up the position; the error names what is wrong.
// `random_start`: a variant with numbered starts (Chess960) begins from one
// drawn at random when neither --fen nor --start says otherwise (a game to
// play, as on lichess), else from its standard start (perft, a search).
Expected<std::unique_ptr<Game>> open_game(const GameOptions& options, bool random_start = false);

}  // namespace qi::cli
