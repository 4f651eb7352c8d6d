// Xiangqi game records in the PGN form xiangqi programs exchange:
//
//   [Game "Chinese Chess"]
//   [Red "..."] [Black "..."] [Result "1-0"] [FEN "..."] [Format "ICCS"]
//   1. H2-E2 H9-G7 2. H0-G2 ...  1-0
//
// Moves are written in ICCS; reading accepts ICCS, WXF or Chinese moves,
// comments ({...}, ; to end of line), variations ((...), skipped), numeric
// annotation glyphs ($1) and move numbers.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::string start_fen;                                  // the FEN tag, or the standard start
  std::vector<Move> moves;                                // each legal in turn
  std::string result = "*";                               // "1-0", "0-1", "1/2-1/2", "*"

  std::string tag(std::string_view name) const;
};

// Reads one game. Every move is checked against the rules; the error names
// the move number and says what is wrong with it.
Expected<GameRecord> read_pgn(std::string_view text);

std::string write_pgn(const GameRecord& record);

// "1. 炮二平五 马８进７\n2. ..." for people.
std::string chinese_move_list(const Position& start, const std::vector<Move>& moves);

}  // namespace qi::xiangqi
