// How a xiangqi game ends by rule, judged from the position and its own
// history (docs/rules-xiangqi.md has the full text of each rule):
// - no legal move loses: checkmate (将死) or stalemate (困毙);
// - a position occurring for the third time ends the game: a side that
//   checked with every move of the cycle (长将) loses; otherwise a side
//   that attacked with every move, each a check or a chase of the same
//   piece (长捉, 一将一捉), loses; if both or neither broke these rules
//   the game is drawn (不变作和);
// - no capture for the natural move limit (120 plies by default) draws;
// - neither side has a chariot, horse, cannon or soldier: draw.
#pragma once

#include <string>

#include "core/outcome.h"
#include "games/xiangqi/position.h"

namespace qi::xiangqi {

inline constexpr int kRepetitionsToJudge = 3;

struct Judgement {
  Verdict verdict = Verdict::Ongoing;
  Side winner = kRed;
  std::string termination;  // "checkmate", "perpetual_check", ...
  std::string reason;       // "Black wins: Red checked perpetually"
};

Judgement judge(const Position& pos);

// The verdict on the cycle of the last `span` plies (even, at most the
// history's length, no capture inside), as if the position now on the board
// had occurred for the third time: perpetual check or chase loses, anything
// else is a draw. The engine's search asks this at the first repetition.
Judgement judge_cycle(const Position& pos, int span);

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
