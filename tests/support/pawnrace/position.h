// Pawn race on a 5×5 board: a small game registered only in the tests,
// to show that a game Qi has never heard of is played by the engine, the
// referee, the records and the page from its registration alone.
//
// Rules as played here: White has pawns on a1-e1 and b2, c2, d2; Black the mirror
// (a5-e5, b4, c4, d4). White moves first, towards rank 5. A pawn moves one
// square straight forward to an empty square, or one square diagonally
// forward to an empty square or onto an opposing pawn, which it captures.
// A pawn on the far rank can no longer move. A side with no pawn, or none
// that can move, has lost.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "core/move_list.h"
#include "core/outcome.h"
#include "core/side.h"

namespace qi::pawnrace {

inline constexpr int kSize = 5;
inline constexpr int kSquares = kSize * kSize;
using Mask = std::uint32_t;
inline constexpr Mask kBoard = (1u << kSquares) - 1;

constexpr int file_of(int s) { return s % kSize; }
constexpr int rank_of(int s) { return s / kSize; }
constexpr Mask bit(int s) { return 1u << s; }
inline std::string square_name(int s) {
  return std::string{static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

struct Move {
  std::uint8_t from = 0, to = 0;
  friend constexpr bool operator==(Move, Move) = default;
};

class Position {
 public:
  using Move = pawnrace::Move;
  using MoveList = qi::MoveList<Move, 3 * kSquares>;

  Position() {
    pawns_[0] = 0b11111 | (0b01110 << kSize);
    pawns_[1] = (0b11111u << (4 * kSize)) | (0b01110u << (3 * kSize));
  }
  static Position of(Mask white, Mask black, Side to_move) {
    Position p;
    p.pawns_ = {white & kBoard, black & kBoard};
    p.side_ = to_move;
    return p;
  }

  Side side_to_move() const { return side_; }
  Mask pawns(Side s) const { return pawns_[index(s)]; }
  std::uint64_t hash() const {
    std::uint64_t h = (static_cast<std::uint64_t>(pawns_[0]) << 32 | pawns_[1]) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return side_ == Side::First ? h : ~h;
  }

  void generate_legal(MoveList& list) const {
    const int us = index(side_);
    const int step = side_ == Side::First ? kSize : -kSize;
    const Mask own = pawns_[us], theirs = pawns_[us ^ 1], empty = kBoard & ~(own | theirs);
    for (Mask b = own; b; b &= b - 1) {
      const int from = std::countr_zero(b);
      const int ahead = from + step;
      if (ahead < 0 || ahead >= kSquares) continue;  // on the far rank
      if (empty & bit(ahead))
        list.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(ahead)});
      for (int side_step : {-1, 1}) {
        const int file = file_of(from) + side_step;
        if (file < 0 || file >= kSize) continue;
        const int to = ahead + side_step;
        if ((empty | theirs) & bit(to))
          list.push_back({static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to)});
      }
    }
  }
  bool is_capture(Move m) const { return (pawns_[index(side_) ^ 1] & bit(m.to)) != 0; }

  void make(Move m) {
    const int us = index(side_);
    captured_[ply_++] = (pawns_[us ^ 1] & bit(m.to)) != 0;
    pawns_[us] = (pawns_[us] & ~bit(m.from)) | bit(m.to);
    pawns_[us ^ 1] &= ~bit(m.to);
    side_ = ~side_;
  }
  void unmake(Move m) {
    side_ = ~side_;
    const int us = index(side_);
    pawns_[us] = (pawns_[us] & ~bit(m.to)) | bit(m.from);
    if (captured_[--ply_]) pawns_[us ^ 1] |= bit(m.to);
  }

  // No pawn that can move: lost.
  Result result() const {
    MoveList list;
    generate_legal(list);
    return list.empty() ? Result::Loss : Result::None;
  }

  friend bool operator==(const Position& a, const Position& b) {
    return a.pawns_ == b.pawns_ && a.side_ == b.side_;
  }

 private:
  std::array<Mask, 2> pawns_{};
  Side side_ = Side::First;
  // Whether each move of the line captured (a game lasts at most 64 plies:
  // every move takes a pawn one rank on).
  std::array<bool, 80> captured_{};
  int ply_ = 0;
};

}  // namespace qi::pawnrace
