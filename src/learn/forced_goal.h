// What a learner can still force after a move that did not reach the step's
// goal at once: an exact search by the rules (the Game interface alone, so
// that learn stays on core), both sides' every legal move, to the learner's
// moves still allowed. It tells a child's other good move from a wrong one
// (a different mate in two is as good as the script's), and gives the other
// side its best defence, so that the answer on the board is the one a
// stubborn opponent would play.
//
// Its work is bounded by a budget of moves played, counted, never timed: the
// same moves bring the same answer (the API replays a step on every request),
// and when the budget runs out the answer is Unknown, for the caller to fall
// back on the step's script.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/game.h"
#include "learn/step_goal.h"

namespace qi::learn {

struct Defence {
  enum class Verdict : std::uint8_t {
    Forced,   // whatever the other side answers, the goal comes in time; `reply` defends longest
    Escapes,  // the other side's `reply` keeps the goal out of reach in the moves left
    Unknown,  // the budget ran out before the search could tell
  };
  Verdict verdict = Verdict::Unknown;
  std::string reply;        // the other side's move, by its id
  int moves_needed = 0;     // Forced: the learner's moves to the goal after `reply`
  std::uint64_t nodes = 0;  // the moves the search played
};

class ForcedGoalSearch {
 public:
  ForcedGoalSearch(const StepGoal& goal, Side learner, std::uint64_t budget)
      : goal_(goal), learner_(learner), budget_(budget) {}

  // `game`: the learner's move just played, the other side to move, the game
  // not over; `moves_left` (at least 1): the learner's moves still allowed.
  // Among equally long defences `scripted` (the step's own reply, if any) is
  // preferred, so that the solution's line is played as written; otherwise
  // the first in the game's order of legal moves. `game` is left as it came.
  Defence defend(Game& game, int moves_left, std::string_view scripted);

 private:
  // The learner to move: whether some move reaches the goal within `moves_left`.
  bool learner_reaches(Game& game, int moves_left);
  // The other side to move: whether every answer still lets the learner reach
  // the goal within `moves_left`.
  bool no_reply_escapes(Game& game, int moves_left);
  // The fewest learner moves to the goal within `moves_left` (the learner to
  // move), 0 when none reaches it.
  int moves_to_goal(Game& game, int moves_left);
  // Counts one move played; false once the budget is spent.
  bool spend();

  const StepGoal& goal_;
  Side learner_;
  std::uint64_t budget_;
  std::uint64_t nodes_ = 0;
  bool exhausted_ = false;
};

}  // namespace qi::learn
