// A xiangqi position with its game history: the compile-time GameState of
// xiangqi (see core/game_state.h).
//
// Rules implemented (Chinese Xiangqi Association competition rules):
// - General (帅/将): one point orthogonally, inside its palace. Advisor
//   (仕/士): one point diagonally, inside the palace. Elephant (相/象): two
//   points diagonally, never across the river, blocked by a piece on the
//   point between (塞象眼). Horse (马): one point orthogonally then one
//   diagonally outwards, blocked by a piece on the first point (蹩马腿).
//   Chariot (车): like a chess rook. Cannon (炮): moves like a chariot,
//   captures by jumping exactly one piece of either colour (炮打隔子).
//   Soldier (兵/卒): one point forward; once across the river also sideways.
// - A move may not leave one's own general attacked, nor leave the two
//   generals facing each other on a file with nothing between (飞将).
// - No legal move loses, in check (将死) or not (困毙).
// - Repetition, perpetual check and chase, the natural move limit and
//   insufficient material are judged by result(); see rules.h.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/move_list.h"
#include "core/outcome.h"
#include "games/xiangqi/bitboard.h"
#include "games/xiangqi/types.h"

namespace qi::xiangqi {

inline constexpr std::string_view kStartFen =
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

// 60 moves by each side without a capture (自然限着).
inline constexpr int kDefaultMoveLimitPlies = 120;

class Position {
 public:
  using Move = xiangqi::Move;
  // At most 119 pseudo-legal moves exist in any xiangqi position.
  using MoveList = qi::MoveList<Move, 128>;

  // What make() must remember to unmake a move, and what the repetition
  // rules read back: the key of the position the move was made from.
  struct Undo {
    Move move;
    Piece captured;
    std::uint16_t plies_since_capture;
    std::uint64_t key;
  };

  Position();  // the standard start
  // Validates everything a legal game could not reach at a glance (see
  // from_fen's errors); the position gets an empty history.
  static Expected<Position> from_fen(std::string_view fen);
  std::string fen() const;

  // --- GameState ---------------------------------------------------------
  Side side_to_move() const { return side_; }
  std::uint64_t hash() const { return key_; }
  void generate_legal(MoveList& list) const { generate<false>(&list); }
  std::uint64_t count_legal() const { return generate<true>(nullptr); }
  void make(Move m);
  void unmake(Move m);
  // Passes the turn without moving (the engine's null-move pruning): only
  // the side and the key change, and history() is untouched, so a null move
  // must never lie inside a repetition cycle that judge_cycle() replays.
  void make_null() {
    side_ = ~side_;
    key_ ^= null_key();
  }
  void unmake_null() { make_null(); }
  Result result() const;  // in rules.cpp

  // --- Queries -------------------------------------------------------------
  Piece piece_on(Square s) const { return board_[s]; }
  Square general(Side side) const { return general_[index(side)]; }
  Bitboard occupied() const { return occupied_; }
  Bitboard rotated_occupancy() const { return rotated_; }
  Bitboard pieces(Side side) const { return by_side_[index(side)]; }
  Bitboard pieces(Side side, PieceType t) const { return by_side_[index(side)] & by_type_[t]; }
  bool in_check() const { return in_check(side_); }
  bool in_check(Side side) const;
  bool has_legal_move() const;
  // Whether m is a legal move here; any Move value may be asked about.
  bool is_legal(Move m) const;
  // Whether the piece on `from` could move to `to` by its movement rules
  // alone (ignoring whose turn it is and the safety of its general).
  bool is_pseudo_legal(Move m) const;
  // Whether a move by the side of the piece on m.from leaves that side's
  // general safe.
  bool keeps_general_safe(Move m) const;
  // Pieces of `by` attacking s with the present occupancy.
  Bitboard attackers(Square s, Side by) const;

  int plies_since_capture() const { return plies_since_capture_; }
  int fullmove_number() const { return fullmove_; }
  int move_limit_plies() const { return move_limit_plies_; }
  // The natural move limit in plies without capture (120 by the rules);
  // 0 switches it off.
  void set_move_limit_plies(int plies) { move_limit_plies_ = plies; }
  const std::vector<Undo>& history() const { return history_; }

 private:
  struct Blank {};
  explicit Position(Blank) {}
  template <bool kCount>
  std::uint64_t generate(MoveList* out) const;
  bool attacked(Square s, Side by, Bitboard occupied, Bitboard rotated, Bitboard attackers_side) const;
  void put(Piece p, Square s);
  void remove(Square s);
  static std::uint64_t null_key();

  Piece board_[kSquares] = {};
  Bitboard occupied_ = 0;
  Bitboard rotated_ = 0;  // occupancy indexed file * 10 + rank
  Bitboard by_side_[2] = {};
  Bitboard by_type_[kPieceTypes] = {};
  Square general_[2] = {kNoSquare, kNoSquare};
  Side side_ = kRed;
  std::uint64_t key_ = 0;
  int plies_since_capture_ = 0;
  int fullmove_ = 1;
  int move_limit_plies_ = kDefaultMoveLimitPlies;
  std::vector<Undo> history_;
};

}  // namespace qi::xiangqi
