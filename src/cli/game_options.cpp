#include "cli/game_options.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/argument_checks.h"
#include "engine/registry.h"

namespace qi::cli {

void add_game_options(CLI::App& command, GameOptions& options) {
  std::string names;
  for (const engine::GameRegistration* g : engine::registered_games())
    names += (names.empty() ? "" : ", ") + g->descriptor().name;
  command.add_option("game", options.game, "The game: " + names)->required();
  command.add_option("--variant", options.variant,
                     "The variant, for games that have them (checkers; chess960 for chess)");
  command.add_option("--fen", options.fen, "Start from this position, in the game's FEN")
      ->check(position_text());
}

Expected<std::unique_ptr<Game>> open_game(const GameOptions& options) {
  Expected<std::unique_ptr<Game>> game = make_game(options.game, options.variant);
  if (!game || options.fen.empty()) return game;
  if (Status set = (*game)->set_fen(options.fen); !set) return set.error();
  // What the FEN was read as otherwise than written (a castling right the board cannot have, dropped).
  for (const std::string& warning : (*game)->fen_warnings()) std::cerr << "warning: " << warning << "\n";
  return game;
}

}  // namespace qi::cli
