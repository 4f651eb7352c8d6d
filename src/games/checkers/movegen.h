// Move generation for every variant: one template, specialised at compile time
// by the variant's traits and by the mover's direction.
//
// Captures are compulsory; when any capture exists only captures are legal.
// A capture follows every jump path to its end (a sequence must be completed).
// Jumped pieces stay on the board until the move ends: they block the path and
// cannot be jumped twice (the "Turkish strike" rule), while the mover's own
// starting square counts as empty, so a king may pass or end there.
#pragma once

#include <array>
#include <cstdint>

#include "core/move_list.h"
#include "games/checkers/board.h"
#include "games/checkers/move.h"
#include "games/checkers/variants.h"

namespace qi::checkers {

template <class V, bool Down, bool ApplyMajority = V::majority_capture>
class MoveGenerator {
 public:
  // Captures can be counted without writing them when every path is its own
  // move, any capture may be chosen and men jump only forward (English).
  static constexpr bool bulk_counts_captures =
      V::duplicates == DuplicateCaptures::Distinct && !ApplyMajority && !V::men_capture_backward;

  using G = Geometry<V::size>;
  using M = Move<V>;
  using List = MoveList<M, V::max_moves>;

  MoveGenerator(Bitboard own, Bitboard opp, Bitboard kings)
      : own_(own), opp_(opp), kings_(kings), empty_(G::board & ~(own | opp)) {}

  // --- Whole lists ----------------------------------------------------------
  void generate(List& list) {
    if (has_capture()) {
      generate_captures(list);
    } else {
      generate_quiet(list);
    }
  }

  void generate_captures(List& list) {
    list_ = &list;
    start_ = list.size();
    best_ = 0;
    Bitboard men = own_ & ~kings_;
    Bitboard jumping_men = men_with_jump(men);
    while (jumping_men) {
      int from = lsb(jumping_men);
      jumping_men &= jumping_men - 1;
      begin_piece(from);
      man_captures(from, 0, 0);
    }
    Bitboard k = own_ & kings_;
    while (k) {
      int from = lsb(k);
      k &= k - 1;
      begin_piece(from);
      king_captures(from, 0, 0);
    }
  }

  // The number of capture moves, without writing them, where every path is
  // its own move and any capture may be chosen (English).
  int count_captures() requires bulk_counts_captures {
    counting_ = true;
    count_ = 0;
    // A man's second jump goes forward again, so neither its starting square
    // nor the piece it just took can be in the way: whether a landing square
    // continues is a plain bitboard test, and most captures are single jumps
    // counted by popcount.
    Bitboard men = own_ & ~kings_;
    Bitboard continues = shift<-F1>(shift<-F1>(empty_) & opp_) | shift<-F2>(shift<-F2>(empty_) & opp_);
    count_single_jumps<F1>(men, continues);
    count_single_jumps<F2>(men, continues);
    Bitboard k = own_ & kings_;
    while (k) {
      int from = lsb(k);
      k &= k - 1;
      begin_piece(from);
      king_captures(from, 0, 0);
    }
    counting_ = false;
    return count_;
  }

  template <int D>
  void count_single_jumps(Bitboard men, Bitboard continues) {
    Bitboard land = jump_landings<D>(men);
    count_ += popcount(land & ~continues);
    Bitboard on = land & continues;
    while (on) {
      int l = lsb(on);
      on &= on - 1;
      begin_piece(l - 2 * D);
      path_[0] = static_cast<std::uint8_t>(l);
      man_captures(l, bit(l - D), 1);
    }
  }

  void generate_quiet(List& list) {
    Bitboard men = own_ & ~kings_;
    add_steps<F1>(list, men, false);
    add_steps<F2>(list, men, false);
    Bitboard k = own_ & kings_;
    if constexpr (V::flying_kings) {
      add_slides<G::down_left>(list, k);
      add_slides<G::down_right>(list, k);
      add_slides<G::up_left>(list, k);
      add_slides<G::up_right>(list, k);
    } else {
      add_steps<G::down_left>(list, k, true);
      add_steps<G::down_right>(list, k, true);
      add_steps<G::up_left>(list, k, true);
      add_steps<G::up_right>(list, k, true);
    }
  }

  // --- Counting and tests without writing moves ----------------------------
  bool has_capture() const {
    Bitboard men = own_ & ~kings_;
    if (jump_landings<F1>(men) | jump_landings<F2>(men)) return true;
    if constexpr (V::men_capture_backward) {
      if (jump_landings<B1>(men) | jump_landings<B2>(men)) return true;
    }
    Bitboard k = own_ & kings_;
    if (!k) return false;
    if constexpr (V::flying_kings) {
      return jump_landings<G::down_left>(fill<G::down_left>(k)) |
             jump_landings<G::down_right>(fill<G::down_right>(k)) |
             jump_landings<G::up_left>(fill<G::up_left>(k)) |
             jump_landings<G::up_right>(fill<G::up_right>(k));
    } else {
      return jump_landings<G::down_left>(k) | jump_landings<G::down_right>(k) | jump_landings<G::up_left>(k) |
             jump_landings<G::up_right>(k);
    }
  }

  // The number of plain moves (valid only when no capture exists).
  int count_quiet() const {
    Bitboard men = own_ & ~kings_;
    int n = popcount(shift<F1>(men) & empty_) + popcount(shift<F2>(men) & empty_);
    Bitboard k = own_ & kings_;
    if (!k) return n;
    if constexpr (V::flying_kings) {
      // Each square lies on one diagonal per direction, so the union of the
      // kings' rays in a direction counts every king move that way once.
      n += popcount(fill<G::down_left>(k) & empty_) + popcount(fill<G::down_right>(k) & empty_) +
           popcount(fill<G::up_left>(k) & empty_) + popcount(fill<G::up_right>(k) & empty_);
    } else {
      n += popcount(shift<G::down_left>(k) & empty_) + popcount(shift<G::down_right>(k) & empty_) +
           popcount(shift<G::up_left>(k) & empty_) + popcount(shift<G::up_right>(k) & empty_);
    }
    return n;
  }

  bool has_quiet() const {
    Bitboard men = own_ & ~kings_;
    Bitboard k = own_ & kings_;
    Bitboard all = men | k;
    Bitboard down = shift<G::down_left>(Down ? all : k) | shift<G::down_right>(Down ? all : k);
    Bitboard up = shift<G::up_left>(Down ? k : all) | shift<G::up_right>(Down ? k : all);
    return ((down | up) & empty_) != 0;
  }

 private:
  // The man's forward and backward steps.
  static constexpr int F1 = Down ? G::down_left : G::up_left;
  static constexpr int F2 = Down ? G::down_right : G::up_right;
  static constexpr int B1 = Down ? G::up_left : G::down_left;
  static constexpr int B2 = Down ? G::up_right : G::down_right;
  static constexpr Bitboard crown_row = Down ? G::bottom_row : G::top_row;

  // Squares where a jump in direction D from `from` would land.
  template <int D>
  Bitboard jump_landings(Bitboard from) const {
    return shift<D>(shift<D>(from) & opp_) & empty_;
  }

  // `from` plus every empty square a slider on `from` reaches in direction D
  // (an occluded fill, doubling the step each round).
  template <int D>
  Bitboard fill(Bitboard from) const {
    Bitboard g = from, p = empty_;
    g |= p & shift<D>(g);
    p &= shift<D>(p);
    g |= p & shift<2 * D>(g);
    p &= shift<2 * D>(p);
    g |= p & shift<4 * D>(g);
    if constexpr (V::size > 8) {
      p &= shift<4 * D>(p);
      g |= p & shift<8 * D>(g);
    }
    return g;
  }

  Bitboard men_with_jump(Bitboard men) const {
    Bitboard m = men & (shift<-F1>(shift<-F1>(empty_) & opp_) | shift<-F2>(shift<-F2>(empty_) & opp_));
    if constexpr (V::men_capture_backward)
      m |= men & (shift<-B1>(shift<-B1>(empty_) & opp_) | shift<-B2>(shift<-B2>(empty_) & opp_));
    return m;
  }

  template <int D>
  void add_steps(List& list, Bitboard pieces, bool king) const {
    Bitboard to = shift<D>(pieces) & empty_;
    while (to) {
      int t = lsb(to);
      to &= to - 1;
      M m;
      m.captured = 0;
      m.captured_kings = 0;
      m.from = static_cast<std::uint8_t>(t - D);
      m.to = static_cast<std::uint8_t>(t);
      m.king = king;
      m.crowns = !king && (bit(t) & crown_row) != 0;
      m.jumps = 0;
      list.push_back(m);
    }
  }

  template <int D>
  void add_slides(List& list, Bitboard kings) const {
    while (kings) {
      int from = lsb(kings);
      kings &= kings - 1;
      for (Bitboard b = shift<D>(bit(from)) & empty_; b; b = shift<D>(b) & empty_) {
        M m;
        m.captured = 0;
        m.captured_kings = 0;
        m.from = static_cast<std::uint8_t>(from);
        m.to = static_cast<std::uint8_t>(lsb(b));
        m.king = 1;
        m.crowns = 0;
        m.jumps = 0;
        list.push_back(m);
      }
    }
  }

  // --- Capture sequences ----------------------------------------------------
  void begin_piece(int from) {
    from_ = from;
    moving_king_ = (kings_ >> from) & 1;
    // The mover has left its square; jumped pieces still stand.
    open_ = empty_ | bit(from);
  }

  template <int D>
  bool man_jump(int sq, Bitboard captured, int depth) {
    Bitboard victim = shift<D>(bit(sq)) & opp_ & ~captured;
    if (!victim) return false;
    Bitboard land = shift<D>(victim) & open_;
    if (!land) return false;
    int l = lsb(land);
    path_[depth] = static_cast<std::uint8_t>(l);
    if constexpr (V::crown_mid_capture) {
      if (land & crown_row) {
        crowned_ = true;
        king_captures(l, captured | victim, depth + 1);
        crowned_ = false;
        return true;
      }
    }
    man_captures(l, captured | victim, depth + 1);
    return true;
  }

  void man_captures(int sq, Bitboard captured, int depth) {
    bool more = man_jump<F1>(sq, captured, depth);
    more |= man_jump<F2>(sq, captured, depth);
    if constexpr (V::men_capture_backward) {
      more |= man_jump<B1>(sq, captured, depth);
      more |= man_jump<B2>(sq, captured, depth);
    }
    if (!more && depth) emit(sq, captured, depth, (bit(sq) & crown_row) != 0);
  }

  // The first piece a king on sq meets in direction D, if it can be jumped.
  template <int D>
  Bitboard king_victim(int sq, Bitboard captured) const {
    Bitboard b = shift<D>(bit(sq));
    if constexpr (V::flying_kings) {
      while (b & open_) b = shift<D>(b);
    }
    Bitboard victim = b & opp_ & ~captured;
    return (shift<D>(victim) & open_) ? victim : 0;
  }

  bool king_can_jump(int sq, Bitboard captured) const {
    return king_victim<G::down_left>(sq, captured) | king_victim<G::down_right>(sq, captured) |
           king_victim<G::up_left>(sq, captured) | king_victim<G::up_right>(sq, captured);
  }

  template <int D>
  bool king_jump(int sq, Bitboard captured, int depth) {
    Bitboard victim = king_victim<D>(sq, captured);
    if (!victim) return false;
    Bitboard taken = captured | victim;
    if constexpr (!V::flying_kings) {
      int l = lsb(shift<D>(victim));
      path_[depth] = static_cast<std::uint8_t>(l);
      king_captures(l, taken, depth + 1);
    } else {
      // A flying king may stop on any empty square beyond the victim, but if
      // the capture can go on from some of them it must stop on one of those.
      Bitboard lands = 0, going_on = 0;
      for (Bitboard b = shift<D>(victim) & open_; b; b = shift<D>(b) & open_) {
        lands |= b;
        if (king_can_jump(lsb(b), taken)) going_on |= b;
      }
      Bitboard chosen = going_on ? going_on : lands;
      while (chosen) {
        int l = lsb(chosen);
        chosen &= chosen - 1;
        path_[depth] = static_cast<std::uint8_t>(l);
        if (going_on) {
          king_captures(l, taken, depth + 1);
        } else {
          emit(l, taken, depth + 1, crowned_);
        }
      }
    }
    return true;
  }

  void king_captures(int sq, Bitboard captured, int depth) {
    bool more = king_jump<G::down_left>(sq, captured, depth);
    more |= king_jump<G::down_right>(sq, captured, depth);
    more |= king_jump<G::up_left>(sq, captured, depth);
    more |= king_jump<G::up_right>(sq, captured, depth);
    if (!more && depth) emit(sq, captured, depth, crowned_);
  }

  void emit(int to, Bitboard captured, int depth, bool crowns) {
    if constexpr (bulk_counts_captures) {
      if (counting_) {
        ++count_;
        return;
      }
    }
    List& list = *list_;
    int jumps = depth;
    if constexpr (ApplyMajority) {
      if (jumps < best_) return;
      if (jumps > best_) {
        list.resize(start_);
        best_ = jumps;
      }
    }
    M m;
    m.captured = captured;
    m.captured_kings = captured & kings_;
    m.from = static_cast<std::uint8_t>(from_);
    m.to = static_cast<std::uint8_t>(to);
    m.king = moving_king_;
    m.crowns = !moving_king_ && crowns;
    m.jumps = static_cast<std::uint8_t>(jumps);
    for (int i = 0; i + 1 < depth; ++i) m.via[i] = path_[i];
    if constexpr (V::duplicates == DuplicateCaptures::Merged) {
      for (std::size_t i = start_; i < list.size(); ++i) {
        const M& o = list[i];
        if (o.from == m.from && o.to == m.to && o.captured == m.captured && o.crowns == m.crowns) return;
      }
    }
    // Only a position no game can reach could have more captures than the
    // list holds; dropping the rest keeps such input from writing past it.
    if (list.size() < List::capacity) list.push_back(m);
  }

  Bitboard own_, opp_, kings_, empty_;
  // State of the capture search for the current piece.
  List* list_ = nullptr;
  std::size_t start_ = 0;
  int best_ = 0;
  int from_ = 0;
  std::uint8_t moving_king_ = 0;
  bool crowned_ = false;
  bool counting_ = false;
  int count_ = 0;
  Bitboard open_ = 0;
  std::array<std::uint8_t, 24> path_;
};

}  // namespace qi::checkers
