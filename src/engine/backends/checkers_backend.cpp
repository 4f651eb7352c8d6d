// The search instantiated for each checkers variant (one file a game, so that
// the games' instantiations compile in parallel).
#include "engine/game_backend.h"
#include "engine/games/checkers_traits.h"

namespace qi::engine {

std::unique_ptr<Backend> make_checkers_backend(std::string_view variant) {
  using namespace qi::checkers;
  if (variant == Russian::name) return std::make_unique<GameBackend<CheckersTraits<Russian>>>();
  if (variant == Brazilian::name) return std::make_unique<GameBackend<CheckersTraits<Brazilian>>>();
  if (variant == International::name) return std::make_unique<GameBackend<CheckersTraits<International>>>();
  return std::make_unique<GameBackend<CheckersTraits<English>>>();
}

}  // namespace qi::engine
