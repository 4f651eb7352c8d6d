// The command line as a whole: every subcommand on one parser, and one
// error line for whatever that parser refuses.
#include <CLI/CLI.hpp>
#include <iostream>
#include <string>

#include "cli/commands.h"
#include "cli/help_text.h"
#include "core/utf8.h"

namespace qi::cli {

int report_error(std::string_view message) {
  // Messages quote what was typed (CLI11's too), which may be any bytes.
  std::cerr << "qi: " << printable(message) << '\n';
  return kExitBadInput;
}

int run(int argc, char** argv) {
  CLI::App app{"Qi: " + game_titles() + ": rules, engine and play"};
  app.require_subcommand(1);
  int exit_code = 0;
  add_perft_command(app, exit_code);
  add_play_command(app, exit_code);
  add_solve_command(app, exit_code);
  add_lessons_command(app, exit_code);
  add_match_command(app, exit_code);
  add_tournament_command(app, exit_code);
  add_pair_command(app, exit_code);
  add_serve_command(app, exit_code);
  add_backup_command(app, exit_code);
  add_players_command(app, exit_code);
  add_go_command(app, exit_code);
  add_bench_command(app, exit_code);
  add_uci_command(app, exit_code);
  add_ucci_command(app, exit_code);
  add_records_command(app, exit_code);
  add_egdb_command(app, exit_code);
  // CLI11 would only say that a subcommand is required; name the word instead.
  if (argc > 1 && argv[1][0] != '-') {
    std::string names;
    bool known = false;
    for (const CLI::App* command : app.get_subcommands({})) {
      names += (names.empty() ? "" : ", ") + command->get_name();
      known = known || command->get_name() == argv[1];
    }
    if (!known)
      return report_error("unknown command '" + std::string(argv[1]) + "' (commands: " + names + ")");
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // One line, exit status 2, for every malformed command line.
    return report_error(e.what());
  }
  return exit_code;
}

}  // namespace qi::cli
