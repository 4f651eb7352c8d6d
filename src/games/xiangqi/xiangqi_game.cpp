#include "games/xiangqi/xiangqi_game.h"

namespace qi::xiangqi {

std::unique_ptr<qi::Game> make_game() { return nullptr; }

}  // namespace qi::xiangqi
