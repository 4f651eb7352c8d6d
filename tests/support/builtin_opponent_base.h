// An Opponent that is the built-in player in all it does not override: for
// tests that hold up, count or stop one kind of engine work and leave the
// rest as the app's fast stand-in plays it.
#pragma once

#include <atomic>
#include <vector>

#include "app/opponent.h"

namespace qi::test {

class BuiltinOpponentBase : public app::Opponent {
 public:
  MoveText choose_move(const Game& game, const app::MoveRequest& request) override {
    return builtin_.choose_move(game, request);
  }
  app::Hint hint(const Game& game) override { return builtin_.hint(game); }
  app::DrawDecision answer_draw(const Game& game, Side side) override {
    return builtin_.answer_draw(game, side);
  }
  std::vector<app::PositionReview> review(const Game& game, const std::atomic<bool>* stop) override {
    return builtin_.review(game, stop);
  }

 private:
  app::BuiltinOpponent builtin_;
};

}  // namespace qi::test
