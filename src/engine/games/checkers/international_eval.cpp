#include "engine/games/checkers/international_eval.h"

#include "engine/tuned_weights.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace qi::engine::international_eval {
namespace {

using checkers::Bitboard;
using draughts_eval::Sum;
using Board = draughts_eval::Board<InternationalPosition::Geo>;
using Geo = InternationalPosition::Geo;
using W = InternationalWeights;
constexpr int kMostPieces = 40;

template <class Pick>
constexpr Bitboard squares_where(Pick pick) {
  Bitboard b = 0;
  for (int s = 1; s <= Geo::squares; ++s)
    if (pick(Geo::row_of(s), Geo::column_of(s))) b |= checkers::bit(Geo::bit_of(s));
  return b;
}
constexpr Bitboard kLeftHalf = squares_where([](int, int col) { return col < Geo::size / 2; });
// The long diagonal, 46 to 5.
constexpr Bitboard kLongDiagonal = squares_where([](int row, int col) { return row + col == Geo::size - 1; });

// The pieces in `victims` a man of `attackers` could take along D (men take
// backwards too in international draughts).
template <int D>
Bitboard taken_by_men(Bitboard men, Bitboard victims, Bitboard empty) {
  return Board::step<-D>(Board::step<D>(Board::step<D>(men) & victims) & empty);
}

// Along D from the king on `from`: the empty squares it reaches, and the
// piece of `victims` it could take (the first piece on the ray, with an
// empty square beyond it).
template <int D>
void king_ray(Bitboard from, Bitboard victims, Bitboard empty, int& reach, Bitboard& taken) {
  Bitboard b = Board::step<D>(from);
  while (b & empty) {
    ++reach;
    b = Board::step<D>(b);
  }
  if ((b & victims) && (Board::step<D>(b) & empty)) taken |= b;
}

W initial_weights() {
  // The hand-written evaluation this one grew from (traits.h), in its terms.
  W w;
  w.man = {100, 100};
  w.king = {300, 300};
  for (int s = 1; s <= W::kSquares; ++s) {
    const int row = Geo::row_of(s), col = Geo::column_of(s);  // rows from the owner's back rank
    const bool centre = row >= 3 && row <= 6 && col >= 2 && col <= 7;
    w.man_square[s - 1] = {row + (centre ? 6 : 0), 4 * row + (centre ? 6 : 0)};
    w.king_square[s - 1] = {centre ? 4 : 0, centre ? 4 : 0};
  }
  for (int p = 0; p < 32; ++p) w.back_rank[p] = {8 * std::popcount(static_cast<unsigned>(p)), 0};
  for (int left = 1; left <= 9; ++left) w.runaway[left] = {30 + 8 * (9 - left), 30 + 8 * (9 - left)};
  for (int b = 0; b < W::kMobilityBuckets; ++b) w.king_mobility[b] = {3 * b, 3 * b};
  w.trade_when_ahead = {2, 2};
  return w;
}

// The tuner's output (bench/tune.cpp): the count of weights, then each
// weight in the order of InternationalWeights::all(); just "0" before the first tuning.
constexpr int kTuned[] = {
#include "engine/games/checkers/international_weights.inc"
};

W& storage() {
  static W w = with_tuned(initial_weights(), kTuned);
  return w;
}

// One side's terms, from its own side of the board.
void add_side(const InternationalPosition& pos, Side side, const W& w, Sum& sum) {
  const bool down = InternationalPosition::moves_down(side);
  const Bitboard own = pos.pieces(side), opp = pos.pieces(~side), kings = pos.kings();
  const Bitboard men = own & ~kings, own_kings = own & kings;
  const Bitboard empty = Geo::board & ~(own | opp);
  sum.add(w.man, std::popcount(men));
  sum.add(w.king, std::popcount(own_kings));
  const int left = std::popcount(men & kLeftHalf), right = std::popcount(men & ~kLeftHalf);
  sum.add(w.imbalance, std::abs(left - right));
  int back = 0;
  for (Bitboard b = men; b; b &= b - 1) {
    const int bit = checkers::lsb(b);
    const int rel = Board::relative(Geo::square_of(bit), down);
    sum.add(w.man_square[rel - 1]);
    if (rel <= Geo::per_row)
      back |= 1 << (rel - 1);
    else if (!(Board::forward_steps(checkers::bit(bit), !down) & own))
      sum.add(w.unsupported_man);
    const Bitboard ahead = Board::forward_steps(checkers::bit(bit), down);
    if (!(ahead & empty)) {
      sum.add(w.blocked_man);
      continue;
    }
    // Runaway: no enemy piece anywhere in the cone ahead.
    const int rows_left = Geo::size - 1 - Geo::row_of(rel);
    if (!(Board::cone_of(bit, down) & opp)) sum.add(w.runaway[rows_left]);
  }
  sum.add(w.back_rank[back]);
  for (Bitboard b = own_kings; b; b &= b - 1) {
    const int bit = checkers::lsb(b);
    const Bitboard from = checkers::bit(bit);
    sum.add(w.king_square[Board::relative(Geo::square_of(bit), down) - 1]);
    int reach = 0;
    Bitboard unused = 0;
    king_ray<Geo::down_left>(from, 0, empty, reach, unused);
    king_ray<Geo::down_right>(from, 0, empty, reach, unused);
    king_ray<Geo::up_left>(from, 0, empty, reach, unused);
    king_ray<Geo::up_right>(from, 0, empty, reach, unused);
    sum.add(w.king_mobility[std::min(reach / 2, W::kMobilityBuckets - 1)]);
    if (from & kLongDiagonal) sum.add(w.king_on_long_diagonal);
  }
}

// Pieces of `side` the other side could take if it were its move.
int en_prise(const InternationalPosition& pos, Side side) {
  const Bitboard victims = pos.pieces(side), attackers = pos.pieces(~side);
  const Bitboard empty = Geo::board & ~pos.occupied();
  const Bitboard men = attackers & ~pos.kings();
  Bitboard taken =
      taken_by_men<Geo::down_left>(men, victims, empty) | taken_by_men<Geo::down_right>(men, victims, empty) |
      taken_by_men<Geo::up_left>(men, victims, empty) | taken_by_men<Geo::up_right>(men, victims, empty);
  for (Bitboard b = attackers & pos.kings(); b; b &= b - 1) {
    const Bitboard from = checkers::bit(checkers::lsb(b));
    int reach = 0;
    king_ray<Geo::down_left>(from, victims, empty, reach, taken);
    king_ray<Geo::down_right>(from, victims, empty, reach, taken);
    king_ray<Geo::up_left>(from, victims, empty, reach, taken);
    king_ray<Geo::up_right>(from, victims, empty, reach, taken);
  }
  return std::popcount(taken);
}

}  // namespace

std::vector<int*> InternationalWeights::all() {
  std::vector<int*> out;
  auto add = [&](Pair& p) { draughts_eval::append(out, p); };
  add(man);
  add(king);
  for (Pair& p : man_square) add(p);
  for (Pair& p : king_square) add(p);
  for (Pair& p : back_rank) add(p);
  for (Pair& p : runaway) add(p);
  for (Pair& p : king_mobility) add(p);
  for (Pair* p : {&king_on_long_diagonal, &blocked_man, &unsupported_man, &imbalance, &en_prise, &tempo,
                  &trade_when_ahead})
    add(*p);
  return out;
}

const InternationalWeights& default_weights() { return storage(); }
InternationalWeights& mutable_weights() { return storage(); }

Score evaluate(const InternationalPosition& pos, const InternationalWeights& w) {
  return draughts_eval::evaluate_sides<kMostPieces>(pos, w, add_side, en_prise);
}

}  // namespace qi::engine::international_eval
