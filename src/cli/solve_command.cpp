#include "cli/commands.h"

namespace qi::cli {

void add_solve_command(CLI::App&, int&) {}  // placeholder until the command lands

}  // namespace qi::cli
