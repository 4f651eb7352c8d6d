#include "games/chess/movegen.h"

namespace qi::chess {
namespace {

// What makes a move legal at this node, found once before generating.
struct Legality {
  Square king;
  Bitboard checkers;
  // Squares a non-king move must land on: anywhere when not in check, the
  // checker or a square between it and the king in single check.
  Bitboard check_mask;
  // Pinned pieces and the rays they may move along (from the pinner up to
  // the king), split by direction so that a piece pinned on one kind of line
  // keeps to it: pieces in pin_straight move only within pin_straight, and
  // the same for pin_diagonal.
  Bitboard pin_straight;
  Bitboard pin_diagonal;
};

template <Color Us>
Legality find_legality(const Position& pos) {
  constexpr Color Them = ~Us;
  Legality l;
  l.king = pos.king_square(Us);
  const Bitboard ours = pos.pieces(Us), theirs = pos.pieces(Them);
  l.checkers = (knight_attacks(l.king) & pos.pieces(Them, Knight)) |
               (pawn_attacks(Us, l.king) & pos.pieces(Them, Pawn));
  l.check_mask = l.checkers;
  l.pin_straight = l.pin_diagonal = 0;
  // Sliders that would attack the king if only their own side's pieces stood
  // in the way: each either gives check or pins the one piece of ours between.
  auto scan = [&](Bitboard sliders, Bitboard& pins) {
    while (sliders) {
      Square s = pop_lsb(sliders);
      Bitboard ray = between(l.king, s), blockers = ray & ours;
      if (!blockers) {
        l.checkers |= square_bb(s);
        l.check_mask |= ray | square_bb(s);
      } else if (!more_than_one(blockers)) {
        pins |= ray | square_bb(s);
      }
    }
  };
  scan(rook_attacks(l.king, theirs) & pos.pieces(Them, Rook, Queen), l.pin_straight);
  scan(bishop_attacks(l.king, theirs) & pos.pieces(Them, Bishop, Queen), l.pin_diagonal);
  if (!l.checkers) l.check_mask = ~Bitboard{0};
  return l;
}

// Whether a piece of colour Them attacks s when the board holds `occupied`.
template <Color Them>
bool attacked(const Position& pos, Square s, Bitboard occupied) {
  return (pawn_attacks(~Them, s) & pos.pieces(Them, Pawn)) ||
         (knight_attacks(s) & pos.pieces(Them, Knight)) || (king_attacks(s) & pos.pieces(Them, King)) ||
         (bishop_attacks(s, occupied) & pos.pieces(Them, Bishop, Queen)) ||
         (rook_attacks(s, occupied) & pos.pieces(Them, Rook, Queen));
}

// An en passant capture from `from` to `ep` removes two pawns from their
// squares at once; instead of reasoning about every pin it can break, look at
// the king on the board as it would be.
template <Color Us>
bool en_passant_legal(const Position& pos, Square king, Square from, Square ep) {
  constexpr Color Them = ~Us;
  Square captured = static_cast<Square>(ep - pawn_push(Us));
  Bitboard occupied = (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
  return !((pawn_attacks(Us, king) & pos.pieces(Them, Pawn) & ~square_bb(captured)) ||
           (knight_attacks(king) & pos.pieces(Them, Knight)) ||
           (bishop_attacks(king, occupied) & pos.pieces(Them, Bishop, Queen)) ||
           (rook_attacks(king, occupied) & pos.pieces(Them, Rook, Queen)));
}

// Writes moves into a list.
struct MoveWriter {
  Position::MoveList& list;
  void add(Move m) { list.push_back(m); }
  void piece_moves(Square from, Bitboard targets) {
    while (targets) list.push_back(Move(from, pop_lsb(targets)));
  }
  // Pawn moves to every target, each from target - offset.
  void pawn_moves(Bitboard targets, int offset) {
    while (targets) {
      Square to = pop_lsb(targets);
      list.push_back(Move(static_cast<Square>(to - offset), to));
    }
  }
  void promotions(Bitboard targets, int offset) {
    while (targets) {
      Square to = pop_lsb(targets);
      Square from = static_cast<Square>(to - offset);
      list.push_back(Move(from, to, Move::Promotion, Queen));
      list.push_back(Move(from, to, Move::Promotion, Rook));
      list.push_back(Move(from, to, Move::Promotion, Bishop));
      list.push_back(Move(from, to, Move::Promotion, Knight));
    }
  }
};

// Only counts them.
struct MoveCounter {
  std::uint64_t count = 0;
  void add(Move) { ++count; }
  void piece_moves(Square, Bitboard targets) { count += popcount(targets); }
  void pawn_moves(Bitboard targets, int) { count += popcount(targets); }
  void promotions(Bitboard targets, int) { count += 4 * popcount(targets); }
};

template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Legality l = find_legality<Us>(pos);
  const Bitboard ours = pos.pieces(Us);
  const Bitboard occupied = pos.pieces();

  // King steps: onto squares no enemy piece attacks once the king has left
  // its square (so it cannot hide behind itself from a slider).
  {
    Bitboard targets = king_attacks(l.king) & ~ours;
    const Bitboard without_king = occupied ^ square_bb(l.king);
    Bitboard safe = 0;
    while (targets) {
      Square to = pop_lsb(targets);
      if (!attacked<Them>(pos, to, without_king)) safe |= square_bb(to);
    }
    sink.piece_moves(l.king, safe);
  }
  if (more_than_one(l.checkers)) return;  // double check: only the king moves

  // Castling, out of check only; the rights guarantee king and rook stand on
  // their starting squares. The attacks on the king's path are judged with
  // both castling pieces off the board: in Chess960 the rook may shield the
  // king's target from a piece behind it.
  if (!l.checkers && (pos.castling_rights() & (Us == White ? WhiteCastling : BlackCastling))) {
    for (bool king_side : {true, false}) {
      if (!(pos.castling_rights() & castling_right(Us, king_side))) continue;
      const int index = castling_index(Us, king_side);
      if (occupied & pos.castling_path(index)) continue;
      const Bitboard without =
          occupied ^ square_bb(l.king) ^ square_bb(pos.castling_rook_square(Us, king_side));
      bool safe = true;
      for (Bitboard path = pos.castling_king_path(index); path && safe;)
        safe = !attacked<Them>(pos, pop_lsb(path), without);
      if (safe) sink.add(Move(l.king, castling_king_to(Us, king_side), Move::Castling));
    }
  }

  const Bitboard targets = ~ours & l.check_mask;
  const Bitboard pinned = l.pin_straight | l.pin_diagonal;

  // Pawns, all at once per direction.
  {
    constexpr Bitboard last_rank = Us == White ? kRank8 : kRank1;
    constexpr Bitboard third_rank = Us == White ? rank_bb(2) : rank_bb(5);
    constexpr int up = pawn_push(Us);
    constexpr int west = Us == White ? 7 : -9;
    constexpr int east = Us == White ? 9 : -7;
    const Bitboard pawns = pos.pieces(Us, Pawn);
    const Bitboard empty = ~occupied;

    // Pushes: a pawn pinned along a diagonal cannot push; one pinned along a
    // line may push only along it (that is, along its file).
    const Bitboard pushers = pawns & ~l.pin_diagonal;
    const Bitboard one = (shift_forward<Us>(pushers & ~l.pin_straight) & empty) |
                         (shift_forward<Us>(pushers & l.pin_straight) & empty & l.pin_straight);
    const Bitboard two = shift_forward<Us>(one & third_rank) & empty & l.check_mask;
    const Bitboard single = one & l.check_mask;
    sink.pawn_moves(single & ~last_rank, up);
    sink.pawn_moves(two, 2 * up);
    sink.promotions(single & last_rank, up);

    // Captures: a pawn pinned along a line cannot capture; one pinned along
    // a diagonal may capture only the pinner's way.
    const Bitboard capturers = pawns & ~l.pin_straight;
    const Bitboard free = capturers & ~l.pin_diagonal, held = capturers & l.pin_diagonal;
    const Bitboard victims = pos.pieces(Them) & l.check_mask;
    const Bitboard to_west =
        (pawn_attacks_west<Us>(free) | (pawn_attacks_west<Us>(held) & l.pin_diagonal)) & victims;
    const Bitboard to_east =
        (pawn_attacks_east<Us>(free) | (pawn_attacks_east<Us>(held) & l.pin_diagonal)) & victims;
    sink.pawn_moves(to_west & ~last_rank, west);
    sink.pawn_moves(to_east & ~last_rank, east);
    sink.promotions(to_west & last_rank, west);
    sink.promotions(to_east & last_rank, east);

    if (pos.has_legal_en_passant()) {
      const Square ep = pos.en_passant_square();
      Bitboard from = pawn_attacks(Them, ep) & pawns;
      while (from) {
        Square s = pop_lsb(from);
        if (en_passant_legal<Us>(pos, l.king, s, ep)) sink.add(Move(s, ep, Move::EnPassant));
      }
    }
  }

  // Knights: a pinned knight can never move.
  for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
    Square s = pop_lsb(b);
    sink.piece_moves(s, knight_attacks(s) & targets);
  }
  // Diagonal movers (bishops and queens); a piece pinned along a line cannot
  // move diagonally at all.
  {
    Bitboard movers = pos.pieces(Us, Bishop, Queen) & ~l.pin_straight;
    for (Bitboard b = movers & ~l.pin_diagonal; b;) {
      Square s = pop_lsb(b);
      sink.piece_moves(s, bishop_attacks(s, occupied) & targets);
    }
    for (Bitboard b = movers & l.pin_diagonal; b;) {
      Square s = pop_lsb(b);
      sink.piece_moves(s, bishop_attacks(s, occupied) & targets & l.pin_diagonal);
    }
  }
  // Straight movers (rooks and queens).
  {
    Bitboard movers = pos.pieces(Us, Rook, Queen) & ~l.pin_diagonal;
    for (Bitboard b = movers & ~l.pin_straight; b;) {
      Square s = pop_lsb(b);
      sink.piece_moves(s, rook_attacks(s, occupied) & targets);
    }
    for (Bitboard b = movers & l.pin_straight; b;) {
      Square s = pop_lsb(b);
      sink.piece_moves(s, rook_attacks(s, occupied) & targets & l.pin_straight);
    }
  }
}

}  // namespace

void generate_legal_moves(const Position& pos, Position::MoveList& moves) {
  MoveWriter writer{moves};
  if (pos.us() == White)
    generate<White>(pos, writer);
  else
    generate<Black>(pos, writer);
}

std::uint64_t count_legal_moves(const Position& pos) {
  MoveCounter counter;
  if (pos.us() == White)
    generate<White>(pos, counter);
  else
    generate<Black>(pos, counter);
  return counter.count;
}

bool en_passant_capture_possible(const Position& pos, Square ep) {
  const Color us = pos.us();
  Bitboard from = pawn_attacks(~us, ep) & pos.pieces(us, Pawn);
  const Square king = pos.king_square(us);
  while (from) {
    Square s = pop_lsb(from);
    if (us == White ? en_passant_legal<White>(pos, king, s, ep) : en_passant_legal<Black>(pos, king, s, ep))
      return true;
  }
  return false;
}

namespace {

// Whether moving from f to t, taking what stands on cap (t for an ordinary
// capture, the passed pawn's square en passant), leaves our king safe.
bool keeps_king_safe(const Position& s, Square f, Square t, Square cap) {
  const Color us = s.us();
  const Bitboard occ = (s.pieces() ^ square_bb(f) ^ square_bb(cap)) | square_bb(t);
  const Square king = f == s.king_square(us) ? t : s.king_square(us);
  return !(s.attackers_to(king, occ) & s.pieces(~us) & ~square_bb(cap));
}

}  // namespace

void generate_captures(const Position& s, Position::MoveList& list) {
  const Color us = s.us(), them = ~us;
  const Bitboard occ = s.pieces();
  const int last_rank = us == White ? 7 : 0;
  for (Bitboard targets = s.pieces(them) & ~s.pieces(them, King); targets;) {
    const Square t = pop_lsb(targets);
    for (Bitboard from = s.attackers_to(t, occ) & s.pieces(us); from;) {
      const Square f = pop_lsb(from);
      if (!keeps_king_safe(s, f, t, t)) continue;
      const bool promotes = type_of(s.piece_on(f)) == Pawn && rank_of(t) == last_rank;
      list.push_back(promotes ? Move(f, t, Move::Promotion, Queen) : Move(f, t));
    }
  }
  if (s.has_legal_en_passant()) {
    const Square ep = s.en_passant_square();
    const Square cap = static_cast<Square>(ep - pawn_push(us));
    for (Bitboard from = pawn_attacks(them, ep) & s.pieces(us, Pawn); from;) {
      const Square f = pop_lsb(from);
      if (keeps_king_safe(s, f, ep, cap)) list.push_back(Move(f, ep, Move::EnPassant));
    }
  }
  const Bitboard seventh = rank_bb(us == White ? 6 : 1);
  for (Bitboard pawns = s.pieces(us, Pawn) & seventh; pawns;) {
    const Square f = pop_lsb(pawns);
    const Square t = static_cast<Square>(f + pawn_push(us));
    if (!(occ & square_bb(t)) && keeps_king_safe(s, f, t, t))
      list.push_back(Move(f, t, Move::Promotion, Queen));
  }
}

}  // namespace qi::chess
