#include "learn/step_run.h"

#include <algorithm>

#include "learn/forced_goal.h"

namespace qi::learn {

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.emplace_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

std::vector<std::string> StepRun::learner_line(const LessonStep& step) {
  std::vector<std::string> all = split_words(step.solution);
  if (step.goal == LessonGoal::Stars) return all;
  std::vector<std::string> mine;
  for (std::size_t i = 0; i < all.size(); i += 2) mine.push_back(all[i]);
  return mine;
}

StepRun::StepRun(std::unique_ptr<Game> game, const LessonStep& step)
    : game_(std::move(game)),
      step_(&step),
      goal_(step, game_->descriptor()),
      solution_(split_words(step.solution)),
      stars_left_(split_words(step.stars)) {
  searched_ = search_judges(*game_, step, solution_, moves_allowed());
}

Expected<StepRun> StepRun::start(const GameRegistration& game, std::string_view variant,
                                 const LessonStep& step) {
  Expected<std::unique_ptr<Game>> made = make_game(game.descriptor().name, variant);
  if (!made) return made.error();
  std::unique_ptr<Game> g = std::move(*made);
  if (Status set = g->set_fen(step.fen); !set)
    return make_error("step " + std::string(step.id) + ": " + set.error().message);
  for (const std::string& move : split_words(step.before))
    if (Expected<MoveText> m = g->play(move); !m)
      return make_error("step " + std::string(step.id) + ": the move before it " + move + ": " +
                        m.error().message);
  if (g->outcome().over())
    return make_error("step " + std::string(step.id) + ": the game is already over here");
  return StepRun(std::move(g), step);
}

StepAnswer StepRun::play(std::string_view move) {
  if (done_)
    return {.kind = StepAnswer::Kind::Refused, .refusal = make_error("step_done", "this step is done")};
  Expected<MoveText> m = game_->parse_move(move);
  if (!m) return {.kind = StepAnswer::Kind::Refused, .refusal = m.error()};
  return judge(*m);
}

StepAnswer StepRun::play_squares(const std::vector<std::string>& squares) {
  if (done_)
    return {.kind = StepAnswer::Kind::Refused, .refusal = make_error("step_done", "this step is done")};
  Expected<MoveText> m = game_->parse_squares(squares);
  if (!m) return {.kind = StepAnswer::Kind::Refused, .refusal = m.error()};
  return judge(*m);
}

int StepRun::moves_allowed() const {
  const int line = static_cast<int>(learner_line(*step_).size());
  return step_->within && step_->par ? step_->par : line;
}

bool StepRun::search_judges(const Game& game, const LessonStep& step,
                            const std::vector<std::string>& solution, int moves_allowed) {
  if (moves_allowed > kDeepestSearch) return false;
  switch (step.goal) {
    case LessonGoal::Capture:
    case LessonGoal::Check:
      return true;
    case LessonGoal::Ending: {
      // Only an ending the learner wins: against a draw the other side's
      // "defence" would be to lose (tic-tac-toe's full board, which O
      // escapes by letting X make a line), and a child is not told that
      // winning missed the goal. The script says which ending it is.
      std::unique_ptr<Game> played = game.clone();
      const Side learner = played->side_to_move();
      for (const std::string& move : solution)
        if (!played->play(move)) return false;
      const Outcome o = played->outcome();
      return o.verdict == Verdict::Win && o.winner == learner;
    }
    case LessonGoal::Stars:
    case LessonGoal::Play:
      return false;
  }
  return false;
}

bool StepRun::goal_met(const MoveText& move, const std::string& cells_before, Side learner) const {
  const LessonStep& s = *step_;
  switch (s.goal) {
    case LessonGoal::Stars:
      return stars_left_.empty();
    case LessonGoal::Play: {
      const std::vector<std::string> accept = split_words(s.accept);
      return std::find(accept.begin(), accept.end(), move.id) != accept.end();
    }
    case LessonGoal::Capture:
    case LessonGoal::Check:
      return goal_.reached(*game_, learner, goal_.pieces_of(cells_before, ~learner));
    case LessonGoal::Ending:
      if (!goal_.reached(*game_, learner, 0)) return false;
      return !s.within || learner_moves_ <= (s.par ? s.par : static_cast<int>(learner_line(s).size()));
  }
  return false;
}

StepAnswer StepRun::missed(Words why) {
  game_->undo();
  --learner_moves_;
  ++misses_;
  return {.kind = StepAnswer::Kind::Missed, .missed = std::move(why)};
}

StepAnswer StepRun::reached() {
  done_ = true;
  const int par = step_->par ? step_->par : static_cast<int>(learner_line(*step_).size());
  const int spent = learner_moves_ + misses_;
  return {.kind = StepAnswer::Kind::Done, .stars = spent <= par ? 3 : spent <= par + 2 ? 2 : 1};
}

std::optional<StepAnswer> StepRun::judge_by_search(Side learner, bool scripted) {
  last_search_nodes_ = 0;
  const int left = moves_allowed() - learner_moves_;
  if (!searched_ || left <= 0) return std::nullopt;
  const std::string_view scripted_reply =
      scripted ? std::string_view(solution_[next_ + 1]) : std::string_view();
  ForcedGoalSearch search(goal_, learner, search_budget_);
  const Defence d = search.defend(*game_, left, scripted_reply);
  last_search_nodes_ = d.nodes;
  switch (d.verdict) {
    case Defence::Verdict::Forced: {
      Expected<MoveText> reply = game_->play(d.reply);
      if (!reply) return std::nullopt;
      // The script's reply keeps the learner on the script; any other
      // leaves it, and the search alone judges the moves after.
      next_ = scripted && d.reply == scripted_reply ? next_ + 2 : solution_.size();
      return StepAnswer{.kind = StepAnswer::Kind::Going, .replies = {*reply}};
    }
    case Defence::Verdict::Escapes: {
      // The script's own move stands: its reply may count on what the
      // search does not see (an ending the other side must bring about).
      if (scripted) return std::nullopt;
      Expected<MoveText> escape = game_->parse_move(d.reply);
      const std::string shown = escape ? escape->display : d.reply;
      return missed({"After that, the other side can escape: " + shown + ". Try another move.",
                     "这样走，对方可以逃开：" + shown + "。换一步试试。"});
    }
    case Defence::Verdict::Unknown:
      return std::nullopt;
  }
  return std::nullopt;
}

StepAnswer StepRun::judge(const MoveText& move) {
  const Side learner = game_->side_to_move();
  const std::string before = game_->board_cells();
  // The move came from the rules, so it plays; a failure is answered, not ignored.
  if (Expected<MoveText> made = game_->play(move.id); !made)
    return {.kind = StepAnswer::Kind::Refused, .refusal = made.error()};
  ++learner_moves_;
  const LessonStep& s = *step_;

  if (s.goal == LessonGoal::Stars) {
    const std::vector<std::string> stars_before = stars_left_;
    std::erase(stars_left_, move.squares.empty() ? move.id : move.squares.back());
    if (goal_met(move, before, learner)) return reached();
    // The other side passes: the learner moves again. A move that attacks
    // the other king leaves no position to pass in.
    std::optional<std::string> passed = game_->fen_after_pass();
    if (!passed) {
      stars_left_ = stars_before;
      return missed(
          {"That move attacks the other king, and here the other side does not move: go another way.",
           "这步棋将了对方的军，而这一关对方不走棋：换一条路走。"});
    }
    if (Status set = game_->set_fen(*passed); !set)
      return {.kind = StepAnswer::Kind::Refused, .refusal = set.error()};
    return {.kind = StepAnswer::Kind::Going};
  }

  if (goal_met(move, before, learner)) return reached();
  if (game_->outcome().over()) {
    const Words ended = game_->words(game_->outcome());
    return missed({"That ends the game another way (" + ended.en + "). Try again.",
                   "这样走，棋局以另一种方式结束了（" + ended.zh + "）。再试一次。"});
  }
  const bool scripted =
      next_ < solution_.size() && move.id == solution_[next_] && next_ + 1 < solution_.size();
  if (std::optional<StepAnswer> judged = judge_by_search(learner, scripted)) return std::move(*judged);
  // On the solution's line: the other side answers as the step says.
  if (scripted) {
    Expected<MoveText> reply = game_->play(solution_[next_ + 1]);
    if (reply) {
      next_ += 2;
      return {.kind = StepAnswer::Kind::Going, .replies = {*reply}};
    }
  }
  switch (s.goal) {
    case LessonGoal::Play:
      return missed({"That move is allowed, but it is not the one this step asks for. Try again.",
                     "这步棋可以走，但不是这一关要你走的。再试一次。"});
    case LessonGoal::Capture:
      return missed(
          {"That move captures nothing. Find a piece you can take.", "这步没有吃到子。找一个可以吃的子。"});
    case LessonGoal::Check:
      return missed(
          {"That move does not give check. Attack the king.", "这步没有将军。去攻击对方的王（将）。"});
    default:
      return missed({"That is not the way to the goal here. Try again.", "这样走达不到目标。再试一次。"});
  }
}

}  // namespace qi::learn
