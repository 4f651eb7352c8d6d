#include "engine/handicap.h"

#include <iterator>

namespace qi::engine {
namespace {

struct Named {
  const char* name;
  const char* alias;
  const char* fen;
};

constexpr Named kChess[] = {
    {"pawn", "", "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"knight", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1"},
    {"rook", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR w Kkq - 0 1"},
    {"queen", "", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1"},
};

constexpr Named kXiangqi[] = {
    {"one_horse", "让单马", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKABNR w - - 0 1"},
    {"two_horses", "让双马", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1"},
    {"one_chariot", "让单车", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"},
    {"chariot_horse", "让车马", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/2BAKABNR w - - 0 1"},
};

std::optional<std::string> find(const Named* table, std::size_t n, std::string_view name) {
  for (std::size_t i = 0; i < n; ++i)
    if (name == table[i].name || (*table[i].alias && name == table[i].alias))
      return std::string(table[i].fen);
  return std::nullopt;
}

}  // namespace

std::optional<std::string> handicap_fen(std::string_view game, std::string_view variant,
                                        std::string_view name) {
  if (game == "chess") return find(kChess, std::size(kChess), name);
  if (game == "xiangqi") return find(kXiangqi, std::size(kXiangqi), name);
  if (game == "tictactoe" && (name == "no_centre" || name == "no_center"))
    return std::string(".../.../... x");
  if (game == "checkers") {
    const bool big = variant == "international";
    const char first = (variant.empty() || variant == "english") ? 'B' : 'W';
    const int men = big ? 20 : 12, squares = big ? 50 : 32;
    int removed = name == "one_man" ? 1 : name == "two_men" ? 2 : 0;
    if (!removed) return std::nullopt;
    return std::string(1, first) + ":W" + std::to_string(squares - men + 1 + removed) + "-" +
           std::to_string(squares) + ":B1-" + std::to_string(men);
  }
  return std::nullopt;
}

std::vector<std::string> handicap_names(std::string_view game) {
  if (game == "chess") return {"pawn", "knight", "rook", "queen"};
  if (game == "xiangqi") return {"one_horse", "two_horses", "one_chariot", "chariot_horse"};
  if (game == "checkers") return {"one_man", "two_men"};
  if (game == "tictactoe") return {"no_centre"};
  return {};
}

}  // namespace qi::engine
