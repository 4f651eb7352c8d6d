#include "engine/games/checkers/eval.h"

#include "engine/tuned_weights.h"

#include <algorithm>
#include <bit>
#include <cstdint>

namespace qi::engine::checkers_eval {
namespace {

using checkers::Bitboard;
using draughts_eval::Sum;
using Board = draughts_eval::Board<EnglishPosition::Geo>;
using Geo = EnglishPosition::Geo;

Bitboard all_steps(Bitboard b) { return Board::forward_steps(b, true) | Board::forward_steps(b, false); }

// The pieces in `victims` a piece of `attackers` moving along D could jump
// over onto an empty square.
template <int D>
Bitboard jumpable(Bitboard attackers, Bitboard victims, Bitboard empty) {
  const Bitboard landing = Board::step<D>(Board::step<D>(attackers) & victims) & empty;
  return Board::step<-D>(landing);
}

// Square s to square 33 - s: the board seen from the other side.
constexpr std::uint32_t reverse_bits(std::uint32_t x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
  return __builtin_bswap32(x);
}

// The 32 playable squares as bits 0-31 (square s at bit s - 1): the board's
// bitboard leaves a spare bit after every second row.
constexpr std::uint32_t squares_in_order(Bitboard b) {
  static_assert(Geo::bit_of(9) == 9 && Geo::bit_of(17) == 18 && Geo::bit_of(25) == 27 && Geo::squares == 32);
  return static_cast<std::uint32_t>((b & 0xFF) | ((b >> 1) & 0xFF00) | ((b >> 2) & 0xFF0000) |
                                    ((b >> 3) & 0xFF000000));
}

// Bits 0-7 of a block's occupancy to its arrangement's share in base 3.
constexpr auto kBase3 = [] {
  std::array<std::uint16_t, 256> t{};
  for (int m = 0; m < 256; ++m)
    for (int i = 0, p = 1; i < 8; ++i, p *= 3)
      if (m >> i & 1) t[m] = static_cast<std::uint16_t>(t[m] + p);
  return t;
}();

// The eight squares of the block whose rows start at `row` (0, 2 or 4) and
// whose columns are the `offset`-th pair of each row's four squares (0-2):
// two squares of each of four rows, whichever way a row is staggered. Both
// sides' squares at once, one in each half of the word: bits 0-7 and 32-39.
constexpr std::uint64_t block_bits(std::uint64_t both, int row, int offset) {
  std::uint64_t x = (both >> (4 * row + offset)) & 0x0000333300003333;
  x = (x | (x >> 2)) & 0x00000F0F00000F0F;
  return (x | (x >> 4)) & 0x000000FF000000FF;
}

CheckersWeights initial_weights() {
  // The hand-written evaluation this one grew from (traits.h), in its terms.
  CheckersWeights w;
  w.man = {100, 100};
  w.king = {140, 140};
  for (int s = 1; s <= CheckersWeights::kSquares; ++s) {
    const int row = Geo::row_of(s), col = Geo::column_of(s);  // rows from the owner's back rank
    const bool centre = row >= 2 && row <= 5 && col >= 2 && col <= 5;
    w.man_square[s - 1] = {row + (centre ? 6 : 0), 4 * row + (centre ? 6 : 0)};
    w.king_square[s - 1] = {centre ? 4 : 0, centre ? 4 : 0};
  }
  for (int p = 0; p < 16; ++p) w.back_rank[p] = {8 * std::popcount(static_cast<unsigned>(p)), 0};
  for (int left = 1; left <= 7; ++left) w.runaway[left] = {30 + 8 * (7 - left), 30 + 8 * (7 - left)};
  for (int n = 0; n <= 4; ++n) w.king_mobility[n] = {3 * n, 3 * n};
  w.trade_when_ahead = {2, 2};
  return w;
}

// The tuner's output (bench/tune.cpp): the count of weights, then each
// weight in the order of CheckersWeights::all(); just "0" before the first tuning.
constexpr int kTuned[] = {
#include "engine/games/checkers/weights.inc"
};

CheckersWeights tuned_weights() { return with_tuned(initial_weights(), kTuned); }

CheckersWeights& storage() {
  static CheckersWeights w = tuned_weights();
  return w;
}

// One side's terms, from its own side of the board.
void add_side(const EnglishPosition& pos, Side side, const CheckersWeights& w, Sum& sum) {
  const bool down = EnglishPosition::moves_down(side);
  const Bitboard own = pos.pieces(side), opp = pos.pieces(~side), kings = pos.kings();
  const Bitboard men = own & ~kings, own_kings = own & kings;
  const Bitboard empty = Geo::board & ~(own | opp);
  sum.add(w.man, std::popcount(men));
  sum.add(w.king, std::popcount(own_kings));
  int back = 0;
  for (Bitboard b = men; b; b &= b - 1) {
    const int bit = checkers::lsb(b);
    const int rel = Board::relative(Geo::square_of(bit), down);
    sum.add(w.man_square[rel - 1]);
    if (rel <= Geo::per_row) back |= 1 << (rel - 1);
    const Bitboard ahead = Board::forward_steps(checkers::bit(bit), down);
    if (!(ahead & empty)) {
      sum.add(w.blocked_man);
      continue;
    }
    // Runaway: no enemy piece anywhere in the cone ahead.
    const int left = Geo::size - 1 - Geo::row_of(rel);
    if (!(Board::cone_of(bit, down) & opp)) sum.add(w.runaway[left]);
  }
  sum.add(w.back_rank[back]);
  const auto arrangements = pattern_arrangements(pos, side);
  for (int b = 0; b < CheckersWeights::kBlocks; ++b)
    sum.add(w.pattern[CheckersWeights::pattern_index(b, arrangements[b])]);
  for (Bitboard b = own_kings; b; b &= b - 1) {
    const int bit = checkers::lsb(b);
    sum.add(w.king_square[Board::relative(Geo::square_of(bit), down) - 1]);
    sum.add(w.king_mobility[std::popcount(all_steps(checkers::bit(bit)) & empty)]);
  }
}

// Pieces of `side` the other side could jump if it were its move.
int en_prise(const EnglishPosition& pos, Side side) {
  const Bitboard victims = pos.pieces(side), attackers = pos.pieces(~side), kings = pos.kings();
  const Bitboard empty = Geo::board & ~pos.occupied();
  const Bitboard att_kings = attackers & kings;
  const bool down = EnglishPosition::moves_down(~side);
  const Bitboard down_movers = down ? attackers : att_kings, up_movers = down ? att_kings : attackers;
  const Bitboard hit = jumpable<Geo::down_left>(down_movers, victims, empty) |
                       jumpable<Geo::down_right>(down_movers, victims, empty) |
                       jumpable<Geo::up_left>(up_movers, victims, empty) |
                       jumpable<Geo::up_right>(up_movers, victims, empty);
  return std::popcount(hit);
}

}  // namespace

std::array<int, CheckersWeights::kBlocks> pattern_arrangements(const EnglishPosition& pos, Side side) {
  std::uint32_t own = squares_in_order(pos.pieces(side)), opp = squares_in_order(pos.pieces(~side));
  if (!EnglishPosition::moves_down(side)) own = reverse_bits(own), opp = reverse_bits(opp);
  const std::uint64_t both = own | std::uint64_t{opp} << 32;
  std::array<int, CheckersWeights::kBlocks> out{};
  for (int row = 0, b = 0; row <= 4; row += 2)
    for (int offset = 0; offset <= 2; ++offset, ++b) {
      const std::uint64_t bits = block_bits(both, row, offset);
      out[b] = kBase3[bits & 0xFF] + 2 * kBase3[bits >> 32];
    }
  return out;
}

std::vector<int*> CheckersWeights::all() {
  std::vector<int*> out;
  auto add = [&](Pair& p) { draughts_eval::append(out, p); };
  add(man);
  add(king);
  for (Pair& p : man_square) add(p);
  for (Pair& p : king_square) add(p);
  for (Pair& p : back_rank) add(p);
  for (Pair& p : runaway) add(p);
  for (Pair& p : king_mobility) add(p);
  for (Pair* p : {&blocked_man, &en_prise, &tempo, &trade_when_ahead}) add(*p);
  for (Pair& p : pattern) add(p);
  return out;
}

const CheckersWeights& default_weights() { return storage(); }
CheckersWeights& mutable_weights() { return storage(); }

Score evaluate(const EnglishPosition& pos, const CheckersWeights& w) {
  return draughts_eval::evaluate_sides<CheckersWeights::kMostPieces>(pos, w, add_side, en_prise);
}

}  // namespace qi::engine::checkers_eval
