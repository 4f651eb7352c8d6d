#include "games/chess/explain.h"

#include <bit>
#include <cstdlib>

#include "games/chess/bitboard.h"
#include "games/chess/refusal_codes.h"

namespace qi::chess {
namespace {

std::string sq(Square s) { return square_name(s); }

const char* capitalized_color_name(Color c) { return c == White ? "White" : "Black"; }

Explanation reason(const char* code, std::string text, bool geometric = false) {
  return {std::move(text), geometric, code};
}

// The first of a set of squares seen from `from` going towards `to`.
Square nearest(Bitboard squares, Square from, Square to) {
  return to > from ? lsb(squares) : static_cast<Square>(63 - std::countl_zero(squares));
}

// The lowest enemy piece attacking s with the given occupancy, ignoring the
// squares in `gone` (pieces captured by the move).
Square enemy_attacker(const Position& pos, Square s, Bitboard occupied, Bitboard gone = 0) {
  Bitboard a = pos.attackers_to(s, occupied) & pos.pieces(~pos.us()) & ~gone;
  return a ? lsb(a) : NoSquare;
}

// Why the castling right on one side is gone: from the game's moves when they
// tell, else from what the board shows.
Explanation lost_right_reason(const Position& pos, bool king_side, std::span<const Move> history) {
  const Color us = pos.us();
  const Square king_home = pos.castling_king_square(us);
  const Square rook_home = pos.castling_rook_square(us, king_side);
  bool king_moved = false, rook_moved = false, rook_captured = false;
  // history.back() was the opponent's move, the one before it ours, and so on
  // (a null move passes a turn and moves nothing).
  for (std::size_t back = 0; back < history.size(); ++back) {
    Move m = history[history.size() - 1 - back];
    if (m.is_none()) continue;
    bool ours = back % 2 == 1;
    if (ours && m.from() == king_home) king_moved = true;
    if (ours && m.from() == rook_home) rook_moved = true;
    if (!ours && m.to() == rook_home) rook_captured = true;
  }
  const std::string rook = "the rook on " + sq(rook_home);
  if (king_moved) return reason(refusal("castle_king_moved"), "castling is not allowed: the king has moved");
  if (rook_moved)
    return reason(refusal("castle_rook_moved"), "castling is not allowed: " + rook + " has moved");
  if (rook_captured)
    return reason(refusal("castle_rook_captured"), "castling is not allowed: " + rook + " was captured");
  if (pos.piece_on(rook_home) != make_piece(us, Rook))
    return reason(refusal("castle_no_rook"), "castling is not allowed: there is no rook on " + sq(rook_home));
  if (pos.castling_rights() & castling_right(us, !king_side))
    return reason(refusal("castle_rook_moved"), "castling is not allowed: " + rook + " has moved");
  return reason(refusal("castle_rights_lost"), "castling is not allowed: the king or " + rook + " has moved");
}

// FIDE 3.8.2 (and Chess960's Guidelines II): rights, not in check, nothing
// between the king and its target nor the rook and its target, the king not
// through or onto an attacked square.
Explanation explain_castling(const Position& pos, bool king_side, std::span<const Move> history) {
  const Color us = pos.us();
  const Square king_home = pos.castling_king_square(us);
  const Square rook_home = pos.castling_rook_square(us, king_side);
  const int index = castling_index(us, king_side);
  if (pos.king_square(us) != king_home)
    return reason(refusal("castle_king_moved"), "castling is not allowed: the king has moved");
  if (!(pos.castling_rights() & castling_right(us, king_side)))
    return lost_right_reason(pos, king_side, history);
  if (Bitboard c = pos.checkers())
    return reason(refusal("castle_in_check"),
                  "castling is not allowed: the king is in check from " + piece_on_square_text(pos, lsb(c)));
  if (Bitboard in_the_way = pos.castling_path(index) & pos.pieces()) {
    const Square far = castling_king_to(us, king_side);
    return reason(refusal("castle_path_occupied"),
                  "castling is not allowed: " + sq(nearest(in_the_way, king_home, far)) + " is occupied");
  }
  // With both castling pieces lifted: in Chess960 the rook may stand
  // between the king's target and an attacker.
  const Bitboard lifted = pos.pieces() ^ square_bb(king_home) ^ square_bb(rook_home);
  const Square land = castling_king_to(us, king_side);
  Bitboard crossed = pos.castling_king_path(index) & ~square_bb(land);
  while (crossed) {
    const Square pass = king_side ? pop_lsb(crossed) : static_cast<Square>(63 - std::countl_zero(crossed));
    if (!king_side) crossed ^= square_bb(pass);
    if (Square a = enemy_attacker(pos, pass, lifted); a != NoSquare)
      return reason(refusal("castle_through_check"), "the king would pass through " + sq(pass) + ", which " +
                                                         piece_on_square_text(pos, a) + " attacks");
  }
  if (Square a = enemy_attacker(pos, land, lifted); a != NoSquare)
    return reason(refusal("castle_into_check"),
                  "the king would be in check on " + sq(land) + " from " + piece_on_square_text(pos, a));
  return {};
}

// Whether moving the king from `from` to `to` is written as castling: onto
// its castling target two or more files away, or onto its own castling rook.
// Which side, in *king_side.
bool castling_intended(const Position& pos, Square from, Square to, bool* king_side) {
  const Color us = pos.us();
  if (from != pos.castling_king_square(us)) return false;
  for (bool side : {true, false}) {
    const bool onto_rook =
        pos.piece_on(to) == make_piece(us, Rook) && to == pos.castling_rook_square(us, side);
    const bool onto_target = to == castling_king_to(us, side) && std::abs(file_of(to) - file_of(from)) >= 2;
    if (onto_rook || onto_target) {
      *king_side = side;
      return true;
    }
  }
  return false;
}

Explanation explain_pawn_geometry(const Position& pos, Square from, Square to) {
  const Color us = pos.us();
  const int file_step = file_of(to) - file_of(from);
  const int forward = (rank_of(to) - rank_of(from)) * (us == White ? 1 : -1);
  const Piece target = pos.piece_on(to);
  const char* how = "a pawn moves one square forward, or two from its starting square";

  if (forward < 0) return reason(refusal("pawn_backwards"), "a pawn never moves backwards", true);
  if (forward == 0) return reason(refusal("pawn_move_shape"), how, true);
  if (file_step == 0) {
    if (forward == 2 && relative_rank(us, from) == 1) {
      Square middle = static_cast<Square>(from + pawn_push(us));
      if (pos.piece_on(middle) != NoPiece)
        return reason(refusal("pawn_blocked"),
                      "the pawn on " + sq(from) + " is blocked by " + piece_on_square_text(pos, middle));
    } else if (forward != 1) {
      return reason(refusal("pawn_move_shape"), how, true);
    }
    if (target != NoPiece)
      return reason(refusal("pawn_captures_diagonally"),
                    "the pawn on " + sq(from) + " is blocked by " + piece_on_square_text(pos, to) +
                        " (a pawn captures diagonally, never straight ahead)");
    return {};
  }
  if (std::abs(file_step) == 1 && forward == 1) {
    if (target != NoPiece) return {};  // an enemy piece: own pieces were refused before
    if (to == pos.en_passant_square()) return {};
    Square beside = make_square(file_of(to), rank_of(from));
    if (relative_rank(us, from) == 4 && pos.piece_on(beside) == make_piece(~us, Pawn))
      return reason(refusal("en_passant_immediately"),
                    "en passant is only possible immediately after the pawn's double step");
    return reason(refusal("pawn_diagonal_needs_capture"),
                  "a pawn moves diagonally only to capture, and there is nothing to capture on " + sq(to));
  }
  return reason(refusal("pawn_move_shape"), how, true);
}

Explanation explain_piece_geometry(const Position& pos, PieceType pt, Square from, Square to) {
  static const char* const how[] = {
      "",
      "",
      "a knight moves in an L: two squares along a rank or file, then one to the side",
      "a bishop moves along diagonals",
      "a rook moves along ranks and files",
      "a queen moves along ranks, files and diagonals",
      "a king moves one square in any direction",
  };
  static const char* const code[] = {
      "",
      "",
      refusal("knight_move_shape"),
      refusal("bishop_move_shape"),
      refusal("rook_move_shape"),
      refusal("queen_move_shape"),
      refusal("king_move_shape"),
  };
  if (!(attacks_of(pt, from, 0) & square_bb(to))) return reason(code[pt], how[pt], true);
  if (Bitboard in_the_way = between(from, to) & pos.pieces())
    return reason(refusal("path_blocked"), piece_on_square_text(pos, from) + " is blocked by " +
                                               piece_on_square_text(pos, nearest(in_the_way, from, to)));
  return {};
}

// FIDE 3.9: the move must not leave one's own king attacked.
Explanation explain_exposure(const Position& pos, Square from, Square to, bool en_passant) {
  const Color us = pos.us();
  const bool king_moves = type_of(pos.piece_on(from)) == King;
  const Square captured_on = en_passant ? static_cast<Square>(to - pawn_push(us)) : to;
  const Bitboard gone = square_bb(captured_on) | square_bb(to);
  const Bitboard occupied = (pos.pieces() & ~square_bb(from) & ~square_bb(captured_on)) | square_bb(to);
  const Square king = king_moves ? to : pos.king_square(us);
  const Bitboard attackers = pos.attackers_to(king, occupied) & pos.pieces(~us) & ~gone;
  if (!attackers) return {};
  if (king_moves)
    return reason(refusal("king_into_check"),
                  "the king would be in check from " + piece_on_square_text(pos, lsb(attackers)));
  if (Bitboard still = attackers & pos.checkers())
    return reason(refusal("check_not_answered"), "the king is in check from " +
                                                     piece_on_square_text(pos, lsb(still)) +
                                                     ", and this move does not end the check");
  const Square a = lsb(attackers);
  if (en_passant && (between(a, king) & square_bb(captured_on)))
    return reason(refusal("en_passant_exposes_king"),
                  "capturing en passant would take both pawns off the rank and expose the king to " +
                      piece_on_square_text(pos, a));
  if (between(a, king) & square_bb(from))
    return reason(refusal("pinned"), piece_on_square_text(pos, from) + " is pinned by " +
                                         piece_on_square_text(pos, a) + " against the king");
  return reason(refusal("king_left_in_check"),
                "the king would be in check from " + piece_on_square_text(pos, a));
}

}  // namespace

const char* piece_type_name(PieceType pt) {
  static const char* const names[] = {"piece", "pawn", "knight", "bishop", "rook", "queen", "king"};
  return pt <= King ? names[pt] : "piece";
}

std::string piece_on_square_text(const Position& pos, Square s) {
  return std::string("the ") + piece_type_name(type_of(pos.piece_on(s))) + " on " + sq(s);
}

Explanation explain_move(const Position& pos, Square from, Square to, PieceType promotion, Notation notation,
                         std::span<const Move> history) {
  const Color us = pos.us();
  if (!is_ok(from) || !is_ok(to)) return reason(refusal("not_a_square"), "not a square");
  const Piece piece = pos.piece_on(from);
  if (piece == NoPiece) return reason(refusal("no_own_piece"), "there is no piece of yours on " + sq(from));
  if (color_of(piece) != us)
    return reason(refusal("no_own_piece"), "there is no piece of yours on " + sq(from) + " (" +
                                               piece_on_square_text(pos, from) + " is " +
                                               capitalized_color_name(~us) + "'s)");
  if (from == to) return reason(refusal("must_move"), "a move must take the piece to another square");
  const PieceType pt = type_of(piece);
  const Piece target = pos.piece_on(to);
  if (pt != Pawn && promotion != NoPieceType)
    return reason(refusal("promotion_only_pawn"), "only a pawn reaching the last rank can promote");

  if (bool king_side = true; pt == King && castling_intended(pos, from, to, &king_side))
    return explain_castling(pos, king_side, history);
  if (target != NoPiece && color_of(target) == us)
    return reason(refusal("occupied_own"),
                  sq(to) + " is occupied by your own " + piece_type_name(type_of(target)));

  Explanation geometry =
      pt == Pawn ? explain_pawn_geometry(pos, from, to) : explain_piece_geometry(pos, pt, from, to);
  if (!geometry.legal()) return geometry;

  const bool last_rank = pt == Pawn && relative_rank(us, to) == 7;
  if (last_rank && promotion == NoPieceType)
    return reason(refusal("promotion_required"),
                  notation == Notation::Uci
                      ? "a pawn reaching the last rank must promote (add q, r, b or n)"
                      : "a pawn reaching the last rank must promote (add =Q, =R, =B or =N)");
  if (!last_rank && promotion != NoPieceType)
    return reason(refusal("promotion_only_pawn"), "only a pawn reaching the last rank can promote");
  if (last_rank && (promotion == King || promotion == Pawn))
    return reason(refusal("promotion_piece"), "a pawn promotes to a queen, rook, bishop or knight");

  const bool en_passant = pt == Pawn && file_of(from) != file_of(to) && target == NoPiece;
  Explanation exposure = explain_exposure(pos, from, to, en_passant);
  if (!exposure.legal()) return exposure;

  Move move = last_rank    ? Move(from, to, Move::Promotion, promotion)
              : en_passant ? Move(from, to, Move::EnPassant)
                           : Move(from, to);
  if (!pos.is_legal(move))
    return reason(refusal("not_legal"), "this move is not legal here");  // a gap in the reasons above
  return {};
}

Explanation explain_san(const Position& pos, const SanPattern& pattern, std::span<const Move> history) {
  const Color us = pos.us();
  const Square king_home = pos.castling_king_square(us);
  if (pattern.castle != SanPattern::NoCastle) {
    Explanation e = explain_castling(pos, pattern.castle == SanPattern::KingSide, history);
    return e.legal() ? reason(refusal("castle_not_legal"), "castling is not legal here") : e;
  }
  const std::string name = piece_type_name(pattern.piece);
  const Square to = pattern.to;

  Bitboard candidates = pos.pieces(us, pattern.piece);
  if (pattern.from_file >= 0) candidates &= file_bb(pattern.from_file);
  if (pattern.from_rank >= 0) candidates &= rank_bb(pattern.from_rank);
  if (pattern.piece == Pawn && pattern.from_file < 0) {
    Bitboard files = file_bb(file_of(to));
    if (pattern.capture) files = shift_east(files) | shift_west(files);
    candidates &= files;
  }
  if (!candidates) {
    if (pattern.from_file >= 0 && pattern.from_rank >= 0)
      return reason(refusal("no_such_piece"),
                    "you have no " + name + " on " + sq(make_square(pattern.from_file, pattern.from_rank)));
    if (pattern.from_file >= 0)
      return reason(refusal("no_such_piece"),
                    "you have no " + name + " on the " + char('a' + pattern.from_file) + "-file");
    if (pattern.from_rank >= 0)
      return reason(refusal("no_such_piece"),
                    "you have no " + name + " on rank " + char('1' + pattern.from_rank));
    if (!pos.pieces(us, pattern.piece)) return reason(refusal("no_such_piece"), "you have no " + name);
    return reason(refusal("no_piece_reaches"), "no " + name + " can reach " + sq(to));
  }
  for (Bitboard b = candidates; b;) {
    Square from = pop_lsb(b);
    if (pattern.piece == King && from == king_home &&
        (to == castling_king_to(us, true) || to == castling_king_to(us, false)) &&
        std::abs(file_of(to) - file_of(from)) >= 2)
      return reason(refusal("castle_notation"),
                    std::string("a king moves one square in any direction (castling is written ") +
                        (file_of(to) == 6 ? "O-O" : "O-O-O") + ")");
    Explanation e = explain_move(pos, from, to, pattern.promotion, Notation::San, history);
    if (!e.legal() && !e.geometric) return e;
  }
  return reason(refusal("no_piece_reaches"), "no " + name + " can reach " + sq(to));
}

}  // namespace qi::chess
