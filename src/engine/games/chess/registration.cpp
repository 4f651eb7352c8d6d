// Chess, registered: its descriptor and rules (src/games/chess) and its
// search (traits.h over the engine's one search).
#include "engine/game_backend.h"
#include "engine/games/chess/traits.h"
#include "engine/registry.h"
#include "games/chess/chess_game.h"

namespace qi::engine {
namespace {

const GameRegistration kChess{
    .descriptor = &chess::descriptor,
    .make_game = [](std::string_view) { return chess::make_game(); },
    .make_backend = [](std::string_view) -> std::unique_ptr<Backend> {
      return std::make_unique<GameBackend<ChessTraits>>();
    },
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kChess)
