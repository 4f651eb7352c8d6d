// The Backend of a game by name; each game's search is instantiated in its
// own file under backends/.
#include "engine/backend.h"

namespace qi::engine {

std::unique_ptr<Backend> make_backend(std::string_view game, std::string_view variant) {
  if (game == "chess") return make_chess_backend();
  if (game == "xiangqi") return make_xiangqi_backend();
  if (game == "checkers") return make_checkers_backend(variant);
  if (game == "tictactoe") return make_tictactoe_backend();
  return nullptr;
}

}  // namespace qi::engine
