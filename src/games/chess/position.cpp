#include "games/chess/position.h"

#include <array>

#include "core/work_count.h"
#include "games/chess/movegen.h"
#include "games/chess/zobrist.h"

namespace qi::chess {
Position::Position() {
  static const Position start = from_fen(kStartFen).value();
  *this = start;
}

void Position::add_castling_right(Color c, bool king_side, Square king, Square rook) {
  const int index = castling_index(c, king_side);
  const Square king_to = castling_king_to(c, king_side), rook_to = castling_rook_to(c, king_side);
  castling_.king[c] = king;
  castling_.rook[index] = rook;
  const Bitboard king_path = between(king, king_to) | square_bb(king_to);
  const Bitboard rook_path = between(rook, rook_to) | square_bb(rook_to);
  castling_.path[index] = (king_path | rook_path) & ~(square_bb(king) | square_bb(rook));
  // The target counts even where the king stays on it: the rook leaving may
  // open a line onto it.
  castling_.king_path[index] = king_path;
  rights_kept_[king] &= ~(c == White ? WhiteCastling : BlackCastling);
  rights_kept_[rook] &= ~castling_right(c, king_side);
  st_.castling |= castling_right(c, king_side);
}

void Position::generate_legal(MoveList& moves) const { generate_legal_moves(*this, moves); }

std::uint64_t Position::count_legal() const { return count_legal_moves(*this); }

void Position::grow_history() { history_.reserve(std::max<std::size_t>(1024, 2 * history_.capacity())); }

void Position::make_null() {
  if (history_.size() == history_.capacity()) [[unlikely]]
    grow_history();
  history_.push_back(st_);
  std::uint64_t key = st_.key ^ zobrist::black_to_move();
  if (st_.ep_legal) key ^= zobrist::en_passant(st_.ep_square);
  st_.key = key;
  st_.halfmove_clock++;
  st_.last_move = Move::none();
  st_.captured = NoPiece;
  st_.ep_square = NoSquare;
  st_.ep_legal = false;
  side_ = ~side_;
}

void Position::unmake_null() {
  side_ = ~side_;
  st_ = history_.back();
  history_.pop_back();
}

void Position::make(Move m) {
  if (history_.size() == history_.capacity()) [[unlikely]]
    grow_history();
  history_.push_back(st_);

  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece piece = board_[from];
  std::uint64_t key = st_.key ^ zobrist::black_to_move();
  if (st_.ep_legal) key ^= zobrist::en_passant(st_.ep_square);
  st_.halfmove_clock++;
  st_.last_move = m;
  st_.ep_square = NoSquare;
  st_.ep_legal = false;

  if (m.kind() == Move::Castling) {
    // Both off the board, then both on: in Chess960 the king may land where
    // the rook stood, or stay where it is.
    const RookJump rook = castling_rook(m);
    const Piece our_rook = make_piece(us, Rook);
    remove_piece(from);
    remove_piece(rook.from);
    put_piece(piece, to);
    put_piece(our_rook, rook.to);
    key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to) ^
           zobrist::piece_square(our_rook, rook.from) ^ zobrist::piece_square(our_rook, rook.to);
    st_.captured = NoPiece;
  } else {
    Square captured_on = to;
    if (m.kind() == Move::EnPassant) captured_on = static_cast<Square>(to - pawn_push(us));
    const Piece captured = board_[captured_on];
    st_.captured = captured;
    if (captured != NoPiece) {
      remove_piece(captured_on);
      key ^= zobrist::piece_square(captured, captured_on);
      st_.halfmove_clock = 0;
    }
    move_piece(from, to);
    key ^= zobrist::piece_square(piece, from) ^ zobrist::piece_square(piece, to);
    if (type_of(piece) == Pawn) {
      st_.halfmove_clock = 0;
      if (m.kind() == Move::Promotion) {
        const Piece promoted = make_piece(us, m.promotion());
        by_type_[Pawn] ^= square_bb(to);
        by_type_[m.promotion()] ^= square_bb(to);
        board_[to] = promoted;
        key ^= zobrist::piece_square(piece, to) ^ zobrist::piece_square(promoted, to);
      } else if ((from ^ to) == 16) {
        st_.ep_square = static_cast<Square>((from + to) / 2);
      }
    }
  }

  const std::uint8_t rights = st_.castling & rights_kept_[from] & rights_kept_[to];
  if (rights != st_.castling) {
    key ^= zobrist::castling(st_.castling) ^ zobrist::castling(rights);
    st_.castling = rights;
  }

  side_ = them;
  // Cheap test first: an enemy pawn next to the one that just stepped twice.
  if (st_.ep_square != NoSquare && (pawn_attacks(us, st_.ep_square) & pieces(them, Pawn)) &&
      en_passant_capture_legal()) {
    st_.ep_legal = true;
    key ^= zobrist::en_passant(st_.ep_square);
  }
  st_.key = key;
}

void Position::unmake(Move m) {
  side_ = ~side_;
  const Color us = side_;
  const Square from = m.from(), to = m.to();
  if (m.kind() == Move::Castling) {
    const RookJump rook = castling_rook(m);
    const Piece king = board_[to], rook_piece = board_[rook.to];
    remove_piece(to);
    remove_piece(rook.to);
    put_piece(king, from);
    put_piece(rook_piece, rook.from);
  } else {
    if (m.kind() == Move::Promotion) {
      by_type_[m.promotion()] ^= square_bb(to);
      by_type_[Pawn] ^= square_bb(to);
      board_[to] = make_piece(us, Pawn);
    }
    move_piece(to, from);
    if (st_.captured != NoPiece) {
      Square captured_on = to;
      if (m.kind() == Move::EnPassant) captured_on = static_cast<Square>(to - pawn_push(us));
      put_piece(st_.captured, captured_on);
    }
  }
  st_ = history_.back();
  history_.pop_back();
}

bool Position::en_passant_capture_legal() const {
  return st_.ep_square != NoSquare && en_passant_capture_possible(*this, st_.ep_square);
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(Black, s) & pieces(White, Pawn)) | (pawn_attacks(White, s) & pieces(Black, Pawn)) |
         (knight_attacks(s) & by_type_[Knight]) | (king_attacks(s) & by_type_[King]) |
         (bishop_attacks(s, occupied) & (by_type_[Bishop] | by_type_[Queen])) |
         (rook_attacks(s, occupied) & (by_type_[Rook] | by_type_[Queen]));
}

bool Position::attacked_by(Square s, Color by, Bitboard occupied) const {
  return (pawn_attacks(~by, s) & pieces(by, Pawn)) || (knight_attacks(s) & pieces(by, Knight)) ||
         (king_attacks(s) & pieces(by, King)) || (bishop_attacks(s, occupied) & pieces(by, Bishop, Queen)) ||
         (rook_attacks(s, occupied) & pieces(by, Rook, Queen));
}

bool Position::gives_check(Move m) const {
  const Color us = side_;
  const Square king = king_square(~us);
  const Square from = m.from(), to = m.to();
  Bitboard occupied = (pieces() ^ square_bb(from)) | square_bb(to);
  // Our pieces by type as they stand after the move.
  Bitboard mine[7];
  for (int pt = Pawn; pt <= King; ++pt) mine[pt] = pieces(us, static_cast<PieceType>(pt)) & ~square_bb(from);
  const PieceType arriving = m.kind() == Move::Promotion ? m.promotion() : type_of(board_[from]);
  mine[arriving] |= square_bb(to);
  if (m.kind() == Move::EnPassant) occupied ^= square_bb(static_cast<Square>(to - pawn_push(us)));
  if (m.kind() == Move::Castling) {
    // King and rook leave, then land (in Chess960 the squares may overlap).
    const RookJump rook = castling_rook(m);
    occupied = (pieces() & ~square_bb(from) & ~square_bb(rook.from)) | square_bb(to) | square_bb(rook.to);
    mine[Rook] = (mine[Rook] & ~square_bb(rook.from)) | square_bb(rook.to);
  }
  return (pawn_attacks(~us, king) & mine[Pawn]) || (knight_attacks(king) & mine[Knight]) ||
         (bishop_attacks(king, occupied) & (mine[Bishop] | mine[Queen])) ||
         (rook_attacks(king, occupied) & (mine[Rook] | mine[Queen]));
}

bool Position::is_legal(Move m) const {
  MoveList moves;
  generate_legal(moves);
  return moves.contains(m);
}

int Position::repetition_count() const {
  int count = 1;
  // Past 75 moves without a capture or a pawn's move the game is drawn
  // whatever the count (9.6.2): looking further back could only rename
  // that draw, and would make every ply of a long record cost its length.
  const int reach = std::min(reversible_plies(), kSeventyFiveMovePlies);
  history_work += static_cast<std::uint64_t>(reach / 2);
  for (int back = 2; back <= reach; back += 2)
    if (key_history(back) == st_.key) ++count;
  return count;
}

bool Position::insufficient_material() const {
  if (by_type_[Pawn] | by_type_[Rook] | by_type_[Queen]) return false;
  const Bitboard minors = by_type_[Knight] | by_type_[Bishop];
  // A lone knight or nothing besides the kings.
  if (!more_than_one(minors)) return true;
  // Only bishops, all on squares of one colour: no square of the other
  // colour can ever be attacked, and a mated king would need one.
  if (by_type_[Knight]) return false;
  return !(by_type_[Bishop] & kDarkSquares) || !(by_type_[Bishop] & kLightSquares);
}

bool Position::can_checkmate(Color c) const {
  const Bitboard own = pieces(c) & ~pieces(c, King);
  if (own & (by_type_[Pawn] | by_type_[Rook] | by_type_[Queen])) return true;
  if (!own) return false;
  const bool bare_king_opposite = (pieces(~c) & ~pieces(~c, King)) == 0;
  if (!more_than_one(own)) return !bare_king_opposite;  // a lone minor mates only with help
  const Bitboard bishops = own & by_type_[Bishop];
  const bool bishops_one_colour = own == bishops && (!(bishops & kDarkSquares) || !(bishops & kLightSquares));
  return !(bishops_one_colour && bare_king_opposite);
}

Result Position::result() const {
  if (count_legal() == 0) return in_check() ? Result::Loss : Result::Draw;
  if (seventy_five_moves_reached()) return Result::Draw;
  if (repetition_count() >= 5) return Result::Draw;
  if (insufficient_material()) return Result::Draw;
  return Result::None;
}

std::uint64_t Position::compute_hash() const {
  std::uint64_t key = 0;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != NoPiece) key ^= zobrist::piece_square(board_[s], static_cast<Square>(s));
  key ^= zobrist::castling(st_.castling);
  if (side_ == Black) key ^= zobrist::black_to_move();
  if (en_passant_capture_legal()) key ^= zobrist::en_passant(st_.ep_square);
  return key;
}

}  // namespace qi::chess
