// One step of a lesson being played: the learner's moves judged against the
// step's goal by the rules. A move the rules refuse comes back with the
// rule's own words (Error::code and message; the page adds the Chinese from
// the game's refusal list); a legal move that does not reach the goal is
// taken back with words saying why, so that the child tries again; the
// goal reached earns one to three stars by the number of moves.
//
// A move that does not reach the goal at once is judged by what it still
// forces (learn/forced_goal.h): where the goal is one the board shows (a
// capture, a check, an ending the learner wins) and the step is short
// enough to search, any move after which the learner reaches the goal in
// time, whatever the other side does, is on the way, and the other side
// answers with its best defence (the script's reply where it is as good); a
// move that lets the other side escape is taken back, with the escape
// named. Elsewhere (Stars, Play, the draws, the long steps of the draw
// rules), or when the search's budget runs out, a move on the solution's
// line is answered by the script's reply.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/lesson.h"
#include "core/registry.h"
#include "learn/step_goal.h"

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

  // The moves one judgment's search may play (counted, so that a replay
  // of the same moves answers the same), and the moves the last one did.
  // A step is replayed from the page's moves on every request: the work of
  // one stays bounded by this budget times the step's moves.
  static constexpr std::uint64_t kSearchBudget = 20000;
  void set_search_budget(std::uint64_t nodes) { search_budget_ = nodes; }
  std::uint64_t last_search_nodes() const { return last_search_nodes_; }
  // The deepest step searched, in learner moves: the steps of the draw
  // rules, whose endings need a long repetition or count, lie beyond it and
  // keep to their script.
  static constexpr int kDeepestSearch = 3;
  // The learner's moves the step allows: par for "in N", else the script's.
  int moves_allowed() const;
  // Whether the step's moves that do not reach the goal at once are judged
  // by the search: a capture, a check or an ending the learner wins, in
  // kDeepestSearch moves or fewer.
  bool searched() const { return searched_; }

 private:
  StepRun(std::unique_ptr<Game> game, const LessonStep& step);
  StepAnswer judge(const MoveText& move);
  StepAnswer missed(Words why);
  StepAnswer reached();
  // What searched() says, decided once as the step starts.
  static bool search_judges(const Game& game, const LessonStep& step,
                            const std::vector<std::string>& solution, int moves_allowed);
  // A move that did not reach the goal at once, judged by what it forces.
  std::optional<StepAnswer> judge_by_search(Side learner, bool scripted);
  // Whether the move just made reaches the goal.
  bool goal_met(const MoveText& move, const std::string& cells_before, Side learner) const;

  std::unique_ptr<Game> game_;
  const LessonStep* step_;
  StepGoal goal_;
  std::vector<std::string> solution_;  // every move of the solution, both sides
  std::size_t next_ = 0;               // the solution's next move, while the learner follows it
  std::vector<std::string> stars_left_;
  int learner_moves_ = 0;  // moves made toward the goal
  int misses_ = 0;         // legal moves taken back: they cost stars too
  bool done_ = false;
  bool searched_ = false;
  std::uint64_t search_budget_ = kSearchBudget;
  std::uint64_t last_search_nodes_ = 0;
};

// Words separated by spaces, as the step's fields list them.
std::vector<std::string> split_words(std::string_view text);

}  // namespace qi::learn
