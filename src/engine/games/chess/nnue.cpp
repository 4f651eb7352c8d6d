#include "engine/games/chess/nnue.h"

namespace qi::engine::chess_nnue {

using namespace qi::chess;

const Network& Inputs::shipped() {
  static constexpr std::int32_t kWeights[] = {
#include "engine/games/chess/nnue_weights.inc"
  };
  return nnue::load_once<Network>(kWeights);
}

void Inputs::refresh(nnue::Accumulator<kHidden>& acc, const Position& pos, const Network& net) {
  for (Color view : {White, Black}) {
    nnue::start_view(acc.view[view], net);
    for (Bitboard b = pos.pieces(); b;) {
      const Square s = pop_lsb(b);
      nnue::add_input<kHidden>(acc.view[view], net.input[feature(view, pos.piece_on(s), s)]);
    }
  }
}

nnue::Change Inputs::change_of(const Position& before, Move m) {
  nnue::Change c;
  auto remove = [&](Piece p, Square s) { c.remove(feature(White, p, s), feature(Black, p, s)); };
  auto add = [&](Piece p, Square s) { c.add(feature(White, p, s), feature(Black, p, s)); };
  const Square from = m.from(), to = m.to();
  const Piece piece = before.piece_on(from);
  const Color us = color_of(piece);
  remove(piece, from);
  if (m.kind() == Move::Castling) {
    const RookJump rook = before.castling_rook(m);
    add(piece, to);
    remove(make_piece(us, Rook), rook.from);
    add(make_piece(us, Rook), rook.to);
    return c;
  }
  const Square captured_on = m.kind() == Move::EnPassant ? static_cast<Square>(to - pawn_push(us)) : to;
  if (const Piece captured = before.piece_on(captured_on); captured != NoPiece) remove(captured, captured_on);
  add(m.kind() == Move::Promotion ? make_piece(us, m.promotion()) : piece, to);
  return c;
}

}  // namespace qi::engine::chess_nnue
