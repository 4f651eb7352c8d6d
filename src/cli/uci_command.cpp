// qi uci: the UCI protocol on standard input and output.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "protocol/uci.h"

namespace qi::cli {

int run_protocol(protocol::Dialect dialect) {
  std::ios::sync_with_stdio(false);
  protocol::Protocol p(dialect, [](const std::string& line) { std::cout << line << '\n' << std::flush; });
  for (std::string line; std::getline(std::cin, line);)
    if (!p.handle(line)) return 0;
  p.handle("quit");
  return 0;
}

void add_uci_command(CLI::App& app, int& exit_code) {
  CLI::App* command = app.add_subcommand("uci", "Speak the UCI protocol (chess; xiangqi with UCI_Variant)");
  command->callback([&exit_code] { exit_code = run_protocol(protocol::Dialect::Uci); });
}

}  // namespace qi::cli
