// Hints: the best move with a short reason a beginner understands, chosen
// in this order: the only legal move; a forced mate or win ("mate in 2");
// tic-tac-toe's rule of thumb (win, block, fork, ...); stopping a threat
// the opponent would carry out if it were its turn; winning material; a
// check; otherwise the plain assessment.
#pragma once

#include <string>

#include "engine/engine.h"

namespace qi::engine {

// What makes the move good, as facts a page can word in any language; each
// field belongs to one kind of hint and is left empty by the others.
struct HintFacts {
  int mate_in = 0;  // mate: moves to the mate (chess, xiangqi) or the win (others); 1 = at once
  int gain = 0;     // wins_material: what it takes, in hundredths of the game's unit (pawn, soldier, man)
  std::string material;  // wins_material: queen, rook, minor_piece, pawn, chariot, chariot_or_big_piece,
                         // horse_or_cannon, soldier, piece, pieces
  bool safely = false;   // wins_material: it takes safely (as opposed to winning material outright)
  std::string threat;    // stops_threat: the opponent's threatened move (id)
  std::string threat_display;   // ... in the game's notation for people
  bool threat_is_mate = false;  // stops_threat: the threat is a mate
  std::string strategy;         // strategy: tic-tac-toe's rule (win, block, fork, block_fork, centre,
                                // opposite_corner, empty_corner, empty_side)
  int assessment_cp = 0;        // positional: the engine's assessment, hundredths of the game's unit
};

struct Hint {
  std::string move;          // the move id
  std::string move_display;  // SAN, Chinese, PDN, the square
  std::string kind;          // only_move, mate, strategy, stops_threat, wins_material, check, positional
  std::string reason;        // one short sentence in English (the command line's words)
  HintFacts facts;
};

// Explains `result` (a search of the engine's present position).
Hint explain_move(const Engine& engine, const SearchResult& result);

// Searches the position (to `depth`, full strength) and explains the best move.
Hint hint(Engine& engine, int depth = 8);

}  // namespace qi::engine
