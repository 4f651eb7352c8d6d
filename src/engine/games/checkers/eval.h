// English checkers evaluation, in weights a tuner can fit (bench/tune.cpp):
// tapered between the middle game and the ending by the number of pieces on
// the board, each side scored from its own side of the board (a square is
// numbered as if that side were Black, so White's square s is 33 - s).
//
// Terms: men and kings; a table of squares for men (advance, centre, edges)
// and one for kings; the four squares of the back rank as one pattern of
// sixteen (the bridge 1-3, the lone 2, ...: which of them keep enemy kings
// out); runaway men (no enemy piece in the cone ahead) by the rows left to
// crown; king mobility by empty neighbours; men that cannot step; pieces of
// the side to move the other side could jump if it were its turn; the move;
// and a term that favours trading down when ahead in pieces; and patterns:
// the board's nine overlapping 4x4 blocks (eight playable squares each, rows
// 1-4, 3-6 and 5-8 by columns 1-4, 3-6 and 5-8), each block's arrangement of
// empty squares, own pieces and the other side's (3^8 of them) with a weight
// of its own, which is what lets a linear evaluation see formations (a
// bridge, a triangle, a man held by two) that no count of single squares
// can. International
// draughts has its own (international_eval.h); Russian and Brazilian draughts
// keep the hand-written evaluation of traits.h.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "engine/games/checkers/draughts_eval.h"
#include "engine/score.h"
#include "games/checkers/position.h"

namespace qi::engine::checkers_eval {

using draughts_eval::Pair;

struct CheckersWeights {
  static constexpr int kSquares = 32;
  static constexpr int kBlocks = 9;           // 4x4 blocks of the board
  static constexpr int kArrangements = 6561;  // 3^8: each square empty, own or the other side's
  static constexpr int kMostPieces = 24;      // the taper: all middle game at 24 pieces, all ending at 0
  Pair man, king;
  Pair man_square[kSquares];   // by square from the owner's side, 0 = square 1
  Pair king_square[kSquares];  // the same
  Pair back_rank[16];          // bit i: a man of the owner's on its square i + 1
  Pair runaway[8];             // by rows left to the crowning row (1-7)
  Pair king_mobility[5];       // by the empty squares next to a king
  Pair blocked_man;            // a man with no empty square ahead
  Pair en_prise;               // a piece of the side to move the other side could jump
  Pair tempo;                  // the side to move
  Pair trade_when_ahead;       // (24 - pieces) for the side with more pieces
  // Block b's arrangement a at [b * kArrangements + a]; last in all(), so
  // that the weights before them keep their places.
  std::vector<Pair> pattern = std::vector<Pair>(kBlocks * kArrangements);
  static constexpr std::size_t pattern_index(int block, int arrangement) {
    return static_cast<std::size_t>(block * kArrangements + arrangement);
  }

  std::vector<int*> all();
};

using EnglishPosition = checkers::Position<checkers::English>;

const CheckersWeights& default_weights();
CheckersWeights& mutable_weights();

// Each block's arrangement as `side` sees it (its own pieces, men or kings,
// against the other side's, the board turned so that it starts at the top).
std::array<int, CheckersWeights::kBlocks> pattern_arrangements(const EnglishPosition& pos, Side side);

// From the side to move's view.
Score evaluate(const EnglishPosition& pos, const CheckersWeights& w = default_weights());

}  // namespace qi::engine::checkers_eval
