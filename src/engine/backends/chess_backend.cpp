// The search instantiated for chess (one file a game, so that the four
// instantiations compile in parallel).
#include "engine/game_backend.h"
#include "engine/games/chess_traits.h"

namespace qi::engine {

std::unique_ptr<Backend> make_chess_backend() { return std::make_unique<GameBackend<ChessTraits>>(); }

}  // namespace qi::engine
