#include "learn/forced_goal.h"

#include <vector>

namespace qi::learn {

bool ForcedGoalSearch::spend() {
  if (nodes_ >= budget_) exhausted_ = true;
  if (exhausted_) return false;
  ++nodes_;
  return true;
}

bool ForcedGoalSearch::learner_reaches(Game& game, int moves_left) {
  // The Game interface hands out its moves as text (it allocates; the search
  // adds nothing per move beyond the board's cells a capture is counted on).
  const std::vector<MoveText> moves = game.legal_moves();
  const int other_before =
      goal_.kind() == LessonGoal::Capture ? goal_.pieces_of(game.board_cells(), ~learner_) : 0;
  for (const MoveText& m : moves) {
    if (!spend()) return false;
    if (!game.play(m.id)) {  // the move came from the rules: a failure is not judged on
      exhausted_ = true;
      return false;
    }
    bool reaches = goal_.reached(game, learner_, other_before);
    if (!reaches && moves_left > 1 && !game.outcome().over())
      reaches = no_reply_escapes(game, moves_left - 1);
    game.undo();
    if (reaches) return true;
    if (exhausted_) return false;
  }
  return false;
}

bool ForcedGoalSearch::no_reply_escapes(Game& game, int moves_left) {
  const std::vector<MoveText> replies = game.legal_moves();
  if (replies.empty()) return false;
  for (const MoveText& r : replies) {
    if (!spend()) return false;
    if (!game.play(r.id)) {
      exhausted_ = true;
      return false;
    }
    // A reply that ends the game ends the learner's chances too.
    const bool held = !game.outcome().over() && learner_reaches(game, moves_left);
    game.undo();
    if (!held) return false;
  }
  return true;
}

int ForcedGoalSearch::moves_to_goal(Game& game, int moves_left) {
  // Deepening one learner move at a time finds the fewest first; the
  // shallow searches cost little beside the last.
  for (int n = 1; n <= moves_left; ++n) {
    if (learner_reaches(game, n)) return n;
    if (exhausted_) return 0;
  }
  return 0;
}

Defence ForcedGoalSearch::defend(Game& game, int moves_left, std::string_view scripted) {
  Defence d;
  const std::vector<MoveText> replies = game.legal_moves();
  int longest = 0;
  for (const MoveText& r : replies) {
    if (!spend()) break;
    if (!game.play(r.id)) {
      exhausted_ = true;
      break;
    }
    const int needed = game.outcome().over() ? 0 : moves_to_goal(game, moves_left);
    game.undo();
    if (exhausted_) break;
    if (needed == 0) {
      d.verdict = Defence::Verdict::Escapes;
      d.reply = r.id;
      d.nodes = nodes_;
      return d;
    }
    if (needed > longest || (needed == longest && r.id == scripted)) {
      longest = needed;
      d.reply = r.id;
    }
  }
  d.nodes = nodes_;
  if (exhausted_ || replies.empty()) {
    d.reply.clear();
    return d;
  }
  d.verdict = Defence::Verdict::Forced;
  d.moves_needed = longest;
  return d;
}

}  // namespace qi::learn
