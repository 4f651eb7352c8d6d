// qi uci: the UCI protocol on standard input and output.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "cli/help_text.h"
#include "core/bounded_input.h"
#include "protocol/uci.h"

namespace qi::cli {

int run_protocol(protocol::Dialect dialect) {
  std::ios::sync_with_stdio(false);
  // Unsynchronised, std::cout is a plain buffer that only send() may touch
  // (under its lock, from the reading thread and the search thread). Tied
  // to std::cin, every read would also flush it, unlocked, while the search
  // may be writing: the two flushes could send one bestmove twice, and the
  // GUI would take the second as its next move's answer.
  std::cin.tie(nullptr);
  protocol::Protocol p(dialect, [](const std::string& line) { std::cout << line << '\n' << std::flush; });
  // A command is at most a long game's moves (a few kilobytes): a line
  // longer than this (a GUI gone wrong, /dev/zero) is no command, and is
  // ignored as the protocols ignore what they do not know, at the cost of
  // this much memory, not all of it.
  constexpr std::size_t kMaxLineBytes = 1 << 20;
  std::string line;
  for (LineRead read; (read = read_line_bounded(std::cin, line, kMaxLineBytes)) != LineRead::End;)
    if (read == LineRead::Line && !p.handle(line)) return 0;
  p.handle("quit");
  return 0;
}

void add_uci_command(CLI::App& app, int& exit_code) {
  CLI::App* command =
      app.add_subcommand("uci", "Speak the UCI protocol (UCI_Variant: " + uci_variant_names() + ")");
  command->callback([&exit_code] { exit_code = run_protocol(protocol::Dialect::Uci); });
}

}  // namespace qi::cli
