// English checkers' pattern terms read each 4x4 block square by square, as
// the side it is scored for sees the board, and the evaluation adds the
// weight of exactly the arrangement it finds.
#include <gtest/gtest.h>

#include <random>

#include "engine/games/checkers/eval.h"

namespace qi::engine::test {
namespace {

using checkers_eval::CheckersWeights;
using checkers_eval::EnglishPosition;
using Board = EnglishPosition::Geo;

// The arrangement of the block whose rows start at `row` and whose columns
// are the `pair`-th pair of each row's squares, square by square: digit
// 2 * r + k (base 3) is 0 for an empty square, 1 for `side`'s piece, 2 for
// the other side's, on the square that `side` numbers 4 * (row + r) + pair + k + 1.
int arrangement_by_squares(const EnglishPosition& pos, Side side, int row, int pair) {
  int arrangement = 0;
  for (int r = 3; r >= 0; --r)
    for (int k = 1; k >= 0; --k) {
      const int seen = Board::per_row * (row + r) + pair + k + 1;
      const int square = EnglishPosition::moves_down(side) ? seen : Board::squares + 1 - seen;
      const checkers::Bitboard b = checkers::bit(Board::bit_of(square));
      arrangement = 3 * arrangement + ((pos.pieces(side) & b) ? 1 : (pos.pieces(~side) & b) ? 2 : 0);
    }
  return arrangement;
}

template <class Check>
void for_random_positions(Check check) {
  std::mt19937 rng(20261205);
  for (int game = 0; game < 40; ++game) {
    auto pos = EnglishPosition::start();
    for (int ply = 0; ply < 120; ++ply) {
      check(pos);
      EnglishPosition::MoveList moves;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      pos.make(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
  }
}

TEST(CheckersPatterns, EachBlockIsReadSquareBySquareFromItsSide) {
  for_random_positions([](const EnglishPosition& pos) {
    for (const Side side : {Side::First, Side::Second}) {
      const auto arrangements = checkers_eval::pattern_arrangements(pos, side);
      for (int row = 0, b = 0; row <= 4; row += 2)
        for (int pair = 0; pair <= 2; ++pair, ++b)
          ASSERT_EQ(arrangements[b], arrangement_by_squares(pos, side, row, pair)) << "block " << b;
    }
  });
}

TEST(CheckersPatterns, TheEvaluationAddsTheWeightOfTheArrangementFound) {
  const CheckersWeights& shipped = checkers_eval::default_weights();
  CheckersWeights w = shipped;
  for_random_positions([&](const EnglishPosition& pos) {
    const Side us = pos.side_to_move();
    const int block = 4;  // the centre of the board
    const int mine = checkers_eval::pattern_arrangements(pos, us)[block];
    const int theirs = checkers_eval::pattern_arrangements(pos, ~us)[block];
    if (mine == theirs) return;  // the two would cancel
    // 24 * 10 makes the taper's share exact; the division's rounding
    // towards zero may still take one when the score changes sign.
    auto& weight = w.pattern[CheckersWeights::pattern_index(block, mine)];
    weight.mg += 240, weight.eg += 240;
    const int moved = checkers_eval::evaluate(pos, w) - checkers_eval::evaluate(pos, shipped);
    weight.mg -= 240, weight.eg -= 240;
    ASSERT_NEAR(moved, 240, 1);
  });
}

}  // namespace
}  // namespace qi::engine::test
