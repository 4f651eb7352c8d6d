#include "app/opponent.h"

#include "app/engine_opponent.h"
#include "engine/level_player.h"

namespace qi::app {

MoveText builtin_move(const Game& game) {
  std::unique_ptr<engine::LevelPlayer> player = engine::LevelPlayer::builtin();
  Expected<std::string> id = player->choose(game);
  if (!id) return {};
  return move_text(game, *id);
}

MoveText BuiltinOpponent::choose_move(const Game& game, const MoveRequest& /*request*/) {
  return builtin_move(game);
}

Hint BuiltinOpponent::hint(const Game& game) {
  return {builtin_move(game), "positional", {"the built-in player's choice", "内置棋手的选择"}, {}};
}

bool BuiltinOpponent::accepts_draw(const Game& game, Side side) { return !game.can_win(side); }

std::vector<PositionReview> BuiltinOpponent::review(const Game& game) {
  std::vector<PositionReview> out;
  for (const auto& position : positions_of(game)) {
    if (position->outcome().over()) {
      out.push_back(final_position_review(*position));
      continue;
    }
    PositionReview r;
    r.cp = 0;
    r.best = builtin_move(*position);
    out.push_back(r);
  }
  return out;
}

std::unique_ptr<Opponent> make_default_opponent() { return std::make_unique<EngineOpponent>(); }

std::vector<std::unique_ptr<Game>> positions_of(const Game& game) {
  std::unique_ptr<Game> start = game.clone();
  (void)start->set_fen(game.initial_fen());
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
