#include "app/handicap.h"

#include <cctype>
#include <map>

namespace qi::app {
namespace {

struct Removal {
  int file;                // 0 = a
  int rank_from_own_side;  // 0 = the side's back rank
  char piece;              // lower-case letter expected there
};

const std::map<std::string, std::vector<Removal>, std::less<>>& table(std::string_view game) {
  static const std::map<std::string, std::vector<Removal>, std::less<>> chess = {
      {"pawn", {{5, 1, 'p'}}}, {"knight", {{1, 0, 'n'}}}, {"rook", {{0, 0, 'r'}}}, {"queen", {{3, 0, 'q'}}}};
  static const std::map<std::string, std::vector<Removal>, std::less<>> xiangqi = {
      {"horse", {{1, 0, 'n'}}}, {"two_horses", {{1, 0, 'n'}, {7, 0, 'n'}}}, {"rook", {{0, 0, 'r'}}}};
  static const std::map<std::string, std::vector<Removal>, std::less<>> none;
  if (game == "chess") return chess;
  if (game == "xiangqi") return xiangqi;
  return none;
}

// The board field as a grid of characters ('.' for empty), top rank first.
std::vector<std::string> board_of(std::string_view field) {
  std::vector<std::string> rows(1);
  for (char c : field) {
    if (c == '/')
      rows.emplace_back();
    else if (std::isdigit(static_cast<unsigned char>(c)))
      rows.back().append(static_cast<std::size_t>(c - '0'), '.');
    else
      rows.back() += c;
  }
  return rows;
}

std::string field_of(const std::vector<std::string>& rows) {
  std::string out;
  for (std::size_t r = 0; r < rows.size(); ++r) {
    if (r) out += '/';
    int empty = 0;
    for (char c : rows[r]) {
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
  }
  return out;
}

}  // namespace

std::vector<std::string> handicap_names(std::string_view game) {
  std::vector<std::string> names;
  if (game == "tictactoe") names.push_back(std::string(kNoCentre));
  for (const auto& [name, removals] : table(game)) names.push_back(name);
  return names;
}

Expected<std::string> apply_handicap(std::string_view game, std::string_view fen, std::string_view handicap,
                                     Side side) {
  // Tic-tac-toe's odds are a rule for the engine, not a piece removed: the
  // usual start, and the engine (second) keeps out of the centre.
  if (game == "tictactoe" && handicap == kNoCentre) return std::string(fen);
  const auto& t = table(game);
  auto it = t.find(handicap);
  if (it == t.end()) {
    std::string names;
    for (const auto& [name, r] : t) names += (names.empty() ? "" : ", ") + name;
    return make_error("unknown handicap '" + std::string(handicap) + "' for " + std::string(game) +
                      (names.empty() ? " (this game has none)" : " (" + names + ")"));
  }
  std::string_view field = fen.substr(0, fen.find(' '));
  std::vector<std::string> rows = board_of(field);
  for (const Removal& r : it->second) {
    // The first side sits at the bottom (last rows); files count from its left.
    std::size_t row = side == Side::First ? rows.size() - 1 - r.rank_from_own_side : r.rank_from_own_side;
    std::size_t file = side == Side::First ? r.file : rows[row].size() - 1 - r.file;
    if (game == "chess" && side == Side::Second) file = r.file;  // both chess sides count from the a-file
    char want = side == Side::First ? static_cast<char>(std::toupper(r.piece)) : r.piece;
    if (row >= rows.size() || file >= rows[row].size() || rows[row][file] != want)
      return make_error("handicap '" + std::string(handicap) + "' needs the piece in its starting place");
    rows[row][file] = '.';
  }
  return field_of(rows) + std::string(fen.substr(field.size()));
}

}  // namespace qi::app
