// qi ucci: the UCCI protocol on standard input and output, for the games
// whose registration says UCCI engines play them.
#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/help_text.h"
#include "protocol/uci.h"

namespace qi::cli {

int run_protocol(protocol::Dialect dialect);  // uci_command.cpp

void add_ucci_command(CLI::App& app, int& exit_code) {
  CLI::App* command = app.add_subcommand("ucci", "Speak the UCCI protocol (" + ucci_games() + ")");
  command->callback([&exit_code] { exit_code = run_protocol(protocol::Dialect::Ucci); });
}

}  // namespace qi::cli
