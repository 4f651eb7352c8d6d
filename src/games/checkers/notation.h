// Text forms of squares, moves and positions (PDN conventions).
//
// Squares are the PDN numbers 1-32 (8x8) or 1-50 (10x10). On 8x8 boards of the
// Russian and Brazilian games algebraic names are accepted too (a1 = 29,
// h8 = 4, White's side at the bottom, as those federations write them).
// Moves: "11-15" for a plain move, "22x15" for a capture, and the full landing
// path "15x24x31" where the short form would be ambiguous; Russian records
// write "c3-d4" and "c3:e5", Brazilian ones "c3-d4" and "c3xe5" (PDN 3.0,
// GameType). The reader takes any of these forms in every variant whose board
// has them, with PDN 3.0's move strength marks after a move ("!?", "(?)",
// and "*" for a forced move). FEN in PDN form: "B:W21,22,K30:B1-12" (side to
// move, then each colour's squares, K before a king, ranges allowed when
// reading).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "games/checkers/variants.h"

namespace qi::checkers {

struct BoardShape {
  int size = 8;               // 8 or 10
  bool algebraic_ok = false;  // accept a1..h8 besides numbers
  // Who is to move where a FEN leaves it open ("?:W...:B..."): the variant's
  // first mover.
  Colour first = Colour::White;
  int squares() const { return size * size / 2; }
};

// How squares and captures are written: numbers, or algebraic names with
// the board's size, and the capture sign ('x' or ':').
struct MoveStyle {
  int size = 8;
  bool algebraic = false;
  char capture = 'x';
};

// A move as written: its squares in order, whether it was written as a
// capture ('x' or ':') or a plain move ('-'), and in which style.
struct MoveWords {
  std::vector<int> squares;  // at least two
  bool capture = false;
  MoveStyle style = {};
};

Expected<int> parse_square(std::string_view text, const BoardShape& shape);
// "22" or, in the algebraic style, "c3".
std::string square_text(int square, const MoveStyle& style);
// "11-15", "22x15", "15x24x31", "c3-d4", "c3:e5", "c3xe5", "1115" and "c3d4"
// (the two squares run together), each perhaps with move strength marks.
Expected<MoveWords> parse_move_words(std::string_view text, const BoardShape& shape);
// In the words' own style.
std::string format_move_words(const MoveWords& words);

struct PlacedPiece {
  Colour colour;
  int square;
  bool king;
};

struct Setup {
  Colour to_move = Colour::White;
  std::vector<PlacedPiece> pieces;
};

// Reads a PDN FEN and checks it can be a position of a game on this board:
// every square in range and listed once, each side with at least one piece
// and no more than it starts with. Read as tolerantly as the draughts
// programs that write them: ranges, K or k before a king, an empty field
// or a final '.', a colour's list run on without its ':', "?" for the side
// to move, the move counters some tools add. A man on its own crowning row
// stays a man, as CheckerBoard and the draughts libraries read it (see
// docs/rules.md).
Expected<Setup> parse_fen(std::string_view fen, const BoardShape& shape);
// White's pieces first, then Black's, each in square order.
std::string format_fen(const Setup& setup);

inline char colour_letter(Colour c) { return c == Colour::White ? 'W' : 'B'; }
inline std::string_view colour_name(Colour c) { return c == Colour::White ? "White" : "Black"; }

}  // namespace qi::checkers
