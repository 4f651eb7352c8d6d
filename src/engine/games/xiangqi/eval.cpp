#include "engine/games/xiangqi/eval.h"

#include "engine/tuned_weights.h"

#include <algorithm>
#include <cstdlib>

namespace qi::engine::xiangqi_eval {
namespace {

using namespace qi::xiangqi;

XiangqiWeights initial_weights() {
  XiangqiWeights w;
  w.material[kAdvisor] = {200, 200};
  w.material[kElephant] = {200, 200};
  w.material[kHorse] = {400, 450};
  w.material[kChariot] = {900, 950};
  w.material[kCannon] = {450, 400};
  w.material[kSoldier] = {60, 100};
  for (int s = 0; s < kSquares; ++s) {
    const int f = file_of(s), r = rank_of(s);  // from Red's side
    const int fc = std::min(f, 8 - f);         // 0 edge .. 4 centre file
    const bool crossed = r >= 5;
    // Soldiers: worth much more across the river, most near the palace,
    // little on the last rank where they can only move sideways.
    if (crossed) {
      int near = r == 9 ? 10 : (r >= 6 && r <= 8 ? 40 + fc * 10 : 30 + fc * 5);
      w.pst[kSoldier][s] = {near + 40, near + 60};
    } else {
      w.pst[kSoldier][s] = {r == 4 && fc == 4 ? 10 : 0, 0};
    }
    w.pst[kHorse][s] = {fc * 6 + std::min(r, 7) * 4 - 20, fc * 5 + std::min(r, 7) * 3 - 15};
    w.pst[kChariot][s] = {(r >= 5 ? 10 : 0) + (fc >= 3 ? 6 : 0) + (r == 0 ? -10 : 0), 0};
    w.pst[kCannon][s] = {(fc == 4 ? 12 : 0) + (r == 2 || r == 7 ? 6 : 0) + (r == 9 ? -6 : 0), 0};
    w.pst[kGeneral][s] = {r == 0 ? 4 : -10 * r, -4 * r};
    w.pst[kAdvisor][s] = {f == 4 ? 6 : 0, 0};
    w.pst[kElephant][s] = {f == 4 ? 8 : 0, 0};
  }
  const Pair per_point[8] = {{}, {}, {}, {}, {8, 8}, {4, 5}, {2, 1}, {}};
  for (int t : {kHorse, kChariot, kCannon})
    for (int n = 0; n <= XiangqiWeights::kMostMoves; ++n)
      w.mobility[t][n] = {per_point[t].mg * n, per_point[t].eg * n};
  w.missing_defender = {-25, -15};
  w.palace_attack = {12, 6};
  w.central_cannon = {40, 10};
  w.horse_near_palace = {20, 20};
  w.tempo = {20, 10};
  w.empty_cannon = {30, 10};
  w.bottom_cannon = {10, 0};
  w.missing_advisor = {-10, -5};
  return w;
}

// The tuner's output (bench/tune.cpp): the weight count, then every
// weight in the order of XiangqiWeights::all(); just "0" before the first tuning.
constexpr int kTuned[] = {
#include "engine/games/xiangqi/weights.inc"
};

XiangqiWeights tuned_weights() { return with_tuned(initial_weights(), kTuned); }

XiangqiWeights& storage() {
  static XiangqiWeights w = tuned_weights();
  return w;
}

constexpr int kPhaseWeight[8] = {0, 0, 0, 0, 2, 4, 2, 0};  // horse, chariot, cannon
constexpr int kFullPhase = 2 * (2 * 2 + 2 * 4 + 2 * 2);    // 32

struct Sum {
  int mg = 0, eg = 0;
  void add(Pair p, int n = 1) {
    mg += p.mg * n;
    eg += p.eg * n;
  }
};

Square from_red(Side side, Square s) { return side == kRed ? s : make_square(file_of(s), 9 - rank_of(s)); }

void side_terms(const Position& pos, Side us, const XiangqiWeights& w, Sum& sum, int& phase) {
  const Side them = ~us;
  const Bitboard occ = pos.occupied(), rot = pos.rotated_occupancy();
  const Bitboard own = pos.pieces(us);
  const Square their_general = pos.general(them);
  const Bitboard palace_zone = tables.general_moves[their_general] | tables.diagonal_near[their_general];
  for (int t = kGeneral; t <= kSoldier; ++t) {
    Bitboard b = pos.pieces(us, static_cast<PieceType>(t));
    const int n = popcount(b);
    sum.add(w.material[t], n);
    phase += kPhaseWeight[t] * n;
    while (b) {
      const Square s = pop_lsb(b);
      sum.add(w.pst[t][from_red(us, s)]);
      Bitboard att = 0;
      switch (t) {
        case kChariot:
          att = slide_attacks(s, occ, rot);
          sum.add(w.mobility[t][popcount(att & ~own)]);
          break;
        case kHorse: {
          att = horse_attacks(s, occ);
          sum.add(w.mobility[t][popcount(att & ~own)]);
          const int dr = std::abs(rank_of(s) - rank_of(their_general));
          const int df = std::abs(file_of(s) - file_of(their_general));
          if (dr <= 2 && df <= 2) sum.add(w.horse_near_palace);
          break;
        }
        case kCannon: {
          att = jump_attacks(s, occ, rot);
          sum.add(w.mobility[t][popcount(slide_attacks(s, occ, rot) & ~occ)]);
          if (file_of(s) == file_of(their_general)) {
            const int screens = popcount(between(s, their_general) & occ);
            if (screens == 1) sum.add(w.central_cannon);
            if (screens == 0) sum.add(w.empty_cannon);
          }
          // On the enemy's back rank, behind its defenders.
          if (rank_of(from_red(us, s)) == 9) sum.add(w.bottom_cannon);
          break;
        }
        case kSoldier:
          att = tables.soldier_moves[index(us)][s];
          break;
        default:
          break;
      }
      if (att & palace_zone) sum.add(w.palace_attack, popcount(att & palace_zone));
    }
  }
  const int advisors = popcount(pos.pieces(us, kAdvisor));
  const int defenders = advisors + popcount(pos.pieces(us, kElephant));
  sum.add(w.missing_defender, 4 - defenders);
  sum.add(w.missing_advisor, 2 - advisors);
}

}  // namespace

std::vector<int*> XiangqiWeights::all() {
  std::vector<int*> out;
  auto add = [&](Pair& p) {
    out.push_back(&p.mg);
    out.push_back(&p.eg);
  };
  for (int t = kAdvisor; t <= kSoldier; ++t) add(material[t]);
  for (int t = kGeneral; t <= kSoldier; ++t)
    for (int s = 0; s < kSquares; ++s) add(pst[t][s]);
  for (int t : {kHorse, kChariot, kCannon})
    for (int n = 0; n <= (t == kHorse ? 8 : kMostMoves); ++n) add(mobility[t][n]);
  for (Pair* p : {&missing_defender, &palace_attack, &central_cannon, &horse_near_palace, &tempo,
                  &empty_cannon, &bottom_cannon, &missing_advisor})
    add(*p);
  return out;
}

const XiangqiWeights& default_weights() { return storage(); }
XiangqiWeights& mutable_weights() { return storage(); }

int piece_value(PieceType t) {
  static constexpr int kValues[8] = {0, 10000, 200, 200, 420, 900, 440, 100};
  return kValues[t];
}

Score evaluate(const Position& pos, const XiangqiWeights& w) {
  Sum red, black;
  int phase = 0;
  side_terms(pos, kRed, w, red, phase);
  side_terms(pos, kBlack, w, black, phase);
  Sum total{red.mg - black.mg, red.eg - black.eg};
  const Side us = pos.side_to_move();
  total.add(w.tempo, us == kRed ? 1 : -1);
  phase = std::min(phase, kFullPhase);
  const int score = (total.mg * phase + total.eg * (kFullPhase - phase)) / kFullPhase;
  return us == kRed ? score : -score;
}

}  // namespace qi::engine::xiangqi_eval
