#include "games/chess/bitboard.h"

#include "core/random.h"

namespace qi::chess {
namespace detail {

SliderEntry rook_entries[64];
SliderEntry bishop_entries[64];
Bitboard pawn_attack_table[2][64];
Bitboard knight_attack_table[64];
Bitboard king_attack_table[64];
Bitboard between_table[64][64];
Bitboard line_table[64][64];

}  // namespace detail

namespace {

// 102400 and 5248 are the sums over the squares of 2^(relevant squares).
Bitboard rook_table[102400];
Bitboard bishop_table[5248];

// The square reached by (df, dr) from s, or NoSquare off the board.
Square step(Square s, int df, int dr) {
  int f = file_of(s) + df, r = rank_of(s) + dr;
  return (f >= 0 && f < 8 && r >= 0 && r < 8) ? make_square(f, r) : NoSquare;
}

Bitboard step_set(Square s, const int (*steps)[2], int n) {
  Bitboard b = 0;
  for (int i = 0; i < n; ++i) {
    Square t = step(s, steps[i][0], steps[i][1]);
    if (t != NoSquare) b |= square_bb(t);
  }
  return b;
}

constexpr int kRookDirections[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirections[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
constexpr int kKnightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kKingSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

#if !defined(__BMI2__)
// Finds a multiplier that maps every subset of the mask to a distinct slot
// (or to a slot holding the same attack set), by trying sparse random numbers.
Bitboard find_magic(detail::SliderEntry& e, PieceType pt, Square s, Bitboard* table, SplitMix64& rng) {
  static Bitboard occupancies[4096], attacks[4096];
  static int epoch[4096];
  int size = 0;
  Bitboard b = 0;
  do {
    occupancies[size] = b;
    attacks[size] = sliding_attacks_slow(pt, s, b);
    ++size;
    b = (b - e.mask) & e.mask;
  } while (b);
  static int current = 0;
  for (;;) {
    Bitboard magic = rng.next() & rng.next() & rng.next();
    if (popcount((e.mask * magic) >> 56) < 6) continue;
    ++current;
    bool ok = true;
    for (int i = 0; i < size && ok; ++i) {
      unsigned idx = static_cast<unsigned>(((occupancies[i] & e.mask) * magic) >> e.shift);
      if (epoch[idx] < current) {
        epoch[idx] = current;
        table[idx] = attacks[i];
      } else if (table[idx] != attacks[i]) {
        ok = false;
      }
    }
    if (ok) return magic;
  }
}
#endif

void init_sliders(PieceType pt, detail::SliderEntry* entries, Bitboard* table) {
  [[maybe_unused]] SplitMix64 rng(0xB17B0A2DULL + pt);
  Bitboard* next = table;
  for (int i = 0; i < 64; ++i) {
    Square s = static_cast<Square>(i);
    Bitboard edges = ((kRank1 | kRank8) & ~rank_bb(rank_of(s))) | ((kFileA | kFileH) & ~file_bb(file_of(s)));
    detail::SliderEntry& e = entries[i];
    e.mask = sliding_attacks_slow(pt, s, 0) & ~edges;
    e.attacks = next;
    int bits = popcount(e.mask);
#if defined(__BMI2__)
    Bitboard b = 0;
    do {
      next[e.index(b)] = sliding_attacks_slow(pt, s, b);
      b = (b - e.mask) & e.mask;
    } while (b);
#else
    e.shift = 64 - bits;
    e.magic = find_magic(e, pt, s, next, rng);
#endif
    next += Bitboard{1} << bits;
  }
}

void init_tables() {
  for (int i = 0; i < 64; ++i) {
    Square s = static_cast<Square>(i);
    Bitboard b = square_bb(s);
    detail::pawn_attack_table[White][s] = pawn_attacks_set<White>(b);
    detail::pawn_attack_table[Black][s] = pawn_attacks_set<Black>(b);
    detail::knight_attack_table[s] = step_set(s, kKnightSteps, 8);
    detail::king_attack_table[s] = step_set(s, kKingSteps, 8);
  }
  init_sliders(Rook, detail::rook_entries, rook_table);
  init_sliders(Bishop, detail::bishop_entries, bishop_table);
  for (int a = 0; a < 64; ++a)
    for (int b = 0; b < 64; ++b) {
      Square sa = static_cast<Square>(a), sb = static_cast<Square>(b);
      detail::between_table[a][b] = detail::line_table[a][b] = 0;
      if (a == b) continue;
      for (PieceType pt : {Bishop, Rook}) {
        if (!(sliding_attacks_slow(pt, sa, 0) & square_bb(sb))) continue;
        detail::line_table[a][b] = (sliding_attacks_slow(pt, sa, 0) & sliding_attacks_slow(pt, sb, 0)) |
                                   square_bb(sa) | square_bb(sb);
        detail::between_table[a][b] =
            sliding_attacks_slow(pt, sa, square_bb(sb)) & sliding_attacks_slow(pt, sb, square_bb(sa));
      }
    }
}

// Runs before any other static initializer of the program, so that even a
// Position built during static initialization finds the tables ready.
struct TableInit {
  TableInit() { init_tables(); }
};
__attribute__((init_priority(101))) TableInit table_init;

}  // namespace

Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied) {
  const int(*dirs)[2] = pt == Rook ? kRookDirections : kBishopDirections;
  Bitboard b = 0;
  for (int d = 0; d < 4; ++d) {
    Square t = s;
    while ((t = step(t, dirs[d][0], dirs[d][1])) != NoSquare) {
      b |= square_bb(t);
      if (occupied & square_bb(t)) break;
    }
  }
  return b;
}

Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case Knight:
      return knight_attacks(s);
    case Bishop:
      return bishop_attacks(s, occupied);
    case Rook:
      return rook_attacks(s, occupied);
    case Queen:
      return queen_attacks(s, occupied);
    case King:
      return king_attacks(s);
    default:
      return 0;
  }
}

}  // namespace qi::chess
