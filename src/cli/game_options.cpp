#include "cli/game_options.h"
#include "cli/help_text.h"

#include <CLI/CLI.hpp>
#include <charconv>
#include <iostream>
#include <random>

#include "cli/argument_checks.h"
#include "core/utf8.h"
#include "engine/registry.h"

namespace qi::cli {

void add_game_options(CLI::App& command, GameOptions& options) {
  command.add_option("game", options.game, "The game: " + game_names())->required();
  command.add_option("--variant", options.variant,
                     "The variant, for games that have them (" + variant_names() + ")");
  auto* fen = command.add_option("--fen", options.fen, "Start from this position, in the game's FEN")
                  ->check(position_text());
  command
      .add_option(
          "--start", options.start,
          "A numbered start position of a variant that has them (" + numbered_starts() + "), or random")
      ->excludes(fen);
}

Expected<std::unique_ptr<Game>> open_game(const GameOptions& options, bool random_start) {
  Expected<std::unique_ptr<Game>> game = make_game(options.game, options.variant);
  if (!game) return game;
  const int starts = (*game)->descriptor().numbered_starts;
  std::string start = options.start;
  if (start.empty() && options.fen.empty() && random_start && starts > 0) start = "random";
  if (!start.empty()) {
    if (starts == 0)
      return make_error("--start: " + (*game)->descriptor().title.en + " has no numbered starts");
    int number = 0;
    if (start == "random") {
      std::random_device device;
      number = std::uniform_int_distribution<int>(0, starts - 1)(device);
    } else {
      auto [end, ec] = std::from_chars(start.data(), start.data() + start.size(), number);
      if (ec != std::errc() || end != start.data() + start.size() || number < 0 || number >= starts)
        return make_error("--start: '" + printable(start) + "' is not random nor a number from 0 to " +
                          std::to_string(starts - 1));
    }
    Expected<std::string> fen = (*game)->numbered_start_fen(number);
    if (!fen) return fen.error();
    if (Status set = (*game)->set_fen(*fen); !set) return set.error();
    std::cerr << "start position " << number << ": " << *fen << "\n";
    return game;
  }
  if (options.fen.empty()) return game;
  if (Status set = (*game)->set_fen(options.fen); !set) return set.error();
  // What the FEN was read as otherwise than written (a castling right the board cannot have, dropped).
  for (const std::string& warning : (*game)->fen_warnings()) std::cerr << "warning: " << warning << "\n";
  return game;
}

}  // namespace qi::cli
