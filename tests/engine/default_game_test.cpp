// Qi's default game (GameRegistration::is_default): the game played where
// nobody names one, said by a registration rather than by name elsewhere.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "engine/registry.h"

namespace qi::engine {
namespace {

TEST(DefaultGame, IsTheFirstRegistrationInMenuOrderThatSaysSo) {
  const GameRegistration* said = nullptr;
  for (const GameRegistration* g : registered_games())
    if (g->is_default && !said) said = g;
  ASSERT_NE(said, nullptr) << "no registration says it is the default game";
  EXPECT_EQ(default_game(), said);
  EXPECT_EQ(default_game_name(), said->descriptor().name);
}

// An engine plays it until told otherwise.
TEST(DefaultGame, IsWhatAnEnginePlaysUntilTold) {
  Engine engine;
  EXPECT_EQ(engine.game_name(), default_game_name());
}

}  // namespace
}  // namespace qi::engine
