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
// - Chess960 (FIDE Laws, Guidelines II): the same castling from any start:
//   the king ends on g1 (c1) and the rook on f1 (d1) wherever they stood;
//   every square between the king and its target and between the rook and
//   its target is empty but for the two castling pieces; the king is not in
//   check and no square it crosses or lands on is attacked. Standard chess is
//   the case of the king on e1 and the rooks on a1 and h1, so one generator
//   serves both; the variant decides only which castling rights a FEN may
//   give and how castling is written (UCI "e1g1" or the king taking its own
//   rook, "e1h1").
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
#include <array>
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

// The rules a position is read and written by: standard chess, or Chess960
// (castling rights for any king and rook on the first rank, X-FEN and
// Shredder-FEN, castling written as the king taking its rook).
enum class Variant : std::uint8_t { Standard, Chess960 };

// How a FEN writes castling rights: X-FEN (KQkq, or a rook's file where
// another rook stands further out on the same side), or Shredder-FEN (the
// rooks' files always: HAha).
enum class CastlingLetters : std::uint8_t { XFen, Shredder };

class Position {
 public:
  using Move = chess::Move;
  // 218 is the most legal moves any chess position has; 256 leaves room.
  using MoveList = qi::MoveList<Move, 256>;

  static constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // The standard starting position.
  Position();

  // Reads Forsyth-Edwards Notation. From two fields on (the board and the
  // side to move), as chess.js reads it: castling then defaults to none, the
  // en passant square to none and the clocks to 0 and 1. Castling rights in
  // the letters of FEN (KQkq), X-FEN (K = the outermost rook on the king's
  // side, or the rook's file) or Shredder-FEN (the rooks' files, HAha), in
  // either variant. Rejects positions that cannot arise, with a message
  // naming the problem ("FEN: two white kings"). A castling right the board
  // cannot have (no king or rook where it needs them; in standard chess, a
  // king off e1 or a rook off a1 and h1) is dropped, as chess.js and chessops
  // drop it, with a sentence in *warnings when given. An en passant square is
  // accepted whenever a pawn could just have made the two-square step past it,
  // whether or not a capture is possible.
  static Expected<Position> from_fen(std::string_view fen, Variant variant = Variant::Standard,
                                     std::vector<std::string>* warnings = nullptr);
  // Writes FEN; the en passant square appears only when a legal en passant
  // capture exists (the python-chess convention), so equal positions in the
  // sense of FIDE 9.2.3 give equal FEN. Castling in X-FEN by default: KQkq
  // in standard chess and wherever a right's rook is the outermost on its
  // side (as Stockfish and lichess write Chess960).
  std::string fen(CastlingLetters letters = CastlingLetters::XFen) const;
  Variant variant() const { return chess960_ ? Variant::Chess960 : Variant::Standard; }
  bool chess960() const { return chess960_; }

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
  // Passes the turn without moving (the engine's null-move pruning, and a
  // record's null move "--"): the en passant chance lapses, the halfmove
  // clock counts on. The side to move must not be in check. unmake_null()
  // must follow before any other unmake.
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
  // Where a castling right's king and rook start: fixed for a game, since a
  // right once lost never returns (the standard squares where the FEN gave
  // that side no right).
  Square castling_king_square(Color c) const { return castling_.king[c]; }
  Square castling_rook_square(Color c, bool king_side) const {
    return castling_.rook[castling_index(c, king_side)];
  }
  // The squares that must be empty to castle with that right (between the
  // king and its target, and the rook and its target, the two themselves
  // aside), and those the king crosses or lands on (its target even when it
  // stands there), which no enemy piece may attack once king and rook are
  // lifted.
  Bitboard castling_path(int index) const { return castling_.path[index]; }
  Bitboard castling_king_path(int index) const { return castling_.king_path[index]; }
  // The rook's squares of a castling move m of the side to move (m.to() is
  // the king's target: g or c file).
  RookJump castling_rook(Move m) const {
    const bool king_side = file_of(m.to()) == 6;
    const Color c = rank_of(m.to()) == 0 ? White : Black;
    return {castling_.rook[castling_index(c, king_side)], castling_rook_to(c, king_side)};
  }
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
  // The legal move these squares (and promotion piece, or NoPieceType)
  // write, as UCI reads them: castling also as the king taking its own rook,
  // and as the king's move onto its target where no plain king move goes
  // there; Move::none() when there is none.
  Move find_move(Square from, Square to, PieceType promotion) const;
  // Reads UCI long algebraic notation ("e2e4", "e7e8q", "e1g1"); castling may
  // also be written as the king taking its own rook ("e1h1", as Chess960
  // writes it), and in Chess960 as the king's move to its target ("b1g1")
  // where no other king move goes there. Accepts legal moves only.
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
  // in the history this object knows (since the FEN), over at most the last
  // 75 moves: past them the game is drawn by the seventy-five-move rule
  // whatever the count.
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

  // The castling set-up of a game: per right (castling_index), the rook's
  // starting square and the squares of castling_path and castling_king_path;
  // per colour, the king's starting square.
  struct CastlingSetup {
    Square king[2] = {E1, E8};
    Square rook[4] = {H1, A1, H8, A8};
    Bitboard path[4] = {};
    Bitboard king_path[4] = {};
  };
  // Records that `c` may castle on that side with the king on `king` and the
  // rook on `rook` (both on c's first rank), and which moves end the right.
  void add_castling_right(Color c, bool king_side, Square king, Square rook);

  friend class FenReader;
  struct Empty {};
  explicit Position(Empty) { rights_kept_.fill(AllCastling); }  // no pieces; only the FEN reader starts here

  Piece board_[64] = {};
  Bitboard by_type_[7] = {};  // index NoPieceType unused
  Bitboard by_color_[2] = {};
  Color side_ = White;
  State st_;
  std::vector<State> history_;  // the states before each move made, oldest first
  int fullmove_at_start_ = 1;
  Color side_at_start_ = White;
  bool chess960_ = false;
  CastlingSetup castling_;
  // The castling rights that survive a move from or to each square: a move
  // of the king loses both of its side's, a move from or to a castling rook's
  // square (the rook leaving or being captured) that rook's.
  std::array<std::uint8_t, 64> rights_kept_{};
};

// UCI long algebraic notation for a move of pos (legal there): as to_uci(m),
// but castling in Chess960 as the king taking its own rook ("e1h1", "b8a8"),
// which is how UCI_Chess960 writes it.
std::string to_uci(const Position& pos, Move m);

}  // namespace qi::chess
