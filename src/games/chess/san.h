// Move text both ways: Standard Algebraic Notation (FIDE Laws, Appendix C;
// PGN section 8.2.3) and UCI long algebraic notation.
//
// Writing SAN: piece letter (none for pawns), the minimal disambiguation among
// the legal moves of the same piece type to the same square (the file if that
// suffices, else the rank, else both), "x" for a capture (a pawn capture
// starts with the pawn's file), the destination, "=Q" for a promotion, "O-O"
// and "O-O-O" for castling, then "+" for check or "#" for checkmate.
//
// Reading SAN accepts what people and programs commonly write: zeros for the
// castling O ("0-0"), a promotion without "=" or in lower case ("e8Q",
// "e8=q"), a missing, present or superfluous "+" or "#", the annotation
// glyphs "!" and "?", "x" or ":" for a capture or nothing, "-" between two
// squares, the en passant suffix "ep" or "e.p.", a leading "P" for a pawn, and
// more disambiguation than needed ("Ng1f3"). An "x" on a move that captures
// nothing is refused, since it says the writer had another move in mind.
//
// Errors are of three kinds, each with its own message: not a move at all
// ("Nz3 is not a move: expected a square at character 2"), illegal here with
// the reason ("Nxe5 is illegal: no knight can reach e5"), or ambiguous
// ("Nd7 is ambiguous: Nbd7 or Nfd7").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "games/chess/position.h"
#include "games/chess/types.h"

namespace qi::chess {

// What a SAN text says about a move, before it is matched to the legal moves.
struct SanPattern {
  enum Castle : std::uint8_t { NoCastle, KingSide, QueenSide };
  PieceType piece = Pawn;
  int from_file = -1;  // 0-7 when written, else -1
  int from_rank = -1;
  Square to = NoSquare;
  PieceType promotion = NoPieceType;  // as written; King and Pawn are refused later, with a reason
  bool capture = false;               // "x" or ":" was written
  Castle castle = NoCastle;
};

// Why a move text was not accepted.
struct MoveTextError {
  enum Kind : std::uint8_t { NotAMove, Illegal, Ambiguous };
  Kind kind = NotAMove;
  std::string text;    // the move as written, without surrounding spaces
  std::string reason;  // "no knight can reach e5", "Nbd7 or Nfd7"
  std::string code;    // the rule broken (refusal_codes.h): "no_piece_reaches", "ambiguous", "not_a_move"
  // "Nxe5 is illegal: no knight can reach e5", "Nd7 is ambiguous: Nbd7 or
  // Nfd7", "Nz3 is not a move: expected a square at character 2".
  std::string message() const;
};

// The SAN of m, which must be legal in pos.
std::string to_san(const Position& pos, Move m);

// Reads the syntax of SAN only (no position needed).
Expected<SanPattern> read_san(std::string_view text, MoveTextError* why = nullptr);

// Reads SAN in pos. On failure the Error holds why->message(), and *why (when
// given) the kind and reason. history: the moves made since the position the
// game started from, oldest first, which lets the reasons for refused
// castling name what moved ("the rook on h1 has moved"); may be empty.
Expected<Move> parse_san(const Position& pos, std::string_view text, MoveTextError* why = nullptr,
                         std::span<const Move> history = {});

// Reads UCI ("e2e4", "e7e8q", "e1g1", also "e1h1" for castling) when the text
// has that shape, and SAN otherwise.
Expected<Move> parse_move_text(const Position& pos, std::string_view text, MoveTextError* why = nullptr,
                               std::span<const Move> history = {});

// A move text as it may appear in a one-line message: control characters
// and bytes that are not UTF-8 become \xNN, and a long text is cut between
// characters ("N\x01f3", "aaaa...").
std::string printable_move_text(std::string_view text);

// Whether text has the shape of a UCI move: two squares and an optional
// promotion letter.
bool looks_like_uci(std::string_view text);

}  // namespace qi::chess
