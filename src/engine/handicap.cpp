#include "engine/handicap.h"

#include <cctype>
#include <iterator>

#include "core/fen_text.h"
#include "games/registry.h"

namespace qi::engine {
namespace {

// A piece taken off a start position: its file from the giver's left and its
// rank from the giver's back rank.
struct Removal {
  int file;
  int rank;
  char piece;  // lower case
};

struct Named {
  const char* name;
  const char* chinese;  // "" when the game has no Chinese name for it
  Removal off[2];
  int count;
};

constexpr Named kChess[] = {
    {"pawn", "", {{5, 1, 'p'}}, 1},
    {"knight", "", {{1, 0, 'n'}}, 1},
    {"rook", "", {{0, 0, 'r'}}, 1},
    {"queen", "", {{3, 0, 'q'}}, 1},
};

constexpr Named kXiangqi[] = {
    {"one_horse", "让单马", {{1, 0, 'n'}}, 1},
    {"two_horses", "让双马", {{1, 0, 'n'}, {7, 0, 'n'}}, 2},
    {"one_chariot", "让单车", {{0, 0, 'r'}}, 1},
    {"chariot_horse", "让车马", {{0, 0, 'r'}, {1, 0, 'n'}}, 2},
};

const Named* find(std::string_view game, std::string_view name) {
  auto search = [&](const auto& table) -> const Named* {
    for (const Named& n : table)
      if (name == n.name || (*n.chinese && name == n.chinese)) return &n;
    return nullptr;
  };
  if (game == "chess") return search(kChess);
  if (game == "xiangqi") return search(kXiangqi);
  return nullptr;
}

// The board field as rows of characters ('.' empty), top row first.
std::vector<std::string> rows_of(std::string_view field) {
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

// Chess and xiangqi: the pieces taken off the start FEN. The first side sits
// at the bottom; a side's left is the a-file for the first, the last file
// for the second (in chess both sides count from the a-file: the queen's
// side is the same for both).
Expected<std::string> remove_pieces(std::string_view game, const std::string& start, const Named& h,
                                    Side giver) {
  const std::string_view fen = start;
  const std::string_view field = fen.substr(0, fen.find(' '));
  std::vector<std::string> rows = rows_of(field);
  for (int i = 0; i < h.count; ++i) {
    const Removal& r = h.off[i];
    const std::size_t row = giver == Side::First ? rows.size() - 1 - r.rank : r.rank;
    std::size_t file = static_cast<std::size_t>(r.file);
    if (game != "chess" && giver == Side::Second) file = rows[row].size() - 1 - file;
    const char want = giver == Side::First ? static_cast<char>(std::toupper(r.piece)) : r.piece;
    if (row >= rows.size() || file >= rows[row].size() || rows[row][file] != want)
      return make_error("handicap '" + std::string(h.name) + "' needs the piece in its starting place");
    rows[row][file] = '.';
  }
  std::vector<std::string_view> fields = split_fields(fen);
  std::string castling(fields.size() > 2 ? fields[2] : "-");
  if (game == "chess" && std::string_view(h.name) == "rook") {
    // The queen's rook is gone, and with it that castling right.
    std::erase(castling, giver == Side::First ? 'Q' : 'q');
    if (castling.empty()) castling = "-";
  }
  const int ranks = static_cast<int>(rows.size());
  std::string out = fen_board(static_cast<int>(rows[0].size()), ranks, [&](int file, int rank) {
    const char c = rows[static_cast<std::size_t>(ranks - 1 - rank)][static_cast<std::size_t>(file)];
    return c == '.' ? '\0' : c;
  });
  for (std::size_t i = 1; i < fields.size(); ++i) {
    out += ' ';
    out += i == 2 ? std::string_view(castling) : fields[i];
  }
  return out;
}

// Checkers: the giver's men from its front row, nearest the middle first.
std::string checkers_fen(std::string_view variant, int removed, Side giver) {
  const bool big = variant == "international";
  const bool english = variant.empty() || variant == "english";
  const int men = big ? 20 : 12, squares = big ? 50 : 32;
  // The first mover: Black in English checkers, White elsewhere.
  const bool white_gives = english ? giver == Side::Second : giver == Side::First;
  const int white_from = squares - men + 1 + (white_gives ? removed : 0);
  const int black_to = men - (white_gives ? 0 : removed);
  return std::string(1, english ? 'B' : 'W') + ":W" + std::to_string(white_from) + "-" +
         std::to_string(squares) + ":B1-" + std::to_string(black_to);
}

}  // namespace

std::vector<std::string> handicap_names(std::string_view game) {
  if (game == "chess") return {"pawn", "knight", "rook", "queen"};
  if (game == "xiangqi") return {"one_horse", "two_horses", "one_chariot", "chariot_horse"};
  if (game == "checkers") return {"one_man", "two_men"};
  if (game == "tictactoe") return {"no_centre"};
  return {};
}

Expected<std::string> handicap_fen(std::string_view game, std::string_view variant, std::string_view name,
                                   Side giver) {
  auto unknown = [&] {
    std::string names;
    for (const std::string& n : handicap_names(game)) names += (names.empty() ? "" : ", ") + n;
    return make_error("unknown handicap '" + std::string(name) + "' for " + std::string(game) +
                      (names.empty() ? " (this game has none)" : " (" + names + ")"));
  };
  if (game == "tictactoe") {
    if (name != "no_centre") return unknown();
    if (giver != Side::Second) return make_error("the no_centre handicap is given by the second player (O)");
    return std::string(".../.../... x");
  }
  if (game == "checkers") {
    const int removed = name == "one_man" ? 1 : name == "two_men" ? 2 : 0;
    if (!removed) return unknown();
    return checkers_fen(variant, removed, giver);
  }
  const Named* h = find(game, name);
  if (!h) return unknown();
  auto g = make_game(game, variant);
  if (!g) return g.error();
  return remove_pieces(game, (*g)->start_fen(), *h, giver);
}

Side default_giver(std::string_view game, std::string_view variant, std::string_view name) {
  if (game == "chess") return name == "pawn" ? Side::Second : Side::First;
  if (game == "checkers") return variant.empty() || variant == "english" ? Side::Second : Side::First;
  if (game == "tictactoe") return Side::Second;
  return Side::First;
}

std::optional<std::string> handicap_fen(std::string_view game, std::string_view variant,
                                        std::string_view name) {
  Expected<std::string> fen = handicap_fen(game, variant, name, default_giver(game, variant, name));
  if (!fen) return std::nullopt;
  return *fen;
}

}  // namespace qi::engine
