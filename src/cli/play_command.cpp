#include "cli/commands.h"

namespace qi::cli {

void add_play_command(CLI::App&, int&) {}  // placeholder until the command lands

}  // namespace qi::cli
