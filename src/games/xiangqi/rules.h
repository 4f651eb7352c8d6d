// How a xiangqi game ends by rule, judged from the position and its own
// history (docs/rules.md, "End of the game", has the full text of each rule
// and the choices made):
// - no legal move loses: checkmate (将死) or stalemate (困毙);
// - when the moves have gone round a cycle three times ("循环反复已达三次": the
//   position occurs for the fourth time), the cycle is judged: a side that
//   checked with every move of the cycle (长将) loses; otherwise a side that
//   attacked with every move, each a check or a chase of the same piece
//   (长捉, 一将一捉), loses; if neither side broke these rules, or both did,
//   either may claim the draw (不变作和, CXA: "可由任何一方提议作和"), and the
//   draw is declared when the repetition goes on, at the sixth occurrence
//   ("循环反复局面还在延续，裁判员有权...判和"). Real master games bear the count
//   out: a side that repeats a forbidden cycle changes its move once the
//   position has stood three times, and play goes on (docs/rules.md);
// - no capture for the natural move limit (120 plies by default) draws;
// - neither side has a chariot, horse, cannon or soldier: draw.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/outcome.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

// Occurrences of a position that make its cycle judged (three times round
// the cycle), and that make an unclaimed draw by repetition automatic.
inline constexpr int kRepetitionsToJudge = 4;
inline constexpr int kRepetitionsToDraw = 6;

// The verdict of the rules on the position: ongoing, or a win or draw that
// ends the game by itself.
Outcome judge(const Position& pos);
// The draws the side to move may claim: an idle (or mutual) repetition
// judged at the fourth occurrence.
std::vector<Outcome> claimable_draws(const Position& pos);

// The verdict on the cycle of the last `span` plies (even, at most the
// history's length, no capture inside), as if the cycle had been gone round
// the times that judge it: a win for the side that did not check or
// chase perpetually, or a draw (repetition_draw, mutual_perpetual_check,
// mutual_perpetual_chase). The engine's search asks this at the first
// repetition.
Outcome judge_cycle(const Position& pos, int span);

// A draw by a count rather than a repetition: the natural move limit, or no
// attacking material; what the search asks at every node.
std::optional<Outcome> draw_by_count(const Position& pos);

// Whether `side` has a piece that can ever give check or cross the river
// (a chariot, horse, cannon or soldier): a side without one cannot win.
bool has_attacking_piece(const Position& pos, Side side);

// The opponent pieces `chaser` chases in pos (as points): pieces its
// chariots, horses, cannons, advisors and elephants could legally capture
// where the capture cannot be answered by a legal recapture, or where a
// horse or cannon attacks a chariot, or an advisor or elephant attacks a
// chariot, horse or cannon. Generals and uncrossed soldiers are never
// chased; generals and soldiers never chase; two pieces of one kind
// attacking each other do not chase unless only one of them can capture.
// pos is modified during the call and restored.
Bitboard chased_by(Position& pos, Side chaser);

}  // namespace qi::xiangqi
