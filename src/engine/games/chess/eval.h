// Chess evaluation: a tapered sum of middle-game and end-game terms,
// blended by the material left (phase 24 with every piece, 0 with none):
// material, piece-square tables, mobility, pawn structure (doubled,
// isolated, connected, passed pawns by rank), king safety (pawn shield and
// attacks on the squares around the king), threats by cheaper pieces,
// bishop pair and rooks on open files. Every weight lives in one table, ChessWeights, that the tuner
// (bench/tune.cpp) adjusts and writes back as chess_weights.inc.
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
  // By the number of squares a piece attacks that hold no piece of its own
  // and no enemy pawn attacks (at most 27, a queen in the centre).
  Pair mobility[7][28];
  Pair passed[8];  // passed pawn by relative rank
  Pair doubled, isolated, connected, bishop_pair, rook_open, rook_half_open;
  Pair shield;         // per own pawn in front of the king
  Pair king_attack;    // per attack on the king's neighbourhood (squared-ish)
  Pair king_zone[7];   // per square of the enemy king's neighbourhood a piece of this type attacks
  Pair safe_check[7];  // per square from which a piece of this type could check, safe from pawns
  Pair tempo;
  // Threats: a piece attacked by a cheaper one is usually lost or must move.
  Pair pawn_threat;   // per enemy piece (not a pawn) a pawn attacks
  Pair minor_threat;  // per enemy rook or queen a knight or bishop attacks
  Pair rook_threat;   // per enemy queen a rook attacks
  // Passed pawns beyond their rank bonus, each times the pawn's rank:
  Pair passed_free;       // the square in front is empty
  Pair passed_king_race;  // per square the enemy king is further from that square than ours

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
