#include "games/tictactoe/player.h"

#include <algorithm>
#include <tuple>

namespace qi::tictactoe {

std::vector<MoveAnalysis> analyse_moves(const Board& board, Solver& solver) {
  Board::MoveList legal;
  board.generate_legal(legal);
  struct Ranked {
    MoveAnalysis analysis;
    int score;
  };
  std::vector<Ranked> ranked;
  for (Move m : legal) {
    const int score = solver.move_score(board, m);
    ranked.push_back({{m, value_from_score(score), classify(board, m)}, score});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
    return std::tuple(-a.score, a.analysis.rule) < std::tuple(-b.score, b.analysis.rule);
  });
  std::vector<MoveAnalysis> out;
  for (const Ranked& r : ranked) out.push_back(r.analysis);
  return out;
}

std::vector<MoveAnalysis> analyse_moves(const Board& board) {
  Solver solver;
  return analyse_moves(board, solver);
}

std::optional<Move> perfect_move(const Board& board, Solver& solver) {
  const std::vector<MoveAnalysis> moves = analyse_moves(board, solver);
  if (moves.empty()) return std::nullopt;
  return moves.front().move;
}

std::optional<Move> perfect_move(const Board& board) {
  Solver solver;
  return perfect_move(board, solver);
}

}  // namespace qi::tictactoe
