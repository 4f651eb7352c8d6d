#include "app/opponent.h"

#include "app/engine_opponent.h"
#include "app/game_facts.h"

namespace qi::app {

MoveText BuiltinOpponent::choose_move(const Game& game, const MoveRequest& /*request*/) {
  return game.builtin_move();
}

Hint BuiltinOpponent::hint(const Game& game) {
  return {game.builtin_move(), "positional", "the built-in player's choice (a shallow search)", {}};
}

bool BuiltinOpponent::accepts_draw(const Game& game, Side side) { return !could_still_win(game, side); }

std::vector<PositionReview> BuiltinOpponent::review(const Game& game) {
  std::vector<PositionReview> out;
  for (const auto& position : positions_of(game)) {
    if (position->outcome().over()) {
      out.push_back(final_position_review(*position));
      continue;
    }
    PositionReview r;
    r.cp = 0;
    r.best = position->builtin_move();
    out.push_back(r);
  }
  return out;
}

std::unique_ptr<Opponent> make_default_opponent() { return std::make_unique<EngineOpponent>(); }

std::vector<std::unique_ptr<Game>> positions_of(const Game& game) {
  std::unique_ptr<Game> start = game.clone();
  while (start->undo()) {
  }
  // A resignation or agreement before any move stays after the undos; the
  // position itself is what is reviewed.
  (void)start->set_fen(start->fen());
  std::vector<std::unique_ptr<Game>> out;
  out.push_back(start->clone());
  for (const MoveText& m : game.moves_played()) {
    if (!start->play(m.id)) break;  // cannot happen: the same moves from the same start
    out.push_back(start->clone());
  }
  return out;
}

PositionReview final_position_review(const Game& position) {
  Outcome o = position.outcome();
  PositionReview r;
  r.mate = 0;
  if (o.verdict == Verdict::Win) {
    bool first = o.winner == Side::First;
    r.win = first ? 1 : 0;
    r.loss = first ? 0 : 1;
    r.draw = 0;
  } else {
    r.mate.reset();
    r.cp = 0;
  }
  return r;
}

}  // namespace qi::app
