// Search scores: centipawn-like units from the side to move's view, and mate
// scores that count plies. A mate found `ply` plies below the root is stored
// in the transposition table relative to the node that stores it, so that the
// same entry read at another depth still means "mate in so many plies from
// here" (to_tt / from_tt).
#pragma once

#include <cmath>
#include <cstdint>

namespace qi::engine {

using Score = int;

inline constexpr int kMaxPly = 128;
inline constexpr Score kDraw = 0;
inline constexpr Score kMate = 32000;
inline constexpr Score kInfinite = 32001;
inline constexpr Score kNone = 32002;  // no score (an empty TT slot)
// Scores beyond these are mates within kMaxPly.
inline constexpr Score kMateBound = kMate - 2 * kMaxPly;

// Endgame tables (search_traits.h, TableProbe): a won position scores far
// above any evaluation and below every mate. With the plies to the end
// known, kTableWin less them and the plies from the root, so that the
// shortest win is preferred (and the longest loss); without them,
// kTableWinNoDistance plus the static evaluation (within kTableEvalRange),
// so that the search still makes progress toward the win.
inline constexpr Score kTableWin = 30000;
inline constexpr Score kTableWinNoDistance = 20000;
inline constexpr Score kTableEvalRange = 4000;

constexpr Score mated_in(int ply) { return -kMate + ply; }
constexpr Score mate_in(int ply) { return kMate - ply; }
constexpr bool is_mate_score(Score s) { return s >= kMateBound || s <= -kMateBound; }

// Plies to mate from a mate score, signed: +3 we mate in 3 plies, -2 we are
// mated in 2 plies.
constexpr int mate_plies(Score s) { return s > 0 ? kMate - s : -(kMate + s); }
// Moves (not plies) to mate, as UCI's "score mate N" counts them.
constexpr int mate_moves(Score s) { return s > 0 ? (kMate - s + 1) / 2 : -(kMate + s) / 2; }

// Mates and the tables' wins with a distance count plies from the root, so
// the table keeps them counted from the position itself.
inline constexpr Score kRootRelativeBound = kTableWin - kMaxPly - 256;
static_assert(kRootRelativeBound > kTableWinNoDistance + kTableEvalRange);
constexpr Score to_tt(Score s, int ply) {
  if (s >= kRootRelativeBound) return s + ply;
  if (s <= -kRootRelativeBound) return s - ply;
  return s;
}
constexpr Score from_tt(Score s, int ply) {
  if (s == kNone) return s;
  if (s >= kRootRelativeBound) return s - ply;
  if (s <= -kRootRelativeBound) return s + ply;
  return s;
}

// Win / draw / loss chances in per mille from a score, by a logistic model:
// the draw band shrinks as the advantage grows. `scale` is the score at which
// the winning chance is about 73 % in a decisive game (a game's pawn value
// times about 2).
struct Wdl {
  int win = 0, draw = 1000, loss = 0;
};

inline Wdl wdl_of(Score s, double scale, double draw_width) {
  if (s >= kMateBound) return {1000, 0, 0};
  if (s <= -kMateBound) return {0, 0, 1000};
  auto logistic = [](double x) { return 1.0 / (1.0 + std::exp(-x)); };
  double win = logistic((s - draw_width) / scale * 2.0);
  double loss = logistic((-s - draw_width) / scale * 2.0);
  int w = static_cast<int>(std::lround(win * 1000)), l = static_cast<int>(std::lround(loss * 1000));
  return {w, 1000 - w - l, l};
}

}  // namespace qi::engine
