// The engine seen from the app: something that picks a move for a level
// (1-10), suggests a hint with its reason, and answers draw offers. Until the
// engine layer is merged every level plays Game::builtin_move(); the engine
// will plug in here without the sessions knowing.
#pragma once

#include <memory>
#include <string>

#include "core/game.h"

namespace qi::app {

struct Hint {
  MoveText move;
  std::string reason;  // one sentence for people
};

class Opponent {
 public:
  virtual ~Opponent() = default;
  // A legal move for the side to move; the game is not over.
  virtual MoveText choose_move(const Game& game, int level) = 0;
  virtual Hint hint(const Game& game) = 0;
  // Whether the engine playing `side` accepts a draw offered to it.
  virtual bool accepts_draw(const Game& game, Side side) = 0;
};

// Every level plays Game::builtin_move() (the perfect player for tic-tac-toe,
// a shallow search elsewhere); it declines draws while it could still win.
class BuiltinOpponent final : public Opponent {
 public:
  MoveText choose_move(const Game& game, int level) override;
  Hint hint(const Game& game) override;
  bool accepts_draw(const Game& game, Side side) override;
};

std::unique_ptr<Opponent> make_default_opponent();

}  // namespace qi::app
