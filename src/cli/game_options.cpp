#include "cli/game_options.h"

#include <CLI/CLI.hpp>

#include "cli/argument_checks.h"
#include "engine/registry.h"

namespace qi::cli {

void add_game_options(CLI::App& command, GameOptions& options) {
  std::string names;
  for (const engine::GameRegistration* g : engine::registered_games())
    names += (names.empty() ? "" : ", ") + g->descriptor().name;
  command.add_option("game", options.game, "The game: " + names)->required();
  command.add_option("--variant", options.variant, "The variant, for games that have them (checkers)");
  command.add_option("--fen", options.fen, "Start from this position, in the game's FEN")
      ->check(position_text());
}

Expected<std::unique_ptr<Game>> open_game(const GameOptions& options) {
  Expected<std::unique_ptr<Game>> game = make_game(options.game, options.variant);
  if (!game || options.fen.empty()) return game;
  if (Status set = (*game)->set_fen(options.fen); !set) return set.error();
  return game;
}

}  // namespace qi::cli
