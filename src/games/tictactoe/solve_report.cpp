#include "games/tictactoe/solve_report.h"

#include <cstdint>

#include "games/tictactoe/census.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/player.h"
#include "games/tictactoe/solver.h"
#include "games/tictactoe/strategy.h"

namespace qi::tictactoe {
namespace {

void line(std::string& out, std::string_view key, std::uint64_t value) {
  out.append(key).append(" ").append(std::to_string(value)).append("\n");
}

}  // namespace

Expected<std::string> solve_report(std::string_view fen, bool each_move) {
  Expected<Board> parsed = parse_position(fen.empty() ? kStartPosition : fen);
  if (!parsed) return parsed.error();
  const Board board = *parsed;

  std::string out;
  const GameCounts games = count_games(board);
  line(out, "games", games.games);
  line(out, "x_wins", games.x_wins);
  line(out, "o_wins", games.o_wins);
  line(out, "draws", games.draws);
  line(out, "positions", count_positions(board));
  // Classes up to symmetry, and the rule-free counts, describe the game as a
  // whole, so they are given for the standard start only.
  if (board == Board{}) {
    const TerminalClasses classes = count_terminal_classes(board);
    line(out, "terminal_classes", classes.total);
    line(out, "terminal_classes_x", classes.x_wins);
    line(out, "terminal_classes_o", classes.o_wins);
    line(out, "terminal_classes_draw", classes.draws);
    line(out, "board_fillings", count_board_fillings());
    line(out, "move_orders", count_move_orders());
  }
  Solver solver;
  out += "value " + value_text(solver.value(board)) + "\n";
  if (each_move)
    for (const MoveAnalysis& a : analyse_moves(board))
      out += square_name(a.move.square) + " " + value_text(a.value) + " " + std::string(rule_name(a.rule)) +
             "\n";
  return out;
}

}  // namespace qi::tictactoe
