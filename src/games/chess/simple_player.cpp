#include "games/chess/simple_player.h"

#include <algorithm>
#include <cstdlib>

namespace qi::chess {
namespace {

constexpr int kPieceValue[] = {0, 100, 320, 330, 500, 900, 0};
constexpr int kMate = 100000;
constexpr int kInfinity = 1000000;

// A few points for what beginners are taught: centre pawns forward, knights
// and bishops towards the centre, the king behind its pawns while queens are
// on the board and to the centre after; so that among equal material the
// player develops rather than shuffles.
int placement(Piece p, Square s, bool queens_on) {
  const PieceType pt = type_of(p);
  const int rank = relative_rank(color_of(p), s);
  const int file_distance = std::abs(2 * file_of(s) - 7);  // 1 (centre) .. 7 (edge)
  const int rank_distance = std::abs(2 * rank_of(s) - 7);
  const int centre = 12 - (file_distance + rank_distance);  // -2 .. 10
  switch (pt) {
    case Pawn:
      return (file_distance == 1 ? 6 : file_distance == 3 ? 3 : 1) * rank + (rank >= 5 ? 10 * (rank - 4) : 0);
    case Knight:
      return 2 * centre;
    case Bishop:
      return centre;
    case King:
      return queens_on ? -10 * rank : 2 * centre;
    default:
      return 0;
  }
}

int evaluate(const Position& pos) {
  const bool queens_on = pos.pieces(Queen) != 0;
  int score = 0;
  for (Bitboard b = pos.pieces(); b;) {
    Square s = pop_lsb(b);
    Piece p = pos.piece_on(s);
    int v = kPieceValue[type_of(p)] + placement(p, s, queens_on);
    score += color_of(p) == pos.us() ? v : -v;
  }
  return score;
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::EnPassant || (m.kind() != Move::Castling && pos.piece_on(m.to()) != NoPiece);
}

// Most valuable victim first, least valuable attacker next; promotions count
// as winning a queen.
int order_key(const Position& pos, Move m) {
  int key = 0;
  if (is_capture(pos, m)) {
    PieceType victim = m.kind() == Move::EnPassant ? Pawn : type_of(pos.piece_on(m.to()));
    key += 10 * kPieceValue[victim] - kPieceValue[type_of(pos.piece_on(m.from()))] / 10 + 10000;
  }
  if (m.kind() == Move::Promotion) key += kPieceValue[m.promotion()] + 5000;
  return key;
}

void order(const Position& pos, Position::MoveList& moves) {
  std::stable_sort(moves.begin(), moves.end(),
                   [&](Move a, Move b) { return order_key(pos, a) > order_key(pos, b); });
}

class Searcher {
 public:
  explicit Searcher(const Position& pos) : pos_(pos) {}

  Move best(int depth) {
    Position::MoveList moves;
    pos_.generate_legal(moves);
    order(pos_, moves);
    Move best_move = moves.empty() ? Move::none() : moves[0];
    int alpha = -kInfinity;
    for (Move m : moves) {
      pos_.make(m);
      int score = -search(depth - 1, -kInfinity, -alpha, 1);
      pos_.unmake(m);
      if (score > alpha) {
        alpha = score;
        best_move = m;
      }
    }
    return best_move;
  }

 private:
  bool drawn_by_rule() const {
    return pos_.insufficient_material() || pos_.halfmove_clock() >= 100 || pos_.repetition_count() >= 2;
  }

  int search(int depth, int alpha, int beta, int ply) {
    Position::MoveList moves;
    pos_.generate_legal(moves);
    if (moves.empty()) return pos_.in_check() ? -kMate + ply : 0;
    if (drawn_by_rule()) return 0;
    if (depth <= 0) return quiesce(alpha, beta, ply);
    order(pos_, moves);
    for (Move m : moves) {
      pos_.make(m);
      int score = -search(depth - 1, -beta, -alpha, ply + 1);
      pos_.unmake(m);
      if (score >= beta) return score;
      alpha = std::max(alpha, score);
    }
    return alpha;
  }

  int quiesce(int alpha, int beta, int ply) {
    int stand_pat = evaluate(pos_);
    if (stand_pat >= beta) return stand_pat;
    alpha = std::max(alpha, stand_pat);
    Position::MoveList moves;
    pos_.generate_legal(moves);
    order(pos_, moves);
    for (Move m : moves) {
      if (!is_capture(pos_, m) && m.kind() != Move::Promotion) break;  // ordered: the rest are quiet
      pos_.make(m);
      int score = -quiesce(-beta, -alpha, ply + 1);
      pos_.unmake(m);
      if (score >= beta) return score;
      alpha = std::max(alpha, score);
    }
    return alpha;
  }

  Position pos_;
};

}  // namespace

Move simple_best_move(const Position& pos, int depth) { return Searcher(pos).best(std::max(depth, 1)); }

}  // namespace qi::chess
