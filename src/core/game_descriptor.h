// What a front end must know of a game to show it without knowing its rules:
// the board's shape and squares, the pieces and how to draw them, the side
// names, the notations its moves are written in, its handicaps, its record
// format and the words of its refusals. Each game describes itself once, in
// its own folder; the server sends the descriptors (/api/info) and the page
// draws any game from them (see docs/app.md).
#pragma once

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "core/refusal_code.h"
#include "core/side.h"
#include "core/termination.h"
#include "core/words.h"

namespace qi {

// A square (or point) a piece can stand on: its key (what moves name it by)
// and where it is drawn, x from the left and y from the bottom of the board
// as the game's diagrams show it (BoardLook::bottom_side at the bottom).
struct SquareCell {
  std::string key;
  int x = 0, y = 0;
};

struct BoardLook {
  enum class Style { Checkered, Plain, Intersections };
  int files = 8, ranks = 8;
  Style style = Style::Checkered;
  Side bottom_side = Side::First;  // the side whose pieces start at the bottom
  // Every square, in the order of Game::board_cells(); on a draughts board
  // only the dark ones.
  std::vector<SquareCell> squares;
  // File labels by x as each side reads them, shown on that side's edge; an
  // empty list shows none. Rank labels by y, on the left.
  std::array<std::vector<std::string>, 2> file_labels;
  std::vector<std::string> rank_labels;
  bool numbered = false;  // each square shows its key (draughts)
  // Intersections: the river lies between rank `river` and the next (-1:
  // none), with its text; palaces are boxes drawn with their diagonals,
  // {x0, y0, x1, y1}.
  int river = -1;
  std::array<std::string, 2> river_text;
  std::vector<std::array<int, 4>> palaces;
};

// How one piece is drawn; `code` is its letter in Game::board_cells().
struct PieceLook {
  char code = '?';
  Side side = Side::First;
  enum class Shape { Figure, Disc, Man, Mark };
  Shape shape = Shape::Figure;
  std::string glyph;   // the character drawn (a figure, a Chinese name, a crown, a mark)
  std::string colour;  // the drawing's colour class: white, black, red, light, dark
  Words name;          // "queen" / "后"
};

struct NotationInfo {
  std::string id;  // the key of a move's text in this notation (MoveText::notations)
  Words title;
  std::vector<std::string> first_in;  // languages whose players read this notation first
  // The names this notation gives the files (by x) and the ranks (by y)
  // where the board's own labels do not name them (draughts' numbered
  // squares read as c3): drawn on the board's edges while the notation is
  // chosen, in place of the squares' numbers. Empty: the board's own.
  std::vector<std::string> file_labels, rank_labels;
};

struct HandicapInfo {
  std::string name;  // "one_horse"
  Words title;
  Side default_giver = Side::First;
  // The giver's first move may not go to these squares (tic-tac-toe's "no
  // centre"); empty for the handicaps that only take material off.
  std::vector<std::string> giver_avoids;
};

// A record's format and the tags that tell a pasted record is of this game
// (and of this variant).
struct RecordInfo {
  std::string format = "PGN";  // PGN, PDN
  std::vector<std::pair<std::string, std::string>> identifying_tags;
};

struct VariantDescriptor {
  std::string name;  // "" for a game without variants
  Words title;
  std::array<Words, 2> sides;  // first mover first: White, Black; Red, Black; X, O
  BoardLook board;
  std::vector<PieceLook> pieces;
  std::vector<NotationInfo> notations;  // the first is the move's display text
  std::vector<HandicapInfo> handicaps;
  RecordInfo record;
  // How many start positions the variant numbers (Chess960: 960, numbered
  // 0 to 959, Game::numbered_start_fen); 0 for one start.
  int numbered_starts = 0;
  // The key its players' ratings are kept under; empty: the game's name
  // (Chess960 is rated apart from chess, each draughts game apart from
  // English checkers).
  std::string rating_key;
};

struct GameDescriptor {
  std::string name;  // "checkers"
  Words title;
  int order = 0;           // where menus list it
  bool checkmate = false;  // won by mating (chess, xiangqi): hints say "mate in 2", not "wins in 2"
  std::vector<VariantDescriptor> variants;  // the first is the default
  std::vector<RefusalWords> refusals;
  // The endings of its rules (src/games/<game>/endings.h); the referee's
  // endings, common to every game, are core's (kRefereeEndings).
  std::vector<Termination> endings;
  // Words the game's hints use beyond the pieces' names (tic-tac-toe's rules
  // of thumb), by id.
  std::vector<std::pair<std::string, Words>> hint_words;

  const VariantDescriptor* variant(std::string_view v) const {
    if (v.empty()) return &variants.front();
    for (const VariantDescriptor& d : variants)
      if (d.name == v) return &d;
    return nullptr;
  }
};

}  // namespace qi
