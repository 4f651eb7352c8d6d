// The search instantiated for tictactoe (one file a game, so that the four
// instantiations compile in parallel).
#include "engine/game_backend.h"
#include "engine/games/tictactoe_traits.h"

namespace qi::engine {

std::unique_ptr<Backend> make_tictactoe_backend() { return std::make_unique<GameBackend<TictactoeTraits>>(); }

}  // namespace qi::engine
