// Chess evaluation: a tapered sum of middle-game and end-game terms,
// blended by the material left (phase 24 with every piece, 0 with none):
// material, piece-square tables, mobility, pawn structure (doubled,
// isolated, connected, passed pawns by rank), king safety (pawn shield and
// attacks on the squares around the king), bishop pair and rooks on open
// files. Every weight lives in one table, ChessWeights, that the tuner
// (tools/tune) adjusts and writes back as chess_weights.inc.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "engine/score.h"
#include "games/chess/position.h"

namespace qi::engine::chess_eval {

// A weight pair: middle game, end game.
struct Pair {
  int mg = 0, eg = 0;
};

struct ChessWeights {
  Pair material[7];  // by PieceType (NoPieceType and King unused)
  Pair pst[7][64];   // by PieceType and square from White's side
  Pair mobility[7];  // per square a piece attacks outside pawn attacks
  Pair passed[8];    // passed pawn by relative rank
  Pair doubled, isolated, connected, bishop_pair, rook_open, rook_half_open;
  Pair shield;       // per own pawn in front of the king
  Pair king_attack;  // per attack on the king's neighbourhood (squared-ish)
  Pair tempo;

  // The weights as one list, in a fixed order (for the tuner).
  std::vector<int*> all();
};

const ChessWeights& default_weights();
ChessWeights& mutable_weights();  // for the tuner only

// From the side to move's view, in centipawns.
Score evaluate(const chess::Position& pos, const ChessWeights& w = default_weights());

// The material value (middle game) of a piece type, for move ordering.
int piece_value(chess::PieceType pt);

}  // namespace qi::engine::chess_eval
