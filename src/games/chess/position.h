// A chess position by the FIDE Laws of Chess: the pieces, the side to move,
// castling rights, the en passant square, the clocks, and the history of the
// moves made on it (so they can be taken back and repetitions found).
//
// Rules implemented here and in movegen.cpp:
// - Every piece moves as in FIDE article 3; a move that leaves one's own king
//   attacked is illegal (3.9), so only legal moves are ever generated.
// - Castling (3.8.2): the king and that rook have never moved (the castling
//   rights), the squares between them are empty, the king is not in check and
//   neither passes through nor lands on an attacked square. A right is lost for
//   good when the king or that rook moves, or when the rook is captured on its
//   starting square.
// - En passant (3.7.3.1-3.7.3.2): only on the move right after the two-square step, and
//   only if it does not expose one's own king (both pawns leave the rank, which
//   can open a rank to a rook or queen).
// - Promotion (3.7.3.3): to a queen, rook, bishop or knight of the same colour,
//   four distinct moves.
// - Game end by the rules alone (result()): checkmate (5.1.1) and stalemate
//   (5.2.1); the automatic draws of 9.6: seventy-five moves without capture or
//   pawn move (unless the last move mated) and the same position five times;
//   and a dead position by material (5.2.2): K v K, K+B v K, K+N v K, and kings
//   with bishops all standing on squares of one colour.
// - "The same position" (9.2.3) means the same pieces on the same squares, the
//   same side to move, the same castling rights and the same en passant
//   possibility; the Zobrist hash follows that definition: the en passant file
//   counts only when a legal en passant capture exists.
//
// make() and unmake() never allocate in search: the undo records live in a
// vector that grows (outside the hot loop, rarely) only when a line gets longer
// than any before it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/move_list.h"
#include "core/outcome.h"
#include "core/side.h"
#include "games/chess/bitboard.h"
#include "games/chess/types.h"

namespace qi::chess {

// Plies without a capture or a pawn move after which a draw may be claimed
// (9.3) and after which the game is drawn (9.6.2).
inline constexpr int kFiftyMovePlies = 100;
inline constexpr int kSeventyFiveMovePlies = 150;

class Position {
 public:
  using Move = chess::Move;
  // 218 is the most legal moves any chess position has; 256 leaves room.
  using MoveList = qi::MoveList<Move, 256>;

  static constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // The standard starting position.
  Position();

  // Reads Forsyth-Edwards Notation. Accepts the four-field form (clocks then
  // default to 0 and 1). Rejects positions that cannot arise, with a message
  // naming the problem ("FEN: two white kings"). An en passant square is
  // accepted whenever a pawn could just have made the two-square step past it,
  // whether or not a capture is possible.
  static Expected<Position> from_fen(std::string_view fen);
  // Writes FEN; the en passant square appears only when a legal en passant
  // capture exists (the python-chess convention), so equal positions in the
  // sense of FIDE 9.2.3 give equal FEN.
  std::string fen() const;

  // --- The GameState interface ---------------------------------------------
  Side side_to_move() const { return side_ == White ? Side::First : Side::Second; }
  Color us() const { return side_; }
  std::uint64_t hash() const { return st_.key; }
  // Appends every legal move.
  void generate_legal(MoveList& moves) const;
  // The number of legal moves, without writing them out (perft's last ply).
  std::uint64_t count_legal() const;
  // m must be legal here.
  void make(Move m);
  // m must be the last move made.
  void unmake(Move m);
  // Passes the turn without moving (for the engine's null-move pruning); the
  // side to move must not be in check. unmake_null() must follow before any
  // other unmake.
  void make_null();
  void unmake_null();
  // The result by the rules alone, from the side to move's view: Loss when
  // checkmated, Draw by stalemate, seventy-five moves, fivefold repetition or
  // dead material, else None. Never Win.
  Result result() const;

  // --- Board queries ---------------------------------------------------------
  Piece piece_on(Square s) const { return board_[s]; }
  Bitboard pieces() const { return by_color_[White] | by_color_[Black]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard pieces(Color c, PieceType a, PieceType b) const {
    return by_color_[c] & (by_type_[a] | by_type_[b]);
  }
  Square king_square(Color c) const { return lsb(pieces(c, King)); }

  // The pieces giving check to the side to move.
  Bitboard checkers() const { return attackers_to(king_square(side_), pieces()) & by_color_[~side_]; }
  bool in_check() const { return checkers() != 0; }
  // Pieces of both colours that attack s, with the board occupied by
  // `occupied` (pass pieces() for the board as it is).
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  // Whether a piece of colour `by` attacks s given that occupancy.
  bool attacked_by(Square s, Color by, Bitboard occupied) const;
  // Whether m (legal here) gives check.
  bool gives_check(Move m) const;

  std::uint8_t castling_rights() const { return st_.castling; }
  // Set after every two-square pawn step, capture possible or not.
  Square en_passant_square() const { return st_.ep_square; }
  // Whether the side to move has a legal en passant capture.
  bool has_legal_en_passant() const { return st_.ep_legal; }
  int halfmove_clock() const { return st_.halfmove_clock; }
  int fullmove_number() const { return fullmove_at_start_ + (ply_count() + (side_at_start_ == Black)) / 2; }
  // Moves made since the position was set up from FEN.
  int ply_count() const { return static_cast<int>(history_.size()); }

  // --- Moves -----------------------------------------------------------------
  // Whether m is a legal move here; any 16-bit value is accepted.
  bool is_legal(Move m) const;
  // Reads UCI long algebraic notation ("e2e4", "e7e8q", "e1g1"); castling may
  // also be written as the king taking its own rook ("e1h1"). Accepts legal
  // moves only.
  Expected<Move> parse_uci(std::string_view text) const;
  // The last move made, and what it captured (NoPiece if nothing; a pawn for
  // en passant). Move::none() / NoPiece when no move was made since the FEN.
  Move last_move() const { return st_.last_move; }
  Piece captured_piece() const { return st_.captured; }

  // --- Repetitions and draws --------------------------------------------------
  // The hash of the position plies_back moves ago (0: now); plies_back must
  // be at most ply_count().
  std::uint64_t key_history(int plies_back) const {
    return plies_back == 0 ? st_.key : history_[history_.size() - plies_back].key;
  }
  // How many earlier positions could equal this one: those since the last
  // capture or pawn move that were reached in this object's history.
  int reversible_plies() const { return std::min(st_.halfmove_clock, ply_count()); }
  // How many times the current position has stood on the board, counting now,
  // in the history this object knows (since the FEN).
  int repetition_count() const;
  bool is_repetition(int times) const { return repetition_count() >= times; }
  // Neither side can ever checkmate, by material alone (FIDE 5.2.2): K v K,
  // K+B v K, K+N v K, and any number of bishops all on squares of one colour.
  bool insufficient_material() const;
  // Whether some series of legal moves could let `c` checkmate (FIDE 6.9, for
  // a fallen flag), judged by material as above: a bare king, a lone minor
  // piece against a bare king, and bishops all on one colour against a bare
  // king cannot.
  bool can_checkmate(Color c) const;
  bool fifty_moves_reached() const { return st_.halfmove_clock >= kFiftyMovePlies; }
  bool seventy_five_moves_reached() const { return st_.halfmove_clock >= kSeventyFiveMovePlies; }
  bool is_checkmate() const { return in_check() && count_legal() == 0; }
  bool is_stalemate() const { return !in_check() && count_legal() == 0; }

  // The hash recomputed from the pieces and state (for tests).
  std::uint64_t compute_hash() const;

 private:
  // What make() changes besides the pieces; make() saves it, unmake() restores it.
  struct State {
    std::uint64_t key = 0;
    int halfmove_clock = 0;
    Move last_move;
    Piece captured = NoPiece;
    std::uint8_t castling = NoCastling;
    Square ep_square = NoSquare;
    bool ep_legal = false;
  };

  void put_piece(Piece p, Square s) {
    board_[s] = p;
    by_type_[type_of(p)] |= square_bb(s);
    by_color_[color_of(p)] |= square_bb(s);
  }
  void remove_piece(Square s) {
    Piece p = board_[s];
    by_type_[type_of(p)] ^= square_bb(s);
    by_color_[color_of(p)] ^= square_bb(s);
    board_[s] = NoPiece;
  }
  void move_piece(Square from, Square to) {
    Piece p = board_[from];
    Bitboard fromto = square_bb(from) | square_bb(to);
    by_type_[type_of(p)] ^= fromto;
    by_color_[color_of(p)] ^= fromto;
    board_[from] = NoPiece;
    board_[to] = p;
  }
  // Whether the side to move could capture en passant on st_.ep_square.
  bool en_passant_capture_legal() const;
  [[gnu::cold]] void grow_history();

  friend class FenReader;
  struct Empty {};
  explicit Position(Empty) {}  // no pieces at all; only the FEN reader starts from it

  Piece board_[64] = {};
  Bitboard by_type_[7] = {};  // index NoPieceType unused
  Bitboard by_color_[2] = {};
  Color side_ = White;
  State st_;
  std::vector<State> history_;  // the states before each move made, oldest first
  int fullmove_at_start_ = 1;
  Color side_at_start_ = White;
};

}  // namespace qi::chess
