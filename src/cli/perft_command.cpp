// qi perft GAME [--variant V] [--fen F] --depth N [--divide]
// Output contract (scripts and reference comparisons rely on it): with
// --divide one line "<move> <count>" per legal move in the game's machine
// notation; the last line on stdout starts with "nodes <N>". Time and speed
// go to stderr.
#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "cli/game_options.h"

namespace qi::cli {

void add_perft_command(CLI::App& app, int& exit_code) {
  struct Options {
    GameOptions game;
    int depth = 0;
    bool divide = false;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree");
  add_game_options(*command, options->game);
  command->add_option("--depth,-d", options->depth, "Depth in plies")
      ->required()
      ->transform(whole_number(0, 64));
  command->add_flag("--divide", options->divide, "One line per legal move with its subtree count");
  command->callback([options, &exit_code] {
    if (options->divide && options->depth < 1) {
      exit_code = report_error("--divide needs a depth of at least 1");
      return;
    }
    Expected<std::unique_ptr<Game>> game = open_game(options->game);
    if (!game) {
      exit_code = report_error(game.error().message);
      return;
    }
    const auto start = std::chrono::steady_clock::now();
    std::uint64_t nodes = 0;
    if (options->divide) {
      for (const auto& [move, count] : (*game)->perft_divide(options->depth)) {
        std::cout << move << ' ' << count << '\n';
        nodes += count;
      }
    } else {
      nodes = (*game)->perft(options->depth);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << "nodes " << nodes << std::endl;
    char line[128];
    std::snprintf(line, sizeof line, "time %.3f s, %.1f Mnodes/s", seconds,
                  seconds > 0 ? nodes / seconds / 1e6 : 0.0);
    std::cerr << line << '\n';
  });
}

}  // namespace qi::cli
