// A game's lessons, as data: courses of stages of small steps that teach a
// child the rules on the board (Learn). A step is a position, a goal in words
// a child reads (Chinese and English), marks on the board, and a goal the
// rules check (src/learn: a move is refused by the rules with the rule's own
// words, or played and judged against the goal). Each game keeps its course
// in its own folder (src/games/<game>/lessons.cpp) and registers it with the
// game (GameRegistration::lessons); `qi lessons --check` replays every step's
// solution by the rules, and `--coverage` counts the rules no step teaches.
//
// Moves are written as the game's move ids (UCI for chess, ICCS for xiangqi,
// PDN for draughts, the square for tic-tac-toe), space-separated.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace qi {

enum class LessonGoal : std::uint8_t {
  // Move onto every star (`stars`); the other side passes (Game::fen_after_pass),
  // as if it were not there.
  Stars,
  // Play one of the moves of `accept`: the move that shows the rule (a
  // castling, an en passant capture, a cannon's capture over its screen, the
  // majority capture, the piece worth most taken).
  Play,
  // Capture a piece of the other side.
  Capture,
  // Give check.
  Check,
  // End the game by the ending named in `ending` (checkmate, stalemate,
  // perpetual check, three in a row, no pieces, ...), the learner's side
  // winning it or, for a draw, reaching it or being able to claim it
  // (threefold repetition, fifty moves); within `par` of the learner's moves
  // when the step says "in N" (`within` true).
  Ending,
};

struct LessonStep {
  std::string_view id;  // unique in its course: "rook-stars-1"
  std::string_view fen;
  LessonGoal goal;
  // Moves played from `fen` before the step begins, so that the rules know
  // a history a position cannot hold (a king that moved and came back, a
  // rook taken on its square).
  std::string_view en;  // the goal, for a child: "Move the rook onto every star."
  std::string_view zh;  // "把车走到每一颗星上。"
  // The solution: moves from `fen`, both sides in turn (the other side's
  // moves are its scripted replies); for Stars, the learner's moves only.
  std::string_view solution;
  std::string_view stars = {};   // Stars: the squares to reach
  std::string_view accept = {};  // Play: the moves that reach the goal
  std::string_view ending = {};  // Ending: the ending's name (core/termination.h)
  bool within = false;           // Ending: only within `par` moves (mate in N)
  // Moves the rules refuse in this position, each showing one rule a step
  // teaches (its refusal code: `horse_leg_blocked`); shown as "try this".
  std::string_view refused = {};
  // The rules the step teaches: refusal codes and ending names, space-
  // separated. A code here must be the code of a move in `refused`, and an
  // ending the one the solution reaches (`qi lessons --check`).
  std::string_view teaches = {};
  int par = 0;  // the learner's moves for three stars; 0: as many as the solution's
  std::string_view before = {};
};

struct LessonStage {
  std::string_view id;
  std::string_view en;  // its title: "The rook", "车走直线"
  std::string_view zh;
  std::span<const LessonStep> steps;
};

struct LessonCourse {
  std::string_view variant;  // empty: the game's default variant
  std::span<const LessonStage> stages;
};

// Everything a game teaches: a course per variant it has one for.
struct GameLessons {
  std::span<const LessonCourse> courses;
};

// How many steps a course has, over its stages.
inline int step_count(const LessonCourse& course) {
  int n = 0;
  for (const LessonStage& stage : course.stages) n += static_cast<int>(stage.steps.size());
  return n;
}

// Every step of a game's courses in order, with its course: visit(course, step).
template <class Visit>
void for_each_step(const GameLessons* lessons, Visit&& visit) {
  if (!lessons) return;
  for (const LessonCourse& course : lessons->courses)
    for (const LessonStage& stage : course.stages)
      for (const LessonStep& step : stage.steps) visit(course, step);
}

}  // namespace qi
