// International draughts (10x10, FMJD) evaluation, in weights a tuner can fit
// (bench/tune.cpp), as English checkers' is (eval.h): tapered between the
// middle game and the ending by the number of pieces on the board, each side
// scored from its own side of the board (a square is numbered as if that side
// were Black, who starts on 1-20: White's square s is 51 - s).
//
// Terms: men and kings; a table of squares for men (advance, centre, the
// squares 22-24 and 27-29 the middle game is fought over) and one for kings;
// the five squares of the back rank as one pattern of thirty-two; runaway men
// by the rows left to crown; the squares a flying king reaches; a king on the
// long diagonal (46-5); men that cannot step; men with nothing of their own
// behind them; the wings out of balance (men on the left five columns against
// the right five); pieces of the side to move the other side could take if it
// were its move (men take backwards, kings from afar); the move; and a term
// that favours trading down when ahead in pieces. Russian and Brazilian
// draughts keep the hand-written evaluation of traits.h.
#pragma once

#include <vector>

#include "engine/games/checkers/draughts_eval.h"
#include "engine/score.h"
#include "games/checkers/position.h"

namespace qi::engine::international_eval {

using draughts_eval::Pair;

struct InternationalWeights {
  static constexpr int kSquares = 50;
  static constexpr int kMobilityBuckets = 10;  // a king's reachable squares, halved, at most 9
  Pair man, king;
  Pair man_square[kSquares];   // by square from the owner's side, 0 = square 1
  Pair king_square[kSquares];  // the same
  Pair back_rank[32];          // bit i: a man of the owner's on its square i + 1
  Pair runaway[10];            // by rows left to the crowning row (1-9)
  Pair king_mobility[kMobilityBuckets];
  Pair king_on_long_diagonal;
  Pair blocked_man;       // a man with no empty square ahead
  Pair unsupported_man;   // a man off the back rank with neither square behind it its own
  Pair imbalance;         // |men on the left half - men on the right half|
  Pair en_prise;          // a piece of the side to move the other side could take
  Pair tempo;             // the side to move
  Pair trade_when_ahead;  // (40 - pieces) for the side with more pieces

  std::vector<int*> all();
};

using InternationalPosition = checkers::Position<checkers::International>;

const InternationalWeights& default_weights();
InternationalWeights& mutable_weights();

// From the side to move's view.
Score evaluate(const InternationalPosition& pos, const InternationalWeights& w = default_weights());

}  // namespace qi::engine::international_eval
