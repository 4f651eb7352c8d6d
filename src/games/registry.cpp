#include "games/registry.h"

#include <functional>

#if QI_HAS_TICTACTOE
#include "games/tictactoe/tictactoe_game.h"
#endif
#if QI_HAS_CHECKERS
#include "games/checkers/checkers_game.h"
#endif
#if QI_HAS_CHESS
#include "games/chess/chess_game.h"
#endif
#if QI_HAS_XIANGQI
#include "games/xiangqi/xiangqi_game.h"
#endif

namespace qi {
namespace {

using Factory = std::function<std::unique_ptr<Game>(std::string_view variant)>;

struct Entry {
  GameInfo info;
  Factory make;
};

const std::vector<Entry>& entries() {
  static const std::vector<Entry> all = {
#if QI_HAS_TICTACTOE
    {{"tictactoe", {}, "Tic-tac-toe"}, [](std::string_view) { return tictactoe::make_game(); }},
#endif
#if QI_HAS_CHECKERS
    {{"checkers", checkers::variant_names(), "Checkers and draughts"},
     [](std::string_view v) { return checkers::make_game(v); }},
#endif
#if QI_HAS_CHESS
    {{"chess", {}, "Chess"}, [](std::string_view) { return chess::make_game(); }},
#endif
#if QI_HAS_XIANGQI
    {{"xiangqi", {}, "Xiangqi (Chinese chess)"}, [](std::string_view) { return xiangqi::make_game(); }},
#endif
  };
  return all;
}

std::string known_names() {
  std::string names;
  for (const Entry& e : entries()) names += (names.empty() ? "" : ", ") + e.info.name;
  return names;
}

}  // namespace

const std::vector<GameInfo>& known_games() {
  static const std::vector<GameInfo> infos = [] {
    std::vector<GameInfo> out;
    for (const Entry& e : entries()) out.push_back(e.info);
    return out;
  }();
  return infos;
}

Expected<std::unique_ptr<Game>> make_game(std::string_view name, std::string_view variant) {
  for (const Entry& e : entries()) {
    if (e.info.name != name) continue;
    if (variant.empty()) return e.make(variant);
    for (const std::string& v : e.info.variants)
      if (v == variant) return e.make(variant);
    std::string known;
    for (const std::string& v : e.info.variants) known += (known.empty() ? "" : ", ") + v;
    return make_error("unknown variant '" + std::string(variant) + "' of " + std::string(name) +
                      (known.empty() ? " (it has no variants)" : " (known: " + known + ")"));
  }
  return make_error("unknown game '" + std::string(name) + "' (known: " + known_names() + ")");
}

}  // namespace qi
