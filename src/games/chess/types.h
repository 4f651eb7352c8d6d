// The vocabulary of chess: colours, pieces, squares, castling rights and the
// 16-bit move. Everything here is a small value type with constexpr helpers.
//
// Square numbering: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63, so
// file = square % 8 and rank = square / 8 (both from 0).
//
// Move layout (16 bits):
//   bits  0-5   from square
//   bits  6-11  to square (for castling: the king's destination g1/c1/g8/c8,
//               which in Chess960 may be the square the king stands on)
//   bits 12-13  promotion piece: 0 knight, 1 bishop, 2 rook, 3 queen
//   bits 14-15  kind: 0 normal, 1 promotion, 2 en passant, 3 castling
// The value 0 (a1a1) is never a move and stands for "no move".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace qi::chess {

enum Color : std::uint8_t { White, Black };

constexpr Color operator~(Color c) { return static_cast<Color>(c ^ 1); }

enum PieceType : std::uint8_t { NoPieceType, Pawn, Knight, Bishop, Rook, Queen, King };

// A piece is its colour times 8 plus its type, so arrays indexed by piece
// have 16 entries and colour and type come out with a shift and a mask.
enum Piece : std::uint8_t {
  NoPiece = 0,
  WhitePawn = 1,
  WhiteKnight,
  WhiteBishop,
  WhiteRook,
  WhiteQueen,
  WhiteKing,
  BlackPawn = 9,
  BlackKnight,
  BlackBishop,
  BlackRook,
  BlackQueen,
  BlackKing,
};

constexpr Piece make_piece(Color c, PieceType pt) { return static_cast<Piece>((c << 3) | pt); }
constexpr Color color_of(Piece p) { return static_cast<Color>(p >> 3); }
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(p & 7); }

// FEN letter of a piece: uppercase for White ("PNBRQK"), lowercase for Black.
char piece_char(Piece p);
// The piece a FEN letter stands for, or NoPiece.
Piece piece_from_char(char c);

// clang-format off
enum Square : std::uint8_t {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  NoSquare = 64,
};
// clang-format on

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * 8 + file); }
constexpr bool is_ok(Square s) { return s < NoSquare; }
// The same square seen from Black's side of the board (a1 <-> a8).
constexpr Square flip_rank(Square s) { return static_cast<Square>(s ^ 56); }
// Rank counted from a colour's own side: relative_rank(Black, a7) == 1.
constexpr int relative_rank(Color c, Square s) { return c == White ? rank_of(s) : 7 - rank_of(s); }
constexpr Square relative_square(Color c, Square s) { return c == White ? s : flip_rank(s); }
// One step towards the opponent's side.
constexpr int pawn_push(Color c) { return c == White ? 8 : -8; }

// "e4"; "-" for NoSquare.
std::string square_name(Square s);
// "e4" -> E4; anything else (including "-") -> nullopt.
std::optional<Square> parse_square(std::string_view text);

// Castling rights as a bit set.
enum CastlingRights : std::uint8_t {
  NoCastling = 0,
  WhiteOO = 1,
  WhiteOOO = 2,
  BlackOO = 4,
  BlackOOO = 8,
  WhiteCastling = WhiteOO | WhiteOOO,
  BlackCastling = BlackOO | BlackOOO,
  AllCastling = 15,
};

constexpr CastlingRights castling_right(Color c, bool king_side) {
  return static_cast<CastlingRights>((king_side ? WhiteOO : WhiteOOO) << (2 * c));
}
// 0-3 for WhiteOO, WhiteOOO, BlackOO, BlackOOO: what per-right tables are indexed by.
constexpr int castling_index(Color c, bool king_side) { return 2 * c + (king_side ? 0 : 1); }

// Where castling puts the king and the rook, in standard chess and in
// Chess960 alike (FIDE 3.8.2; Guidelines II on Chess960): g1 and f1 on the
// king's side, c1 and d1 on the queen's (g8, f8, c8, d8 for Black),
// wherever the two stood before.
constexpr Square castling_king_to(Color c, bool king_side) { return relative_square(c, king_side ? G1 : C1); }
constexpr Square castling_rook_to(Color c, bool king_side) { return relative_square(c, king_side ? F1 : D1); }

// The rook's squares for a castling move.
struct RookJump {
  Square from, to;
};

class Move {
 public:
  enum Kind : std::uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3 };

  constexpr Move() = default;
  constexpr Move(Square from, Square to) : bits_(static_cast<std::uint16_t>(from | (to << 6))) {}
  constexpr Move(Square from, Square to, Kind kind, PieceType promotion = Knight)
      : bits_(static_cast<std::uint16_t>(from | (to << 6) | ((promotion - Knight) << 12) | (kind << 14))) {}

  static constexpr Move none() { return Move(); }
  static constexpr Move from_bits(std::uint16_t bits) {
    Move m;
    m.bits_ = bits;
    return m;
  }

  constexpr Square from() const { return static_cast<Square>(bits_ & 63); }
  constexpr Square to() const { return static_cast<Square>((bits_ >> 6) & 63); }
  constexpr Kind kind() const { return static_cast<Kind>(bits_ >> 14); }
  // The piece a pawn becomes; meaningful only for kind() == Promotion.
  constexpr PieceType promotion() const { return static_cast<PieceType>(((bits_ >> 12) & 3) + Knight); }
  constexpr std::uint16_t bits() const { return bits_; }
  constexpr bool is_none() const { return bits_ == 0; }
  constexpr explicit operator bool() const { return bits_ != 0; }

  friend constexpr bool operator==(Move a, Move b) { return a.bits_ == b.bits_; }

 private:
  std::uint16_t bits_ = 0;
};

// UCI long algebraic notation as standard chess writes it: "e2e4", "e7e8q",
// castling as the king's move "e1g1"; "0000" for Move::none() (the null
// move). Chess960 writes castling as the king taking its own rook: see
// to_uci(const Position&, Move) in position.h.
std::string to_uci(Move m);

}  // namespace qi::chess
