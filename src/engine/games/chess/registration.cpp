// Chess, registered: its descriptor and rules (src/games/chess) and its
// search (traits.h over the engine's one search), for standard chess and
// Chess960.
#include "engine/game_backend.h"
#include "engine/games/chess/traits.h"
#include "engine/registry.h"
#include "games/chess/chess_game.h"

namespace qi::engine {
namespace {

const GameRegistration kChess{
    .descriptor = &chess::descriptor,
    .make_game = [](std::string_view variant) { return chess::make_game(variant); },
    .make_backend = [](std::string_view variant) -> std::unique_ptr<Backend> {
      if (variant == chess::kChess960Name) return std::make_unique<GameBackend<Chess960Traits>>();
      return std::make_unique<GameBackend<ChessTraits>>();
    },
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kChess)
