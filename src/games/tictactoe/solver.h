// Perfect play: the value of every position under best play by both sides,
// by a full search of the game tree (at most 9! move orders, far fewer
// positions), remembered per position.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "games/tictactoe/board.h"

namespace qi::tictactoe {

// A game-theoretic value from one side's view. `moves` counts the winner's
// moves from here to the line of three, this one included: "win in 1" is a
// line completed now; "loss in 2" means the opponent completes a line on its
// second move from now. A position already lost is "loss in 0".
struct Value {
  enum class Kind : std::uint8_t { Loss, Draw, Win };
  Kind kind = Kind::Draw;
  int moves = 0;
  friend bool operator==(const Value&, const Value&) = default;
};

std::string value_text(const Value& value);  // "win in 3", "draw", "loss in 1"

class Solver {
 public:
  Solver();

  // From the side to move's view: 10 - n for a win n plies from now, n - 10
  // for a loss n plies from now, 0 for a draw. Higher is better for the side
  // to move: faster wins, slower losses.
  int score(const Board& board);
  Value value(const Board& board);
  // The value of playing m, from the view of the side that plays it.
  Value move_value(const Board& board, Move m);
  int move_score(const Board& board, Move m);

 private:
  int search(Board& board);

  static constexpr std::int8_t kUnknown = -128;
  std::vector<std::int8_t> memo_;  // by Board::key()
};

Value value_from_score(int score);

}  // namespace qi::tictactoe
