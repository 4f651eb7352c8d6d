#include "games/tictactoe/solver.h"

#include <algorithm>

namespace qi::tictactoe {
namespace {

constexpr int kWinNow = 10;  // above the longest game, 9 plies

// A score seen one ply earlier, from the other side: the sign flips and the
// end is one ply further away.
int one_ply_back(int score) {
  if (score > 0) return -(score - 1);
  if (score < 0) return -(score + 1);
  return 0;
}

}  // namespace

std::string value_text(const Value& value) {
  switch (value.kind) {
    case Value::Kind::Win:
      return "win in " + std::to_string(value.moves);
    case Value::Kind::Loss:
      return "loss in " + std::to_string(value.moves);
    case Value::Kind::Draw:
      break;
  }
  return "draw";
}

Value value_from_score(int score) {
  if (score == 0) return {Value::Kind::Draw, 0};
  const int plies = kWinNow - (score > 0 ? score : -score);
  // A win is completed on an odd ply (one's own move), a loss on an even one.
  if (score > 0) return {Value::Kind::Win, (plies + 1) / 2};
  return {Value::Kind::Loss, plies / 2};
}

Solver::Solver() : memo_(std::size_t{1} << 18, kUnknown) {}

int Solver::search(Board& board) {
  std::int8_t& known = memo_[board.key()];
  if (known != kUnknown) return known;
  int best;
  switch (board.result()) {
    case Result::Loss:
      best = -kWinNow;
      break;
    case Result::Draw:
      best = 0;
      break;
    default: {
      best = -kWinNow - 1;
      Board::MoveList moves;
      board.generate_legal(moves);
      for (Move m : moves) {
        board.make(m);
        best = std::max(best, one_ply_back(search(board)));
        board.unmake(m);
      }
    }
  }
  known = static_cast<std::int8_t>(best);
  return best;
}

int Solver::score(const Board& board) {
  Board copy = board;
  return search(copy);
}

int Solver::move_score(const Board& board, Move m) {
  Board copy = board;
  copy.make(m);
  return one_ply_back(search(copy));
}

Value Solver::value(const Board& board) { return value_from_score(score(board)); }

Value Solver::move_value(const Board& board, Move m) { return value_from_score(move_score(board, m)); }

}  // namespace qi::tictactoe
