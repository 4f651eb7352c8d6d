#include "games/chess/exchange.h"

namespace qi::chess {

int exchange_value(PieceType pt) {
  static constexpr int kValues[7] = {0, 100, 320, 330, 500, 950, 0};
  return kValues[pt];
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::EnPassant || (m.kind() != Move::Castling && pos.piece_on(m.to()) != NoPiece);
}

int capture_gain(const Position& pos, Move m) {
  int gain = 0;
  if (m.kind() == Move::EnPassant)
    gain = exchange_value(Pawn);
  else if (m.kind() != Move::Castling && pos.piece_on(m.to()) != NoPiece)
    gain = exchange_value(type_of(pos.piece_on(m.to())));
  if (m.kind() == Move::Promotion) gain += exchange_value(m.promotion()) - exchange_value(Pawn);
  return gain;
}

bool see_ge(const Position& s, Move m, int threshold) {
  if (m.kind() != Move::Normal) return threshold <= 0;
  const Square from = m.from(), to = m.to();
  int swap = exchange_value(type_of(s.piece_on(to))) - threshold;
  if (swap < 0) return false;  // even taking for free falls short
  swap = exchange_value(type_of(s.piece_on(from))) - swap;
  if (swap <= 0) return true;  // even losing the mover reaches it
  Bitboard occ = s.pieces() ^ square_bb(from) ^ square_bb(to);
  const Bitboard diagonal = s.pieces(Bishop) | s.pieces(Queen);
  const Bitboard straight = s.pieces(Rook) | s.pieces(Queen);
  Bitboard attackers = s.attackers_to(to, occ);
  Color side = s.us();
  bool us_wins = true;
  while (true) {
    side = ~side;
    attackers &= occ;
    const Bitboard mine = attackers & s.pieces(side);
    if (!mine) break;
    us_wins = !us_wins;
    Bitboard b;
    if ((b = mine & s.pieces(Pawn))) {
      if ((swap = exchange_value(Pawn) - swap) < static_cast<int>(us_wins)) break;
      occ ^= square_bb(lsb(b));
      attackers |= bishop_attacks(to, occ) & diagonal;
    } else if ((b = mine & s.pieces(Knight))) {
      if ((swap = exchange_value(Knight) - swap) < static_cast<int>(us_wins)) break;
      occ ^= square_bb(lsb(b));
    } else if ((b = mine & s.pieces(Bishop))) {
      if ((swap = exchange_value(Bishop) - swap) < static_cast<int>(us_wins)) break;
      occ ^= square_bb(lsb(b));
      attackers |= bishop_attacks(to, occ) & diagonal;
    } else if ((b = mine & s.pieces(Rook))) {
      if ((swap = exchange_value(Rook) - swap) < static_cast<int>(us_wins)) break;
      occ ^= square_bb(lsb(b));
      attackers |= rook_attacks(to, occ) & straight;
    } else if ((b = mine & s.pieces(Queen))) {
      if ((swap = exchange_value(Queen) - swap) < static_cast<int>(us_wins)) break;
      occ ^= square_bb(lsb(b));
      attackers |= (bishop_attacks(to, occ) & diagonal) | (rook_attacks(to, occ) & straight);
    } else {
      // The king may take only if nothing of the other side still attacks.
      return (attackers & ~s.pieces(side)) ? !us_wins : us_wins;
    }
  }
  return us_wins;
}

}  // namespace qi::chess
