// PDN's GameType tag (PDN 3.0): which draughts game a record is of.
//
// "20", or in full "20,W,10,10,N2,0": the type number, then the colour that
// starts, the board's width and height, the notation (A algebraic, N
// numeric, S short algebraic, with the corner of the first square as the
// starting side sees it: 0 bottom left, 1 bottom right, 2 top left, 3 top
// right) and whether the bottom left corner is a light square. Qi plays
// types 20 (international), 21 (English), 25 (Russian) and 26 (Brazilian).
//
// The type number decides the game. Of the attributes only the board is
// checked against it: records in the wild name the standard numbering with
// other corners (playok writes "20,W,10,10,N1,0" for FMJD's numbers), and
// the reader takes numbers and names in every variant whose board has them.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/expected.h"
#include "games/checkers/variants.h"

namespace qi::checkers {

struct GameType {
  int number = 0;
  // The attributes after the number, when given.
  std::optional<Colour> start;
  int width = 0, height = 0;  // 0: not given
  char notation = 0;          // 'A', 'N', 'S'; 0: not given
  int corner = -1;            // 0-3; -1: not given
  bool light_corner = false;
};

Expected<GameType> parse_game_type(std::string_view value);

// The variant a GameType names ("russian"), or why Qi cannot read the record
// as one: another game ("GameType 22 is Italian draughts, which Qi does not
// play ...") or a board that contradicts the type.
Expected<std::string_view> variant_of_game_type(const GameType& type);

}  // namespace qi::checkers
