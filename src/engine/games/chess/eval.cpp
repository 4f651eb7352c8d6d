#include "engine/games/chess/eval.h"

#include "engine/tuned_weights.h"

#include <algorithm>
#include <cstdlib>

namespace qi::engine::chess_eval {
namespace {

using namespace qi::chess;

// Starting weights from simple principles: knights and bishops like the
// centre, pawns like to advance, the king hides in the middle game and
// comes out in the end game. The tuner refines them from games.
ChessWeights initial_weights() {
  ChessWeights w;
  w.material[Pawn] = {82, 100};
  w.material[Knight] = {330, 300};
  w.material[Bishop] = {350, 320};
  w.material[Rook] = {470, 530};
  w.material[Queen] = {1000, 980};
  for (int s = 0; s < 64; ++s) {
    const int f = s & 7, r = s >> 3;
    const int fc = std::min(f, 7 - f), rc = std::min(r, 7 - r);  // 0 at the edge, 3 in the centre
    const int centre = fc + rc;                                  // 0..6
    // In the middle game only the centre pawns gain by advancing; wing
    // pawns (files a, b, g, h) that step forward loosen the king's cover
    // and leave holes, so they lose a little.
    w.pst[Pawn][s] = {
        r >= 1 && r <= 6 ? (fc >= 2 ? (r - 1) * 4 + (r >= 2 && r <= 4 ? 8 : 0) - 4 : -(r - 1) * 4) : 0,
        r >= 1 && r <= 6 ? (r - 1) * 8 : 0};
    w.pst[Knight][s] = {centre * 8 - 24, centre * 6 - 18};
    w.pst[Bishop][s] = {centre * 4 - 10 + (fc == rc ? 4 : 0), centre * 3 - 9};
    w.pst[Rook][s] = {(r == 6 ? 12 : 0) + (fc >= 2 ? 2 : 0), r == 6 ? 8 : 0};
    w.pst[Queen][s] = {centre * 2 - 6, centre * 4 - 12};
    // The king castled (b1, c1, g1) is worth a clear bonus over the king
    // left in the centre.
    w.pst[King][s] = {r == 0 ? (f == 1 || f == 6   ? 40
                                : f == 2           ? 30
                                : f == 0 || f == 7 ? 20
                                                   : 0)
                             : -20 * r,
                      centre * 10 - 30};
  }
  const Pair per_square[7] = {{}, {}, {4, 4}, {5, 5}, {2, 4}, {1, 2}, {}};
  for (int pt = Knight; pt <= Queen; ++pt)
    for (int n = 0; n < 28; ++n) w.mobility[pt][n] = {per_square[pt].mg * n, per_square[pt].eg * n};
  const int passed_mg[8] = {0, 5, 10, 15, 30, 50, 80, 0};
  const int passed_eg[8] = {0, 10, 15, 25, 50, 90, 140, 0};
  for (int r = 0; r < 8; ++r) w.passed[r] = {passed_mg[r], passed_eg[r]};
  w.doubled = {-10, -20};
  w.isolated = {-12, -15};
  w.connected = {6, 8};
  w.bishop_pair = {30, 50};
  w.rook_open = {25, 10};
  w.rook_half_open = {12, 6};
  w.shield = {10, 0};
  w.king_attack = {6, 0};
  w.tempo = {15, 5};
  w.pawn_threat = {40, 30};
  w.minor_threat = {30, 20};
  w.rook_threat = {30, 20};
  w.passed_free = {2, 6};
  w.passed_king_race = {0, 2};
  return w;
}

// The tuner's output (bench/tune.cpp): the weight count, then every
// weight in the order of ChessWeights::all(); just "0" before the first tuning.
constexpr int kTuned[] = {
#include "engine/games/chess/weights.inc"
};

ChessWeights tuned_weights() { return with_tuned(initial_weights(), kTuned); }

ChessWeights& weights_storage() {
  static ChessWeights w = tuned_weights();
  return w;
}

constexpr int kPhaseWeight[7] = {0, 0, 1, 1, 2, 4, 0};

struct Sum {
  int mg = 0, eg = 0;
  void add(Pair p, int n = 1) {
    mg += p.mg * n;
    eg += p.eg * n;
  }
  void sub(Pair p, int n = 1) {
    mg -= p.mg * n;
    eg -= p.eg * n;
  }
};

Bitboard pawn_attacks_of(Color c, Bitboard pawns) {
  return c == White ? pawn_attacks_set<White>(pawns) : pawn_attacks_set<Black>(pawns);
}

Bitboard forward_files(Color c, Square s) {
  // The squares in front of s on its file and the two next to it.
  Bitboard file = file_bb(file_of(s));
  Bitboard span = file | shift_east(file) | shift_west(file);
  const int r = rank_of(s);
  Bitboard ahead =
      c == White ? (r == 7 ? 0 : ~((Bitboard{1} << (8 * r + 8)) - 1)) : (Bitboard{1} << (8 * r)) - 1;
  return span & ahead;
}

// King steps between two squares.
int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// One side's terms, added from its own view.
void side_terms(const Position& pos, Color us, const ChessWeights& w, Sum& sum, int& phase) {
  const Color them = ~us;
  const Bitboard occ = pos.pieces();
  const Bitboard own_pawns = pos.pieces(us, Pawn), their_pawns = pos.pieces(them, Pawn);
  const Bitboard their_pawn_attacks = pawn_attacks_of(them, their_pawns);
  const Bitboard safe = ~pos.pieces(us) & ~their_pawn_attacks;
  const Square their_king = pos.king_square(them);
  const Bitboard king_zone = king_attacks(their_king) | square_bb(their_king);
  int attacks_on_king = 0, attackers = 0;
  Bitboard minor_attacks = 0, rook_attacks = 0;
  // Squares from which each piece type would give check.
  Bitboard checks[7] = {};
  checks[Knight] = attacks_of(Knight, their_king, occ);
  checks[Bishop] = attacks_of(Bishop, their_king, occ);
  checks[Rook] = attacks_of(Rook, their_king, occ);
  checks[Queen] = checks[Bishop] | checks[Rook];

  for (int pt = Pawn; pt <= King; ++pt) {
    Bitboard b = pos.pieces(us, static_cast<PieceType>(pt));
    const int n = popcount(b);
    sum.add(w.material[pt], n);
    phase += kPhaseWeight[pt] * n;
    while (b) {
      const Square s = pop_lsb(b);
      const Square rs = relative_square(us, s);
      sum.add(w.pst[pt][rs]);
      if (pt == Pawn || pt == King) continue;
      const Bitboard att = attacks_of(static_cast<PieceType>(pt), s, occ);
      sum.add(w.mobility[pt][popcount(att & safe)]);
      sum.add(w.king_zone[pt], popcount(att & king_zone));
      sum.add(w.safe_check[pt], popcount(att & checks[pt] & safe));
      if (pt == Knight || pt == Bishop) minor_attacks |= att;
      if (pt == Rook) rook_attacks |= att;
      if (att & king_zone) {
        ++attackers;
        attacks_on_king += popcount(att & king_zone);
      }
      if (pt == Rook) {
        const Bitboard file = file_bb(file_of(s));
        if (!(file & own_pawns)) sum.add((file & their_pawns) ? w.rook_half_open : w.rook_open);
      }
    }
  }
  if (popcount(pos.pieces(us, Bishop)) >= 2) sum.add(w.bishop_pair);
  const Bitboard their_majors = pos.pieces(them, Rook) | pos.pieces(them, Queen);
  const Bitboard their_pieces = pos.pieces(them) & ~their_pawns & ~square_bb(their_king);
  sum.add(w.pawn_threat, popcount(pawn_attacks_of(us, own_pawns) & their_pieces));
  sum.add(w.minor_threat, popcount(minor_attacks & their_majors));
  sum.add(w.rook_threat, popcount(rook_attacks & pos.pieces(them, Queen)));
  const Square our_king = pos.king_square(us);

  // Pawn structure.
  for (Bitboard b = own_pawns; b;) {
    const Square s = pop_lsb(b);
    const int f = file_of(s);
    const Bitboard file = file_bb(f);
    const Bitboard adjacent = shift_east(file) | shift_west(file);
    if (popcount(own_pawns & file) > 1) sum.add(w.doubled);  // counted per pawn of the pair
    if (!(own_pawns & adjacent)) sum.add(w.isolated);
    if (pawn_attacks(them, s) & own_pawns) sum.add(w.connected);
    if (!(forward_files(us, s) & their_pawns)) {
      const int rank = relative_rank(us, s);
      sum.add(w.passed[rank]);
      if (rank < 7) {
        const Square stop = static_cast<Square>(us == White ? s + 8 : s - 8);
        if (!(occ & square_bb(stop))) sum.add(w.passed_free, rank);
        const int race = std::clamp(distance(their_king, stop) - distance(our_king, stop), -4, 4);
        sum.add(w.passed_king_race, race * rank);
      }
    }
  }

  // King safety: own pawns sheltering the king, enemy pieces attacking it.
  Bitboard near_ranks = 0;
  for (int d = 1; d <= 2; ++d) {
    const int r = rank_of(our_king) + (us == White ? d : -d);
    if (r >= 0 && r < 8) near_ranks |= rank_bb(r);
  }
  const Bitboard shelter = forward_files(us, our_king) & near_ranks;
  sum.add(w.shield, popcount(shelter & own_pawns));
  if (attackers >= 2 && pos.pieces(us, Queen)) {
    const int weight = std::min(attacks_on_king * attackers, 60);
    sum.add(w.king_attack, weight);
  }
}

}  // namespace

std::vector<int*> ChessWeights::all() {
  std::vector<int*> out;
  auto add = [&](Pair& p) {
    out.push_back(&p.mg);
    out.push_back(&p.eg);
  };
  for (int pt = Pawn; pt <= Queen; ++pt) add(material[pt]);
  for (int pt = Pawn; pt <= King; ++pt)
    for (int s = 0; s < 64; ++s)
      if (pt != Pawn || (s >= 8 && s < 56)) add(pst[pt][s]);
  for (int pt = Knight; pt <= Queen; ++pt) {
    const int most = pt == Knight ? 8 : pt == Bishop ? 13 : pt == Rook ? 14 : 27;
    for (int n = 0; n <= most; ++n) add(mobility[pt][n]);
    add(king_zone[pt]);
    add(safe_check[pt]);
  }
  for (int r = 1; r < 7; ++r) add(passed[r]);
  for (Pair* p :
       {&doubled, &isolated, &connected, &bishop_pair, &rook_open, &rook_half_open, &shield, &king_attack,
        &tempo, &pawn_threat, &minor_threat, &rook_threat, &passed_free, &passed_king_race})
    add(*p);
  return out;
}

const ChessWeights& default_weights() { return weights_storage(); }
ChessWeights& mutable_weights() { return weights_storage(); }

int piece_value(PieceType pt) {
  static constexpr int kValues[7] = {0, 100, 320, 330, 500, 950, 20000};
  return kValues[pt];
}

Score evaluate(const Position& pos, const ChessWeights& w) {
  Sum white, black;
  int phase = 0;
  side_terms(pos, White, w, white, phase);
  side_terms(pos, Black, w, black, phase);
  Sum total{white.mg - black.mg, white.eg - black.eg};
  const Color us = pos.us();
  if (us == White)
    total.add(w.tempo);
  else
    total.sub(w.tempo);
  phase = std::min(phase, 24);
  int score = (total.mg * phase + total.eg * (24 - phase)) / 24;
  // Without pawns, a side a minor piece ahead rarely wins: scale down.
  if (!pos.pieces(Pawn)) {
    const int np = std::abs(score);
    if (np < 400) score /= 4;
  }
  return us == White ? score : -score;
}

}  // namespace qi::engine::chess_eval
