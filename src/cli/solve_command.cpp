// qi solve tictactoe [--fen F] [--moves]: the game's figures, computed by
// walking every game from the position, and with --moves the perfect-play
// value and rule of thumb of each legal move.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <string>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "games/tictactoe/census.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/player.h"

namespace qi::cli {
namespace {

struct SolveOptions {
  std::string game;
  std::string fen;
  bool moves = false;
};

void print(const char* key, std::uint64_t value) { std::cout << key << ' ' << value << '\n'; }

int solve_tictactoe(const SolveOptions& options) {
  using namespace qi::tictactoe;
  const std::string fen = options.fen.empty() ? std::string(kStartPosition) : options.fen;
  Expected<Board> parsed = parse_position(fen);
  if (!parsed) return report_error("solve: " + parsed.error().message);
  const Board board = *parsed;

  const GameCounts games = count_games(board);
  print("games", games.games);
  print("x_wins", games.x_wins);
  print("o_wins", games.o_wins);
  print("draws", games.draws);
  print("positions", count_positions(board));
  // Classes up to symmetry, and the rule-free counts, describe the game as a
  // whole, so they are printed for the standard start only.
  if (board == Board{}) {
    const TerminalClasses classes = count_terminal_classes(board);
    print("terminal_classes", classes.total);
    print("terminal_classes_x", classes.x_wins);
    print("terminal_classes_o", classes.o_wins);
    print("terminal_classes_draw", classes.draws);
    print("board_fillings", count_board_fillings());
    print("move_orders", count_move_orders());
  }
  Solver solver;
  std::cout << "value " << value_text(solver.value(board)) << '\n';
  if (options.moves)
    for (const MoveAnalysis& a : analyse_moves(board))
      std::cout << square_name(a.move.square) << ' ' << value_text(a.value) << ' ' << rule_name(a.rule)
                << '\n';
  return 0;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SolveOptions>();
  CLI::App* solve = app.add_subcommand(
      "solve", "Solve a small game completely: count every game and position, value every move (tictactoe)");
  solve->add_option("game", options->game, "The game to solve: tictactoe")->required();
  solve
      ->add_option("--fen", options->fen,
                   "Start from this position, e.g. 'x../.o./... x' (default: the empty board)")
      ->check(position_text());
  solve->add_flag("--moves", options->moves,
                  "Also list each legal move: its perfect-play value and rule of thumb");
  solve->callback([options, &exit_code] {
    if (options->game != "tictactoe") {
      exit_code =
          report_error("solve: '" + options->game +
                       "' cannot be solved here; only tictactoe is small enough (try: qi solve tictactoe)");
      return;
    }
    exit_code = solve_tictactoe(*options);
  });
}

}  // namespace qi::cli
