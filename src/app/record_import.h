// Starting a game from a pasted record: a FEN, or a whole game record in the
// game's format (PGN for chess, xiangqi and tic-tac-toe, PDN for draughts,
// or just the moves), read by the one record model (core/record.h). The game
// starts from the record's start position with its moves played. Where the
// record plays on past an ending the rules give by themselves (a repetition
// an arbiter did not rule on), the ruling is noted and the moves go on. A
// bad record gives the reader's one-line error (which move, where).
//
// Where the caller names no variant, the record's own tags and moves choose
// it (the registry's variant_of_record: a draughts record without GameType
// is read as the variant its squares and moves show); where the record
// leaves a choice, the import says what it assumed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/record_dialect.h"
#include "core/referee.h"

namespace qi::app {

struct ImportedGame {
  std::string variant;             // the variant played: as asked, else the record's
  std::string assumed;             // how the variant was chosen where the record leaves a choice, else ""
  std::string start_fen;           // empty: the standard start
  std::vector<std::string> moves;  // move ids, legal in turn
  Tags tags;                       // the record's own
  std::vector<Ruling> rulings;     // where the record played on past an ending by rule
  std::string result = "*";        // the record's result token
  // What the start position's FEN was read as otherwise than written
  // (Game::fen_warnings: a castling right the board cannot have, dropped).
  std::vector<std::string> fen_warnings;
};

Expected<ImportedGame> import_record(std::string_view game, std::string_view variant, std::string_view text);

}  // namespace qi::app
