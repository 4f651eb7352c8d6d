// qi egdb build --pieces N --dir DIR [--distances M]
// qi egdb probe --fen FEN [--dir DIR]
// qi egdb check [--dir DIR]
// A game's endgame tables (GameRegistration::endgame_tables; English
// checkers' today, docs/checkers-endgame.md): build them into a directory,
// read a position's value from them ("win", "loss" or "draw" for the side to
// move, with the plies to the end where the tables keep distances), or
// check a directory's files. Without --dir, probe and check use the
// directory the engine would. The tables are those of the first game in menu
// order that has some; with none, there is no command.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "core/registry.h"

namespace qi::cli {
namespace {

const EndgameTables* registered_tables() {
  for (const GameRegistration* g : registered_games())
    if (g->endgame_tables) return g->endgame_tables;
  return nullptr;
}

// Each file refused on loading, as an error; false if there was one.
bool report_problems(const std::vector<std::string>& problems) {
  for (const std::string& p : problems) report_error(p);
  return problems.empty();
}

}  // namespace

void add_egdb_command(CLI::App& app, int& exit_code) {
  const EndgameTables* tables = registered_tables();
  if (!tables) return;
  struct Options {
    int pieces = 4;
    int distances = -1;
    std::string dir;
    std::string fen;
  };
  auto options = std::make_shared<Options>();
  CLI::App* command = app.add_subcommand("egdb", std::string(tables->description) + ": build, probe, check");
  command->require_subcommand(1);

  CLI::App* build = command->add_subcommand("build", "Build the tables of up to N pieces into a directory");
  build
      ->add_option("--pieces,-n", options->pieces,
                   "Most pieces on the board (" + std::to_string(tables->min_pieces) + "-" +
                       std::to_string(tables->max_pieces) + ")")
      ->transform(whole_number(tables->min_pieces, tables->max_pieces));
  build
      ->add_option("--distances", options->distances,
                   "Keep plies-to-the-end for tables of up to this many pieces (default: up to " +
                       std::to_string(tables->distance_pieces) + ")")
      ->transform(whole_number(0, tables->max_pieces));
  build->add_option("--dir", options->dir, "Directory to write into")->required();
  build->callback([tables, options, &exit_code] {
    const int distances =
        options->distances >= 0 ? options->distances : std::min(options->pieces, tables->distance_pieces);
    Expected<std::string> wrote =
        tables->build(options->pieces, distances, options->dir, std::cout, std::cerr);
    if (!wrote) {
      exit_code = report_error(wrote.error().message);
      return;
    }
    std::cout << *wrote << std::endl;
  });

  CLI::App* probe =
      command->add_subcommand("probe", "A position's value: win, loss or draw for the side to move");
  probe->add_option("--fen", options->fen, "The position (" + std::string(tables->fen_format) + ")")
      ->required()
      ->check(position_text());
  probe->add_option("--dir", options->dir, "Directory of the tables (default: as the engine finds them)");
  probe->callback([tables, options, &exit_code] {
    std::vector<std::string> problems;
    Expected<std::string> value = tables->probe(options->fen, tables->directory_for(options->dir), problems);
    report_problems(problems);
    if (!value) {
      exit_code = report_error(value.error().message);
      return;
    }
    std::cout << *value << std::endl;
  });

  CLI::App* check = command->add_subcommand("check", "Read every table of a directory and say what it holds");
  check->add_option("--dir", options->dir, "Directory of the tables (default: as the engine finds them)");
  check->callback([tables, options, &exit_code] {
    std::vector<std::string> problems;
    const std::string held = tables->check(tables->directory_for(options->dir), problems);
    const bool sound = report_problems(problems);
    std::cout << held << std::endl;
    if (!sound) exit_code = kExitBadInput;
  });
}

}  // namespace qi::cli
