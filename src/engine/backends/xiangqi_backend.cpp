// The search instantiated for xiangqi (one file a game, so that the four
// instantiations compile in parallel).
#include "engine/game_backend.h"
#include "engine/games/xiangqi_traits.h"

namespace qi::engine {

std::unique_ptr<Backend> make_xiangqi_backend() { return std::make_unique<GameBackend<XiangqiTraits>>(); }

}  // namespace qi::engine
