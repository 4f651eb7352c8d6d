#include "engine/games/xiangqi/nnue.h"

namespace qi::engine::xiangqi_nnue {

using namespace qi::xiangqi;

const Network& Inputs::shipped() {
  static constexpr std::int32_t kWeights[] = {
#include "engine/games/xiangqi/nnue_weights.inc"
  };
  return nnue::load_once<Network>(kWeights);
}

void Inputs::refresh(nnue::Accumulator<kHidden>& acc, const Position& pos, const Network& net) {
  for (Side view : {kRed, kBlack}) {
    std::int16_t* v = acc.view[index(view)];
    nnue::start_view(v, net);
    for (Bitboard b = pos.occupied(); b;) {
      const Square s = pop_lsb(b);
      nnue::add_input<kHidden>(v, net.input[feature(view, pos.piece_on(s), s)]);
    }
  }
}

nnue::Change Inputs::change_of(const Position& before, Move m) {
  nnue::Change c;
  const Piece piece = before.piece_on(m.from);
  c.remove(feature(kRed, piece, m.from), feature(kBlack, piece, m.from));
  if (const Piece captured = before.piece_on(m.to); captured != kEmpty)
    c.remove(feature(kRed, captured, m.to), feature(kBlack, captured, m.to));
  c.add(feature(kRed, piece, m.to), feature(kBlack, piece, m.to));
  return c;
}

}  // namespace qi::engine::xiangqi_nnue
