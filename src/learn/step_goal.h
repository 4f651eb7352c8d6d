// Whether the learner's move just made reaches a step's goal on the board:
// a capture, a check, the ending the step names. Both the judgment of the
// learner's own move (StepRun) and the search of what the learner can still
// force (forced_goal.h) ask it, so the two can never disagree on what the
// goal is. Stars and Play are not goals of the board (a star is a square, a
// Play step names its moves): they are StepRun's alone.
#pragma once

#include <array>
#include <string_view>

#include "core/game.h"
#include "core/lesson.h"

namespace qi::learn {

class StepGoal {
 public:
  StepGoal(const LessonStep& step, const VariantDescriptor& board);

  LessonGoal kind() const { return kind_; }
  // How many pieces of `side` the cells hold (Game::board_cells: one code a
  // square), by the descriptor's pieces: a capture is a count that fell.
  int pieces_of(std::string_view cells, Side side) const;
  // Whether the move just played in `game` by `learner` reaches the goal,
  // the other side having had `other_pieces_before` pieces before it.
  // Ignores how many moves it took (a step's `within` is the caller's).
  bool reached(const Game& game, Side learner, int other_pieces_before) const;

 private:
  LessonGoal kind_;
  std::string_view ending_;
  // The side owning each piece code, looked up without a map: the search
  // asks for every move it tries.
  std::array<signed char, 256> owner_{};
};

}  // namespace qi::learn
