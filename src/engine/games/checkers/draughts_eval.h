// What English checkers' and international draughts' evaluations share: a
// weight is a pair (middle game, ending), a side's terms are summed as pairs,
// and the two sides' sums become one score the same way. The side to move
// gets the move's weight and loses the en-prise weight for each of its pieces
// the other side could take; the side ahead in pieces gains by trading down;
// the pair is tapered by the pieces left on the board.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "core/side.h"
#include "engine/score.h"
#include "games/checkers/board.h"

namespace qi::engine::draughts_eval {

// Steps and squares on a board of geometry G, as a side sees it.
template <class G>
struct Board {
  using Bitboard = checkers::Bitboard;
  // Square s as its owner sees it: numbered as if the owner were Black, who
  // starts on square 1 (White's s is N*N/2 + 1 - s).
  static constexpr int relative(int square, bool down) { return down ? square : G::squares + 1 - square; }
  template <int D>
  static constexpr Bitboard step(Bitboard b) {
    return checkers::shift<D>(b) & G::board;
  }
  static constexpr Bitboard forward_steps(Bitboard b, bool down) {
    return down ? step<G::down_left>(b) | step<G::down_right>(b) : step<G::up_left>(b) | step<G::up_right>(b);
  }
  // The squares ahead of a man up to the crowning row, `rows_left` rows away,
  // from `ahead`, its forward steps: an enemy piece there could stop it.
  static constexpr Bitboard cone(Bitboard ahead, int rows_left, bool down) {
    Bitboard cone = ahead, frontier = ahead;
    for (int r = 1; r < rows_left; ++r) cone |= frontier = forward_steps(frontier, down);
    return cone;
  }
  // The cone of a man on `bit` moving down or up, from a table made at
  // compile time: the evaluation asks for one for nearly every man of every
  // position it scores, and walking the rows each time showed in profiles.
  static constexpr Bitboard cone_of(int bit, bool down) { return kCones[down][bit]; }

 private:
  static constexpr auto kCones = [] {
    std::array<std::array<Bitboard, 64>, 2> cones{};
    for (int square = 1; square <= G::squares; ++square)
      for (bool down : {false, true}) {
        const int rows_left = G::size - 1 - G::row_of(relative(square, down));
        const int b = G::bit_of(square);
        cones[down][b] = cone(forward_steps(checkers::bit(b), down), rows_left, down);
      }
    return cones;
  }();
};

struct Pair {
  int mg = 0, eg = 0;
};

// A tapered score being summed: each term's weight pair times its count.
struct Sum {
  int mg = 0, eg = 0;
  void add(const Pair& p, int times = 1) { mg += p.mg * times, eg += p.eg * times; }
};

// The tuner's view of a pair: its two weights, in order.
inline void append(std::vector<int*>& out, Pair& p) {
  out.push_back(&p.mg);
  out.push_back(&p.eg);
}

// From the side to move's view. `add_side(pos, side, w, sum)` adds one side's
// terms from its own side of the board; `en_prise(pos, side)` counts the
// pieces of `side` the other side could take if it were its move; the
// weights have `tempo`, `en_prise` and `trade_when_ahead`.
template <int MostPieces, class Position, class Weights, class AddSide, class EnPrise>
Score evaluate_sides(const Position& pos, const Weights& w, AddSide add_side, EnPrise en_prise) {
  const Side us = pos.side_to_move();
  Sum mine, theirs;
  add_side(pos, us, w, mine);
  add_side(pos, ~us, w, theirs);
  Sum sum{mine.mg - theirs.mg, mine.eg - theirs.eg};
  sum.add(w.tempo);
  sum.add(w.en_prise, -en_prise(pos, us));
  const int a = std::popcount(pos.pieces(us)), b = std::popcount(pos.pieces(~us));
  const int total = std::min(a + b, MostPieces);
  if (a != b) sum.add(w.trade_when_ahead, (a > b ? 1 : -1) * (MostPieces - total));
  return (sum.mg * total + sum.eg * (MostPieces - total)) / MostPieces;
}

}  // namespace qi::engine::draughts_eval
