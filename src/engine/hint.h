// Hints: the best move with a short reason a beginner understands, chosen
// in this order: the only legal move; a forced mate or win ("mate in 2");
// the game's own note on the move (tic-tac-toe's rules of thumb: win, block,
// fork, ...); stopping a threat the opponent would carry out if it were its
// turn; winning material; a check; otherwise the move's plan (plan.h: the
// piece, what it develops, controls, attacks, opens or prepares, from each
// game's planner) with the engine's assessment. The reason is composed here
// in English and Chinese from these facts and the game's descriptor (its
// pieces' names), so a page never words it.
#pragma once

#include <string>
#include <vector>

#include "core/words.h"
#include "engine/engine.h"
#include "engine/plan.h"

namespace qi::engine {

// What makes the move good, as facts; each field belongs to one kind of
// hint and is left empty by the others.
struct HintFacts {
  int mate_in = 0;  // mate: moves to the mate (or the win); 1 = at once
  int gain = 0;     // wins_material: what it takes, in hundredths of the game's unit (pawn, soldier, man)
  std::vector<std::string> captured;  // wins_material: the codes of the pieces it takes (descriptor pieces)
  bool safely = false;          // wins_material: it takes safely (as opposed to winning material outright)
  std::string threat;           // stops_threat: the opponent's threatened move (id)
  std::string threat_display;   // ... in the game's notation for people
  bool threat_is_mate = false;  // stops_threat: the threat is a mate
  std::string note;             // note: the game's own id (tic-tac-toe: win, block, fork, ...)
  int assessment_cp = 0;        // positional: the engine's assessment, hundredths of the game's unit
  PlanFacts plan;               // positional: the piece and what the move aims at (plan.piece empty: none)
};

struct Hint {
  std::string move;          // the move id
  std::string move_display;  // SAN, Chinese, PDN, the square
  std::string kind;          // only_move, mate, note, stops_threat, wins_material, check, positional
  std::string reason;        // the English sentence (words.en), for the command line
  Words words;
  HintFacts facts;
};

// Explains `result` (a search of the engine's present position).
Hint explain_move(const Engine& engine, const SearchResult& result);

// Searches the position (to `depth`, full strength) and explains the best move.
Hint hint(Engine& engine, int depth = 8);

}  // namespace qi::engine
