#include "games/xiangqi/search.h"

#include <initializer_list>

namespace qi::xiangqi {
namespace {

constexpr int kMate = 100000;

int value_of(PieceType t) {
  switch (t) {
    case kChariot:
      return 900;
    case kCannon:
      return 450;
    case kHorse:
      return 400;
    case kAdvisor:
      return 200;
    case kElephant:
      return 200;
    case kSoldier:
      return 100;
    default:
      return 0;
  }
}

int material(const Position& pos, Side side) {
  int sum = 0;
  for (PieceType t : {kAdvisor, kElephant, kHorse, kChariot, kCannon, kSoldier}) {
    sum += value_of(t) * popcount(pos.pieces(side, t));
    // A soldier across the river is worth twice as much.
    if (t == kSoldier)
      for (Bitboard b = pos.pieces(side, t); b;) sum += own_half(side, pop_lsb(b)) ? 0 : value_of(t);
  }
  return sum;
}

int evaluate(const Position& pos) {
  Side us = pos.side_to_move();
  return material(pos, us) - material(pos, ~us);
}

int search(Position& pos, int depth, int alpha, int beta, int ply) {
  Position::MoveList moves;
  pos.generate_legal(moves);
  if (moves.empty()) return -kMate + ply;  // mate and stalemate both lose
  if (depth == 0) return evaluate(pos);
  for (Move m : moves) {
    pos.make(m);
    int score = -search(pos, depth - 1, -beta, -alpha, ply + 1);
    pos.unmake(m);
    if (score > alpha) alpha = score;
    if (alpha >= beta) break;
  }
  return alpha;
}

}  // namespace

Move material_search(Position pos, int depth) {
  Position::MoveList moves;
  pos.generate_legal(moves);
  Move best = moves.empty() ? Move{} : moves[0];
  int alpha = -kMate - 1;
  for (Move m : moves) {
    pos.make(m);
    int score = -search(pos, depth - 1, -kMate - 1, -alpha, 1);
    pos.unmake(m);
    if (score > alpha) {
      alpha = score;
      best = m;
    }
  }
  return best;
}

}  // namespace qi::xiangqi
