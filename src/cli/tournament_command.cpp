#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace qi::cli {
void add_tournament_command(CLI::App&, int&) {}
}  // namespace qi::cli
