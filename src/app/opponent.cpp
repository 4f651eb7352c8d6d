#include "app/opponent.h"

#include "app/game_facts.h"

namespace qi::app {

MoveText BuiltinOpponent::choose_move(const Game& game, int /*level*/) { return game.builtin_move(); }

Hint BuiltinOpponent::hint(const Game& game) {
  MoveText move = game.builtin_move();
  return {move, "the built-in player's choice (a shallow search; the full engine is not yet part of Qi)"};
}

bool BuiltinOpponent::accepts_draw(const Game& game, Side side) { return !could_still_win(game, side); }

std::unique_ptr<Opponent> make_default_opponent() { return std::make_unique<BuiltinOpponent>(); }

}  // namespace qi::app
