// A game's lessons checked whole and counted: every step's position, its
// refused moves, its goal and its solution replayed by the rules (a step that
// does not teach what it says is a problem, named by its id), and which of
// the game's rules no step teaches (`qi lessons --check`, `--coverage`, and
// the test Lessons.*).
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson.h"
#include "core/registry.h"

namespace qi::learn {

// What is wrong with one step (empty: nothing): its position cannot be read
// or is over; a refused move is legal, or is refused for a rule `teaches`
// does not name; a rule in `teaches` is not shown by the step; the goal's
// fields are missing; the solution does not reach the goal by the rules; par
// is below the solution's length.
std::vector<std::string> check_step(const GameRegistration& game, std::string_view variant,
                                    const LessonStep& step);
// The same for every step of every course of the game, and ids used twice.
std::vector<std::string> check_lessons(const GameRegistration& game);

// Which of a game's rules its lessons teach. The rules are its endings
// (GameDescriptor::endings) and the refusal codes a move made on the board
// can bring (RefusalKind::Board); the notations' codes (a misspelt move) are
// not counted. That filing is checked: clicks (a piece's square, then
// another) in the lessons' positions and along games played at random from
// each start must bring no code filed as a notation's (`misfiled`).
struct Coverage {
  std::string game;
  int steps = 0;
  std::vector<std::string> board_codes;
  std::vector<std::string> notation_codes;
  std::vector<std::string> misfiled;  // notation codes a click brought
  std::vector<std::string> endings;
  std::map<std::string, std::vector<std::string>> taught_by;  // code or ending -> "variant/step" ids
  std::vector<std::string> untaught() const;
};
Coverage coverage(const GameRegistration& game);

}  // namespace qi::learn
