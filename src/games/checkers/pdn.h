// Portable Draughts Notation files: tag pairs and movetext, several games per
// file. This layer reads and writes the text only; CheckersGame replays the
// moves and so checks them against the rules.
//
// Result codes keep their PDN meaning, named by colour, not by turn order:
// "1-0" White won, "0-1" Black won, "1/2-1/2" a draw, "*" unfinished. So an
// English game that Black (the first player) won ends "0-1". International
// point scores "2-0", "0-2", "1-1" are read as the same three results.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"

namespace qi::checkers {

struct PdnGame {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<std::string> moves;                         // as written ("11-15", "22x15")
  std::string result = "*";                               // "1-0", "0-1", "1/2-1/2", "*"
  bool starts_with_second_colour = false;                 // when writing: the first move is numbered "1..."

  std::string tag(std::string_view name) const;  // "" when absent
  void set_tag(std::string_view name, std::string value);
};

// Comments ({...} and ;...), variations ((...), skipped), move numbers, NAGs
// ($n) and move suffixes (!, ?) are understood and dropped.
Expected<std::vector<PdnGame>> parse_pdn(std::string_view text);
std::string format_pdn(const PdnGame& game);

}  // namespace qi::checkers
