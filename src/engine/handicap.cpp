#include "engine/handicap.h"

namespace qi::engine {

std::vector<std::string> handicap_names(const Game& game) {
  std::vector<std::string> names;
  for (const HandicapInfo& h : game.descriptor().handicaps) names.push_back(h.name);
  return names;
}

const HandicapInfo* find_handicap(const Game& game, std::string_view name) {
  for (const HandicapInfo& h : game.descriptor().handicaps)
    if (h.name == name || h.title.zh == name) return &h;
  return nullptr;
}

Expected<std::string> handicap_fen(const Game& game, std::string_view name, Side giver) {
  const HandicapInfo* h = find_handicap(game, name);
  if (!h) {
    std::string names;
    for (const std::string& n : handicap_names(game)) names += (names.empty() ? "" : ", ") + n;
    return make_error("unknown handicap '" + std::string(name) + "' for " + std::string(game.name()) +
                      (names.empty() ? " (this game has none)" : " (" + names + ")"));
  }
  return game.handicap_fen(h->name, giver);
}

std::optional<std::string> handicap_fen(const Game& game, std::string_view name) {
  const HandicapInfo* h = find_handicap(game, name);
  if (!h) return std::nullopt;
  Expected<std::string> fen = game.handicap_fen(h->name, h->default_giver);
  if (!fen) return std::nullopt;
  return *fen;
}

}  // namespace qi::engine
