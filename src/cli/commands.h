// Each `qi` subcommand registers itself on the command-line parser; run()
// lists them. A command reports bad input as a one-line error on stderr
// and exit status 2 (see report_error).
#pragma once

#include <string_view>

namespace CLI {
class App;
}

namespace qi::cli {

inline constexpr int kExitBadInput = 2;

// Parses the command line and runs its subcommand; returns the exit status.
int run(int argc, char** argv);

// Prints "qi: <message>" on stderr, bytes that are not UTF-8 and control
// characters as \xNN, and returns kExitBadInput.
int report_error(std::string_view message);

void add_perft_command(CLI::App& app, int& exit_code);
void add_play_command(CLI::App& app, int& exit_code);
void add_solve_command(CLI::App& app, int& exit_code);
void add_lessons_command(CLI::App& app, int& exit_code);
void add_match_command(CLI::App& app, int& exit_code);
void add_tournament_command(CLI::App& app, int& exit_code);
void add_serve_command(CLI::App& app, int& exit_code);
void add_go_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_uci_command(CLI::App& app, int& exit_code);
void add_ucci_command(CLI::App& app, int& exit_code);
void add_records_command(CLI::App& app, int& exit_code);
void add_backup_command(CLI::App& app, int& exit_code);
void add_egdb_command(CLI::App& app, int& exit_code);
void add_players_command(CLI::App& app, int& exit_code);
void add_pair_command(CLI::App& app, int& exit_code);

}  // namespace qi::cli
