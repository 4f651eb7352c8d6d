#include "core/game.h"

namespace qi {

Expected<MoveText> Game::play(std::string_view text) {
  Expected<MoveText> move = parse_move(text);
  if (move) push(*move);
  return move;
}

Expected<MoveText> Game::parse_squares(const std::vector<std::string>& squares) const {
  if (squares.empty()) return make_error("not_a_move", "no square given");
  std::vector<MoveText> found;
  for (MoveText& m : legal_moves())
    if (m.squares == squares) found.push_back(std::move(m));
  if (found.size() == 1) return found.front();
  // Not one legal move, or several (a promotion's pieces): the move text of
  // the squares says which, or why none.
  std::string text;
  for (const std::string& s : squares) text += s;
  return parse_move(text);
}

std::vector<MoveText> Game::moves_matching(std::string_view text) const {
  Expected<MoveText> move = parse_move(text);
  if (!move) return {};
  return {std::move(*move)};
}

Expected<std::string> Game::handicap_fen(std::string_view name, Side) const {
  return make_error("unknown handicap '" + std::string(name) + "' for " + std::string(this->name()) +
                    " (this game has none)");
}

Expected<std::string> Game::numbered_start_fen(int number) const {
  return make_error("start position " + std::to_string(number) + ": " + std::string(name()) +
                    (variant().empty() ? "" : " (" + std::string(variant()) + ")") +
                    " has no numbered start positions");
}

}  // namespace qi
