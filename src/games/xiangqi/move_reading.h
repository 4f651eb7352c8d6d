// What a reader of move text makes of a text in one position: its readings,
// each with the legal moves it names or why it names none. A text may be
// read more than one way: WXF's "33.4" is the middle soldier of three on
// file 3 by the WXF rules and the third soldier on file 3 as
// Fairy-Stockfish writes it; WinBoard's "Re2" counts ranks 0-9 and
// Fairy-Stockfish's SAN 1-10. The readings come in order of preference;
// parse_move takes the first that names a legal move, and
// XiangqiGame::moves_matching offers every one's (a record reader decides
// by the moves that follow).
#pragma once

#include <vector>

#include "core/expected.h"
#include "games/xiangqi/types.h"

namespace qi::xiangqi {

struct Reading {
  std::vector<Move> moves;  // legal moves: one, or several where this reading is ambiguous
  Error error;              // why it names no legal move (a refusal code and words), when moves is empty
};

using Readings = std::vector<Reading>;

}  // namespace qi::xiangqi
