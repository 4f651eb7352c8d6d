// The built-in opponent: a small fixed-depth alpha-beta over material, with
// captures searched to the end so it does not stop in the middle of an
// exchange. Enough to play sensibly until the engine layer exists.
#pragma once

#include <cstddef>

#include "games/checkers/position.h"

namespace qi::checkers {

template <class V>
class MaterialSearch {
 public:
  using P = Position<V>;

  // The index in `moves` (the legal moves of p, non-empty) of the best move.
  std::size_t best(P p, const typename P::MoveList& moves, int depth) {
    std::size_t best_index = 0;
    int alpha = -kInfinity;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      p.make(moves[i]);
      int score = -negamax(p, depth - 1, -kInfinity, -alpha, 1);
      p.unmake(moves[i]);
      if (score > alpha) {
        alpha = score;
        best_index = i;
      }
    }
    return best_index;
  }

 private:
  static constexpr int kInfinity = 1'000'000;
  static constexpr int kWin = 100'000;
  static constexpr int kMaxPly = 40;

  static int evaluate(const P& p) {
    constexpr int man = 100, king = V::flying_kings ? 300 : 150;
    int score = 0;
    for (Side s : {Side::First, Side::Second}) {
      Bitboard mine = p.pieces(s);
      int value = popcount(mine & ~p.kings()) * man + popcount(mine & p.kings()) * king;
      // A little credit for advanced men, so quiet play makes progress.
      Bitboard men = mine & ~p.kings();
      int advance = 0;
      while (men) {
        int sq = P::Geo::square_of(lsb(men));
        men &= men - 1;
        int row = P::Geo::row_of(sq);
        advance += P::moves_down(s) ? row : V::size - 1 - row;
      }
      value += advance * 2;
      score += s == p.side_to_move() ? value : -value;
    }
    return score;
  }

  int negamax(P& p, int depth, int alpha, int beta, int ply) {
    typename P::MoveList moves;
    p.generate_legal(moves);
    if (moves.empty()) return -kWin + ply;
    bool captures = moves[0].is_capture();
    if ((depth <= 0 && !captures) || ply >= kMaxPly) return evaluate(p);
    for (const auto& m : moves) {
      p.make(m);
      int score = -negamax(p, depth - 1, -beta, -alpha, ply + 1);
      p.unmake(m);
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return alpha;
  }
};

}  // namespace qi::checkers
