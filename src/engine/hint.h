// Hints: the best move with a short reason a beginner understands, chosen
// in this order: the only legal move; a forced mate or win ("mate in 2");
// tic-tac-toe's rule of thumb (win, block, fork, ...); stopping a threat
// the opponent would carry out if it were its turn; winning material; a
// check; otherwise the plain assessment.
#pragma once

#include <string>

#include "engine/engine.h"

namespace qi::engine {

struct Hint {
  std::string move;          // the move id
  std::string move_display;  // SAN, Chinese, PDN, the square
  std::string kind;          // only_move, mate, rule, stops_threat, wins_material, check, positional
  std::string reason;        // one short sentence
};

// Explains `result` (a search of the engine's present position).
Hint explain_move(const Engine& engine, const SearchResult& result);

// Searches the position (to `depth`, full strength) and explains the best move.
Hint hint(Engine& engine, int depth = 8);

}  // namespace qi::engine
