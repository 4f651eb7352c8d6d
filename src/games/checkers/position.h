// A checkers position: the rules engine behind every variant, modelling
// qi::GameState. Three bitboards (each side's pieces, and which pieces are
// kings) and the side to move; make() and unmake() need nothing but the move.
//
// result() reports only what the position alone decides: a side to move with
// no legal move (no piece, or every piece blocked) has lost. Repetition and the
// federations' move-count draws depend on the game's history and are judged by
// CheckersGame (see draw_rules.h).
#pragma once

#include <array>
#include <cstdint>

#include "core/game_state.h"
#include "core/move_list.h"
#include "core/outcome.h"
#include "core/side.h"
#include "games/checkers/board.h"
#include "games/checkers/move.h"
#include "games/checkers/movegen.h"
#include "games/checkers/variants.h"

namespace qi::checkers {

template <class V>
class Position {
 public:
  using Geo = Geometry<V::size>;
  using Move = checkers::Move<V>;
  using MoveList = qi::MoveList<Move, V::max_moves>;

  // The side that moves first has the colour V::first.
  static constexpr Side side_of(Colour c) { return c == V::first ? Side::First : Side::Second; }
  static constexpr Colour colour_of(Side s) {
    return s == Side::First ? V::first : (V::first == Colour::White ? Colour::Black : Colour::White);
  }
  // Black moves toward the high square numbers.
  static constexpr bool moves_down(Side s) { return colour_of(s) == Colour::Black; }

  static Position start() {
    Position p;
    int rows = (V::size - 2) / 2;  // 3 on 8x8, 4 on 10x10
    int n = rows * Geo::per_row;
    p.pieces_[index(side_of(Colour::Black))] = Geo::squares_from(1, n);
    p.pieces_[index(side_of(Colour::White))] = Geo::squares_from(Geo::squares - n + 1, Geo::squares);
    p.stm_ = Side::First;
    return p;
  }

  // --- GameState --------------------------------------------------------------
  Side side_to_move() const { return stm_; }

  std::uint64_t hash() const {
    // Computed on demand: the whole position is three words, so mixing them
    // costs less than keeping a Zobrist key up to date in make().
    std::uint64_t h = mix(pieces_[0] ^ 0x6a09e667f3bcc908ULL);
    h = mix(h ^ pieces_[1]);
    h = mix(h ^ kings_);
    return stm_ == Side::First ? h : ~h;
  }

  void generate_legal(MoveList& list) const {
    if (moves_down(stm_)) {
      generator<true>().generate(list);
    } else {
      generator<false>().generate(list);
    }
  }

  // The number of legal moves, by popcounts when no capture is on.
  std::uint64_t count_legal() const {
    if (moves_down(stm_)) return count<true>();
    return count<false>();
  }

  // Every capture sequence, ignoring the majority rule (for explaining why a
  // capture the player chose is not legal).
  void generate_captures_any_length(MoveList& list) const {
    if (moves_down(stm_)) {
      MoveGenerator<V, true, false>(own(), opp(), kings_).generate_captures(list);
    } else {
      MoveGenerator<V, false, false>(own(), opp(), kings_).generate_captures(list);
    }
  }

  bool has_capture() const {
    return moves_down(stm_) ? generator<true>().has_capture() : generator<false>().has_capture();
  }

  bool has_legal_move() const {
    if (moves_down(stm_)) return generator<true>().has_quiet() || generator<true>().has_capture();
    return generator<false>().has_quiet() || generator<false>().has_capture();
  }

  void make(const Move& m) {
    int us = index(stm_);
    Bitboard from = bit(m.from), to = bit(m.to);
    pieces_[us] = (pieces_[us] & ~from) | to;
    pieces_[us ^ 1] &= ~m.captured;
    kings_ &= ~m.captured;
    if (m.king) {
      kings_ = (kings_ & ~from) | to;
    } else if (m.crowns) {
      kings_ |= to;
    }
    stm_ = ~stm_;
  }

  void unmake(const Move& m) {
    stm_ = ~stm_;
    int us = index(stm_);
    Bitboard from = bit(m.from), to = bit(m.to);
    pieces_[us] = (pieces_[us] & ~to) | from;
    pieces_[us ^ 1] |= m.captured;
    if (m.king) {
      kings_ = (kings_ & ~to) | from;
    } else if (m.crowns) {
      kings_ &= ~to;
    }
    kings_ |= m.captured_kings;
  }

  Result result() const { return has_legal_move() ? Result::None : Result::Loss; }

  // --- Board access -------------------------------------------------------------
  Bitboard pieces(Side s) const { return pieces_[index(s)]; }
  Bitboard kings() const { return kings_; }
  Bitboard occupied() const { return pieces_[0] | pieces_[1]; }

  void clear() { *this = Position{}; }
  void set_side_to_move(Side s) { stm_ = s; }
  void put(Side s, int square, bool king) {
    Bitboard b = bit(Geo::bit_of(square));
    pieces_[index(s)] |= b;
    if (king) kings_ |= b;
  }

  friend bool operator==(const Position&, const Position&) = default;

 private:
  Bitboard own() const { return pieces_[index(stm_)]; }
  Bitboard opp() const { return pieces_[index(~stm_)]; }

  template <bool Down>
  MoveGenerator<V, Down> generator() const {
    return MoveGenerator<V, Down>(own(), opp(), kings_);
  }

  template <bool Down>
  std::uint64_t count() const {
    MoveGenerator<V, Down> gen(own(), opp(), kings_);
    if (!gen.has_capture()) return static_cast<std::uint64_t>(gen.count_quiet());
    if constexpr (MoveGenerator<V, Down>::bulk_counts_captures) {
      return static_cast<std::uint64_t>(gen.count_captures());
    }
    MoveList list;
    gen.generate_captures(list);
    return list.size();
  }

  static constexpr std::uint64_t mix(std::uint64_t z) {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  std::array<Bitboard, 2> pieces_{};
  Bitboard kings_ = 0;
  Side stm_ = Side::First;
};

static_assert(GameState<Position<English>>);
static_assert(GameState<Position<International>>);

}  // namespace qi::checkers
