// qi solve GAME [--fen F] [--moves]: a small game's figures, computed by
// walking every game from the position, and with --moves the perfect-play
// value and rule of thumb of each legal move; the game's registration
// solves it (GameRegistration::solve).
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "cli/help_text.h"
#include "core/registry.h"

namespace qi::cli {
namespace {

struct SolveOptions {
  std::string game;
  std::string fen;
  bool moves = false;
};

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* solve = app.add_subcommand(
      "solve", "Solve a small game completely: count every game and position, value every move (" +
                   solvable_games() + ")");
  solve->add_option("game", options->game, "The game to solve: " + solvable_games())->required();
  solve->add_option("--fen", options->fen, "Start from this position, in the game's FEN (default: its start)")
      ->check(position_text());
  solve->add_flag("--moves", options->moves,
                  "Also list each legal move: its perfect-play value and rule of thumb");
  solve->callback([options, &exit_code] {
    const GameRegistration* game = find_game(options->game);
    if (!game || !game->solve) {
      exit_code = report_error("solve: '" + options->game + "' cannot be solved here; only " +
                               solvable_games() + " is small enough");
      return;
    }
    Expected<std::string> report = game->solve(options->fen, options->moves);
    if (!report) {
      exit_code = report_error("solve: " + report.error().message);
      return;
    }
    std::cout << *report;
    exit_code = 0;
  });
}

}  // namespace qi::cli
