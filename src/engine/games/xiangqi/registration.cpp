// Xiangqi, registered: its descriptor and rules (src/games/xiangqi) and its
// search (traits.h over the engine's one search).
#include "engine/game_backend.h"
#include "engine/games/xiangqi/traits.h"
#include "engine/registry.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::engine {
namespace {

const GameRegistration kXiangqi{
    .descriptor = &xiangqi::descriptor,
    .make_game = [](std::string_view) { return xiangqi::make_game(); },
    .make_backend = [](std::string_view) -> std::unique_ptr<Backend> {
      return std::make_unique<GameBackend<XiangqiTraits>>();
    },
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kXiangqi)
