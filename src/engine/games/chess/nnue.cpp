#include "engine/games/chess/nnue.h"

#include <algorithm>

namespace qi::engine::chess_nnue {
namespace {

using namespace qi::chess;

Network load_shipped() {
  Network net{};
  // The trainer writes the weights as one flat list, in the order of
  // Network's fields.
  static constexpr std::int32_t kWeights[] = {
#include "engine/games/chess/nnue_weights.inc"
  };
  static_assert(std::size(kWeights) == kInputs * kHidden + kHidden + kBuckets * (2 * kHidden + 1),
                "chess_nnue_weights.inc does not fit the network's shape");
  const std::int32_t* w = kWeights;
  for (auto& row : net.input)
    for (auto& x : row) x = static_cast<std::int16_t>(*w++);
  for (auto& x : net.input_bias) x = static_cast<std::int16_t>(*w++);
  for (auto& row : net.output)
    for (auto& x : row) x = static_cast<std::int16_t>(*w++);
  for (auto& x : net.output_bias) x = *w++;
  return net;
}

}  // namespace

const Network& network() {
  static const Network net = load_shipped();
  return net;
}

namespace {

void add_input(std::int16_t* acc, const std::int16_t* weights) {
  for (int i = 0; i < kHidden; ++i) acc[i] = static_cast<std::int16_t>(acc[i] + weights[i]);
}
void subtract_input(std::int16_t* acc, const std::int16_t* weights) {
  for (int i = 0; i < kHidden; ++i) acc[i] = static_cast<std::int16_t>(acc[i] - weights[i]);
}

void refresh(Accumulator& acc, const Position& pos, const Network& net) {
  for (Color view : {White, Black}) {
    std::copy(std::begin(net.input_bias), std::end(net.input_bias), acc.view[view]);
    for (Bitboard b = pos.pieces(); b;) {
      const Square s = pop_lsb(b);
      add_input(acc.view[view], net.input[feature(view, pos.piece_on(s), s)]);
    }
  }
}

Score output(const Accumulator& acc, const Position& pos, const Network& net) {
  const Color us = pos.side_to_move() == Side::First ? White : Black;
  const std::int16_t* views[2] = {acc.view[us], acc.view[~us]};
  const int b = bucket(popcount(pos.pieces()));
  std::int64_t sum = 0;
  for (int v = 0; v < 2; ++v)
    for (int i = 0; i < kHidden; ++i) {
      const std::int32_t a = std::clamp<std::int32_t>(views[v][i], 0, kQA);
      // a * weight fits 32 bits; times a again it may not.
      sum += static_cast<std::int64_t>(a * net.output[b][v * kHidden + i]) * a;
    }
  sum /= kQA;  // a * a is in units of kQA * kQA
  const std::int64_t cp = (sum + net.output_bias[b]) * kScale / (kQA * kQB);
  return static_cast<Score>(std::clamp<std::int64_t>(cp, -kMateBound + 1, kMateBound - 1));
}

}  // namespace

Score evaluate(const Position& pos, const Network& net) {
  Accumulator acc;
  refresh(acc, pos, net);
  return output(acc, pos, net);
}

Change change_of(const Position& before, Move m) {
  Change c;
  const Square from = m.from(), to = m.to();
  const Piece piece = before.piece_on(from);
  const Color us = color_of(piece);
  c.removed[c.removed_count++] = {piece, from};
  if (m.kind() == Move::Castling) {
    const RookJump rook = before.castling_rook(m);
    c.added[c.added_count++] = {piece, to};
    c.removed[c.removed_count++] = {make_piece(us, Rook), rook.from};
    c.added[c.added_count++] = {make_piece(us, Rook), rook.to};
    return c;
  }
  const Square captured_on = m.kind() == Move::EnPassant ? static_cast<Square>(to - pawn_push(us)) : to;
  if (const Piece captured = before.piece_on(captured_on); captured != NoPiece)
    c.removed[c.removed_count++] = {captured, captured_on};
  c.added[c.added_count++] = {m.kind() == Move::Promotion ? make_piece(us, m.promotion()) : piece, to};
  return c;
}

void AccumulatorStack::set_root(const Position& root, const Network& net) {
  refresh(entries_.front().acc, root, net);
  entries_.front().computed = true;
}

Score AccumulatorStack::evaluate(const Position& pos, int ply, const Network& net) {
  // Forward from the nearest computed ancestor (the root always is).
  int from = ply;
  while (!entries_[from].computed) --from;
  for (int p = from + 1; p <= ply; ++p) {
    Entry& e = entries_[p];
    for (Color view : {White, Black}) {
      const std::int16_t* parent = entries_[p - 1].acc.view[view];
      std::int16_t* acc = e.acc.view[view];
      std::copy(parent, parent + kHidden, acc);
      for (int i = 0; i < e.change.removed_count; ++i)
        subtract_input(acc, net.input[feature(view, e.change.removed[i].piece, e.change.removed[i].square)]);
      for (int i = 0; i < e.change.added_count; ++i)
        add_input(acc, net.input[feature(view, e.change.added[i].piece, e.change.added[i].square)]);
    }
    e.computed = true;
  }
  return output(entries_[ply].acc, pos, net);
}

}  // namespace qi::engine::chess_nnue
