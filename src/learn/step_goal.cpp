#include "learn/step_goal.h"

#include <algorithm>

namespace qi::learn {

namespace {
constexpr signed char kNobody = -1;
}

StepGoal::StepGoal(const LessonStep& step, const VariantDescriptor& board)
    : kind_(step.goal), ending_(step.ending) {
  owner_.fill(kNobody);
  for (const PieceLook& p : board.pieces)
    owner_[static_cast<unsigned char>(p.code)] = static_cast<signed char>(index(p.side));
}

int StepGoal::pieces_of(std::string_view cells, Side side) const {
  const auto wanted = static_cast<signed char>(index(side));
  int n = 0;
  for (char c : cells) n += owner_[static_cast<unsigned char>(c)] == wanted;
  return n;
}

bool StepGoal::reached(const Game& game, Side learner, int other_pieces_before) const {
  switch (kind_) {
    case LessonGoal::Capture:
      return pieces_of(game.board_cells(), ~learner) < other_pieces_before;
    case LessonGoal::Check:
      return game.checked_square().has_value();
    case LessonGoal::Ending: {
      const Outcome o = game.outcome();
      if (o.over() && o.termination.name == ending_ && (o.verdict != Verdict::Win || o.winner == learner))
        return true;
      // A draw the side to move may claim counts as reached: the learner
      // has brought it about (threefold repetition, fifty moves).
      const std::vector<Outcome> claims = game.draw_claims();
      return std::any_of(claims.begin(), claims.end(),
                         [&](const Outcome& c) { return c.termination.name == ending_; });
    }
    case LessonGoal::Stars:
    case LessonGoal::Play:
      return false;
  }
  return false;
}

}  // namespace qi::learn
