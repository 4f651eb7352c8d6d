#include "games/xiangqi/bitboard.h"

#include <initializer_list>

namespace qi::xiangqi {
namespace {

// Walks a line of n points from position p over occupancy occ: the slide
// mask (empties and the first piece) and the jump mask (the first piece
// after the first one), both ways.
void line_rays(int n, int p, unsigned occ, std::uint16_t& slide, std::uint16_t& jump) {
  slide = 0;
  jump = 0;
  for (int dir : {-1, 1}) {
    bool screened = false;
    for (int q = p + dir; q >= 0 && q < n; q += dir) {
      bool occupied = (occ >> q) & 1;
      if (!screened) {
        slide |= static_cast<std::uint16_t>(1u << q);
        if (occupied) screened = true;
      } else if (occupied) {
        jump |= static_cast<std::uint16_t>(1u << q);
        break;
      }
    }
  }
}

Bitboard target(int file, int rank) { return on_board(file, rank) ? bit(make_square(file, rank)) : 0; }

std::uint8_t point(int file, int rank) {
  return static_cast<std::uint8_t>(on_board(file, rank) ? make_square(file, rank) : kNoSquare);
}

AttackTables build() {
  AttackTables t{};
  for (int p = 0; p < kFiles; ++p)
    for (unsigned occ = 0; occ < (1u << kFiles); ++occ)
      line_rays(kFiles, p, occ, t.rank_slide[p][occ], t.rank_jump[p][occ]);
  for (int p = 0; p < kRanks; ++p)
    for (unsigned occ = 0; occ < (1u << kRanks); ++occ)
      line_rays(kRanks, p, occ, t.file_slide[p][occ], t.file_jump[p][occ]);
  for (unsigned mask = 0; mask < (1u << kRanks); ++mask)
    for (int r = 0; r < kRanks; ++r)
      if ((mask >> r) & 1) t.file_spread[mask] |= bit(make_square(0, r));

  for (Square s = 0; s < kSquares; ++s) {
    t.file_bb[file_of(s)] |= bit(s);
    t.rank_bb[rank_of(s)] |= bit(s);
  }
  const int orth[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
  const int diag[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  for (Square s = 0; s < kSquares; ++s) {
    int f = file_of(s), r = rank_of(s);
    t.lines[s] = t.file_bb[f] | t.rank_bb[r];
    for (auto [df, dr] : diag) t.diagonal_near[s] |= target(f + df, r + dr);

    for (Side side : {kRed, kBlack}) {
      if (in_palace(side, s)) {
        for (auto [df, dr] : orth)
          if (on_board(f + df, r + dr) && in_palace(side, make_square(f + df, r + dr)))
            t.general_moves[s] |= bit(make_square(f + df, r + dr));
        for (auto [df, dr] : diag)
          if (on_board(f + df, r + dr) && in_palace(side, make_square(f + df, r + dr)))
            t.advisor_moves[s] |= bit(make_square(f + df, r + dr));
      }
      // Forward always; sideways once across the river.
      int up = forward(side);
      Bitboard moves = target(f, r + up);
      if (!own_half(side, s)) moves |= target(f - 1, r) | target(f + 1, r);
      t.soldier_moves[index(side)][s] = moves;
    }

    // Horse: leg i is the orthogonal neighbour in direction i; the two
    // targets lie one further that way and one to either side.
    for (int i = 0; i < 4; ++i) {
      auto [df, dr] = orth[i];
      t.horse_legs[s][i] = point(f + df, r + dr);
    }
    for (unsigned pattern = 0; pattern < 16; ++pattern) {
      Bitboard moves = 0;
      for (int i = 0; i < 4; ++i) {
        if ((pattern >> i) & 1) continue;
        auto [df, dr] = orth[i];
        if (df == 0)
          moves |= target(f - 1, r + 2 * dr) | target(f + 1, r + 2 * dr);
        else
          moves |= target(f + 2 * df, r - 1) | target(f + 2 * df, r + 1);
      }
      t.horse_moves[s][pattern] = moves;
    }

    // Elephant: two points diagonally over an empty eye, never across the river.
    for (int i = 0; i < 4; ++i) {
      auto [df, dr] = diag[i];
      t.elephant_eyes[s][i] = point(f + df, r + dr);
      t.diagonal_squares[s][i] = point(f + df, r + dr);
    }
    bool red_half = rank_of(s) <= 4;
    for (unsigned pattern = 0; pattern < 16; ++pattern) {
      Bitboard moves = 0, attackers = 0;
      for (int i = 0; i < 4; ++i) {
        if ((pattern >> i) & 1) continue;
        auto [df, dr] = diag[i];
        if (on_board(f + 2 * df, r + 2 * dr) &&
            (rank_of(make_square(f + 2 * df, r + 2 * dr)) <= 4) == red_half)
          moves |= bit(make_square(f + 2 * df, r + 2 * dr));
        // The horse whose leg is this diagonal neighbour stands one step
        // further along either of the diagonal's two components.
        attackers |= target(f + 2 * df, r + dr) | target(f + df, r + 2 * dr);
      }
      t.elephant_moves[s][pattern] = moves;
      t.horse_attackers[s][pattern] = attackers;
    }
  }
  for (Square s = 0; s < kSquares; ++s)
    for (Side side : {kRed, kBlack})
      for (Square from = 0; from < kSquares; ++from)
        if (test(t.soldier_moves[index(side)][from], s)) t.soldier_attackers[index(side)][s] |= bit(from);
  return t;
}

}  // namespace

const AttackTables tables = build();

Bitboard between(Square a, Square b) {
  Bitboard out = 0;
  int fa = file_of(a), ra = rank_of(a), fb = file_of(b), rb = rank_of(b);
  if (fa == fb) {
    for (int r = (ra < rb ? ra : rb) + 1; r < (ra < rb ? rb : ra); ++r) out |= bit(make_square(fa, r));
  } else if (ra == rb) {
    for (int f = (fa < fb ? fa : fb) + 1; f < (fa < fb ? fb : fa); ++f) out |= bit(make_square(f, ra));
  }
  return out;
}

}  // namespace qi::xiangqi
