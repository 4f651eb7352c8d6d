// Text forms of squares, moves and positions (PDN conventions).
//
// Squares are the PDN numbers 1-32 (8x8) or 1-50 (10x10). On 8x8 boards of the
// Russian and Brazilian games algebraic names are accepted too (a1 = 29,
// h8 = 4, White's side at the bottom, as those federations write them).
// Moves: "11-15" for a plain move, "22x15" for a capture, and the full landing
// path "15x24x31" where the short form would be ambiguous. FEN in PDN form:
// "B:W21,22,K30:B1-12" (side to move, then each colour's squares, K before a
// king, ranges allowed when reading).
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
  int squares() const { return size * size / 2; }
};

// A move as written: its squares in order and whether it was written as a
// capture ('x' or ':') or a plain move ('-').
struct MoveWords {
  std::vector<int> squares;  // at least two
  bool capture = false;
};

Expected<int> parse_square(std::string_view text, const BoardShape& shape);
// "11-15", "22x15", "15x24x31", "c3-d4", "c3:e5", "1115" (four digits on 8x8).
Expected<MoveWords> parse_move_words(std::string_view text, const BoardShape& shape);
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
// every square in range and listed once, no man on its own crowning row, and
// no side with more pieces than it starts with.
Expected<Setup> parse_fen(std::string_view fen, const BoardShape& shape);
// White's pieces first, then Black's, each in square order.
std::string format_fen(const Setup& setup);

inline char colour_letter(Colour c) { return c == Colour::White ? 'W' : 'B'; }
inline std::string_view colour_name(Colour c) { return c == Colour::White ? "White" : "Black"; }

}  // namespace qi::checkers
