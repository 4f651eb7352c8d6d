// Xiangqi evaluation, the same shape as chess's: tapered material and
// piece-square tables, mobility of chariots, horses and cannons, the
// general's safety in its palace (advisors and elephants at home, enemy
// pieces near it), and coordination (a cannon on the general's file with a
// screen or none, a cannon on the back rank, horses near the enemy palace,
// soldiers across the river). All weights live in XiangqiWeights for the
// tuner.
#pragma once

#include <vector>

#include "engine/score.h"
#include "games/xiangqi/position.h"

namespace qi::engine::xiangqi_eval {

struct Pair {
  int mg = 0, eg = 0;
};

struct XiangqiWeights {
  Pair material[8];  // by PieceType
  Pair pst[8][90];   // by PieceType and point from Red's side
  // By the number of points a piece reaches that hold no piece of its own
  // (a cannon: the empty points it slides to), at most 17 (a chariot on an
  // open board: 8 along its rank, 9 along its file).
  static constexpr int kMostMoves = 17;
  Pair mobility[8][kMostMoves + 1];
  Pair missing_defender;   // per advisor or elephant missing
  Pair palace_attack;      // per attack on the points around the general
  Pair central_cannon;     // cannon on the general's file with one screen
  Pair horse_near_palace;  // a horse a step from the enemy palace
  Pair tempo;
  Pair empty_cannon;     // cannon on the general's file with nothing between (空头炮)
  Pair bottom_cannon;    // cannon on the enemy's back rank (沉底炮)
  Pair missing_advisor;  // per advisor missing, beyond missing_defender

  std::vector<int*> all();
};

const XiangqiWeights& default_weights();
XiangqiWeights& mutable_weights();

Score evaluate(const xiangqi::Position& pos, const XiangqiWeights& w = default_weights());
int piece_value(xiangqi::PieceType t);

}  // namespace qi::engine::xiangqi_eval
