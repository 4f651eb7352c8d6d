// Helpers for the engine tests: a search to a fixed depth through the
// Engine facade, and the line it found played out on the game.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "engine/engine.h"
#include "engine/score.h"

namespace qi::engine::test {

inline SearchResult search_depth(Engine& engine, int depth, int multipv = 1) {
  SearchLimits limits;
  limits.depth = depth;
  limits.multipv = multipv;
  return engine.think(limits);
}

inline std::unique_ptr<Engine> engine_for(const std::string& game, const std::string& fen,
                                          const std::string& variant = {}) {
  auto engine = std::make_unique<Engine>();
  EXPECT_TRUE(engine->set_game(game, variant).has_value());
  Status s = engine->set_position(fen, {});
  EXPECT_TRUE(s.has_value()) << (s ? "" : s.error().message);
  return engine;
}

// Plays the principal variation on a copy of the engine's game; returns the
// outcome after it.
inline Outcome play_line(const Engine& engine, const std::vector<std::string>& pv) {
  std::unique_ptr<Game> g = engine.game().clone();
  for (const std::string& m : pv) {
    Expected<MoveText> played = g->play(m);
    EXPECT_TRUE(played.has_value()) << m;
    if (!played) break;
  }
  return g->outcome();
}

}  // namespace qi::engine::test
