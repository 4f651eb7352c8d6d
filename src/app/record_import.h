// Starting a game from a pasted record: a FEN, or a whole game in PGN (chess,
// xiangqi) or PDN (checkers; the variant from its GameType tag unless one is
// chosen), or for tic-tac-toe a list of squares. The game starts from the
// record's start position with its moves played. A bad record gives the
// parser's one-line error (which move, where).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace qi::app {

struct ImportedGame {
  std::string variant;             // the variant played (checkers), else as asked
  std::string start_fen;           // empty: the standard start
  std::vector<std::string> moves;  // move ids, legal in turn
};

Expected<ImportedGame> import_record(std::string_view game, std::string_view variant, std::string_view text);

}  // namespace qi::app
