// One Backend per game, built from its traits.
#include "engine/game_backend.h"
#include "engine/games/checkers_traits.h"
#include "engine/games/chess_traits.h"
#include "engine/games/tictactoe_traits.h"
#include "engine/games/xiangqi_traits.h"

namespace qi::engine {

std::unique_ptr<Backend> make_chess_backend() { return std::make_unique<GameBackend<ChessTraits>>(); }
std::unique_ptr<Backend> make_xiangqi_backend() { return std::make_unique<GameBackend<XiangqiTraits>>(); }
std::unique_ptr<Backend> make_tictactoe_backend() { return std::make_unique<GameBackend<TictactoeTraits>>(); }
std::unique_ptr<Backend> make_checkers_backend(std::string_view variant) {
  using namespace qi::checkers;
  if (variant == Russian::name) return std::make_unique<GameBackend<CheckersTraits<Russian>>>();
  if (variant == Brazilian::name) return std::make_unique<GameBackend<CheckersTraits<Brazilian>>>();
  if (variant == International::name) return std::make_unique<GameBackend<CheckersTraits<International>>>();
  return std::make_unique<GameBackend<CheckersTraits<English>>>();
}

std::unique_ptr<Backend> make_backend(std::string_view game, std::string_view variant) {
  if (game == "chess") return make_chess_backend();
  if (game == "xiangqi") return make_xiangqi_backend();
  if (game == "checkers") return make_checkers_backend(variant);
  if (game == "tictactoe") return make_tictactoe_backend();
  return nullptr;
}

}  // namespace qi::engine
