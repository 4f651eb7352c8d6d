// Move text both ways: Standard Algebraic Notation (FIDE Laws, Appendix C;
// PGN section 8.2.3) and UCI long algebraic notation.
//
// Writing SAN: piece letter (none for pawns), the minimal disambiguation among
// the legal moves of the same piece type to the same square (the file if that
// suffices, else the rank, else both), "x" for a capture (a pawn capture
// starts with the pawn's file), the destination, "=Q" for a promotion, "O-O"
// and "O-O-O" for castling, then "+" for check or "#" for checkmate.
//
// Reading is as tolerant as python-chess's parse_san and pgn-extract: zeros
// or small o's for the castling O ("0-0", "o-o-o"), a promotion without "=",
// with "/" or in brackets, in either case ("e8Q", "e8=q", "e8/Q", "e8(Q)"),
// a missing, present or superfluous "+", "#" or "++", the annotation glyphs
// "!" and "?", "x" or ":" for a capture or nothing, "-" between two squares,
// the en passant suffix "ep" or "e.p.", a leading "P" for a pawn, piece
// letters in lower case ("nf3"; "b" is read as a bishop only where no pawn
// move fits, and both readings fitting is ambiguous), more disambiguation
// than needed ("Ng1f3"), and coordinates without a piece letter as the move
// of whatever piece stands there ("g1-f3", "g1xf3", "e7-e8=Q", castling
// "e1-g1"), as UCI is read.
//
// Where a person plays (Reading::Play), a text that names another move is
// refused with the reason: an "x" on a move that captures nothing ("there is
// nothing to capture on f3"), "Kg1" for castling ("castling is written
// O-O"), and the null move. A record (Reading::Record) is read as python-chess
// reads it: the capture sign is not checked, a king's two-square move
// ("Kg1", "Ke1-g1") is castling, and a null move ("--", "Z0", "0000",
// "@@@@": the turn passes) is Move::none().
//
// Errors are of three kinds, each with its own message: not a move at all
// ("Nz3 is not a move: expected a square at character 2"), illegal here with
// the reason ("Nxe5 is illegal: no knight can reach e5"), or ambiguous
// ("Nd7 is ambiguous: Nbd7 or Nfd7"). Every one quotes the text.
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
  bool piece_written = false;         // a piece letter came first ("Ng1f3", "Pe4"; not "g1f3")
  Castle castle = NoCastle;
  bool null_move = false;  // "--", "Z0", "0000", "@@@@"
};

// Who reads a move text: a person playing, or a record (see above).
enum class Reading : std::uint8_t { Play, Record };

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
// game started from, oldest first (a null move as Move::none()), which lets
// the reasons for refused castling name what moved ("the rook on h1 has
// moved"); may be empty. A record's null move is Move::none().
Expected<Move> parse_san(const Position& pos, std::string_view text, MoveTextError* why = nullptr,
                         std::span<const Move> history = {}, Reading reading = Reading::Play);

// Reads UCI ("e2e4", "e7e8q", "e1g1", also "e1h1" for castling) when the text
// has that shape, and SAN otherwise.
Expected<Move> parse_move_text(const Position& pos, std::string_view text, MoveTextError* why = nullptr,
                               std::span<const Move> history = {}, Reading reading = Reading::Play);

// Whether text is one of the spellings of a null move.
bool is_null_move_text(std::string_view text);

// A move text as it may appear in a one-line message: control characters
// and bytes that are not UTF-8 become \xNN, and a long text is cut between
// characters ("N\x01f3", "aaaa...").
std::string printable_move_text(std::string_view text);

// Whether text has the shape of a UCI move: two squares and an optional
// promotion letter.
bool looks_like_uci(std::string_view text);

}  // namespace qi::chess
