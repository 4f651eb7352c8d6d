// One step of a lesson being played: the learner's moves judged against the
// step's goal by the rules. A move the rules refuse comes back with the
// rule's own words (Error::code and message; the page adds the Chinese from
// the game's refusal list); a legal move that does not reach the goal is
// taken back with words saying why, so that the child tries again; a move
// on the solution's line is answered by the other side's scripted reply; the
// goal reached earns one to three stars by the number of moves.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/lesson.h"
#include "core/registry.h"

namespace qi::learn {

struct StepAnswer {
  enum class Kind {
    Refused,  // the rules refuse the move: `refusal` says which rule
    Missed,   // legal, but not toward the goal: taken back, `missed` says why
    Going,    // on the way: the other side's replies (if any) are played
    Done,     // the goal is reached
  };
  Kind kind = Kind::Going;
  Error refusal;
  Words missed;
  std::vector<MoveText> replies;  // the other side's moves played after the learner's
  int stars = 0;                  // Done: 1 to 3
};

class StepRun {
 public:
  // The step's position set up (an error: the game has no such variant, or
  // the position cannot be read, or it is over).
  static Expected<StepRun> start(const GameRegistration& game, std::string_view variant,
                                 const LessonStep& step);

  // A move as the game reads it (its id or text), or as clicked squares.
  StepAnswer play(std::string_view move);
  StepAnswer play_squares(const std::vector<std::string>& squares);

  const Game& game() const { return *game_; }
  const LessonStep& step() const { return *step_; }
  std::vector<std::string> stars_left() const { return stars_left_; }
  int learner_moves() const { return learner_moves_; }
  bool done() const { return done_; }

  // The learner's moves of the step's solution (the other side's are the
  // replies between them; for Stars, every move is the learner's).
  static std::vector<std::string> learner_line(const LessonStep& step);

 private:
  StepRun(std::unique_ptr<Game> game, const LessonStep& step);
  StepAnswer judge(const MoveText& move);
  StepAnswer missed(Words why);
  StepAnswer reached();
  // Whether the move just made reaches the goal.
  bool goal_met(const MoveText& move, const std::string& cells_before, Side learner) const;

  std::unique_ptr<Game> game_;
  const LessonStep* step_;
  std::vector<std::string> solution_;  // every move of the solution, both sides
  std::size_t next_ = 0;               // the solution's next move, while the learner follows it
  std::vector<std::string> stars_left_;
  int learner_moves_ = 0;  // moves made toward the goal
  int misses_ = 0;         // legal moves taken back: they cost stars too
  bool done_ = false;
};

// Words separated by spaces, as the step's fields list them.
std::vector<std::string> split_words(std::string_view text);

}  // namespace qi::learn
