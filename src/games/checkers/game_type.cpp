#include "games/checkers/game_type.h"

#include <array>
#include <cctype>
#include <vector>

#include "core/text.h"
#include "core/utf8.h"

namespace qi::checkers {
namespace {

struct KnownType {
  int number;
  std::string_view game;
};

// The draughts games PDN 3.0 lists, for naming a record's game when Qi does
// not play it. PDN numbers other boards' games too (0-19, 50 and on); a
// record of one of those is simply not of a draughts game, and which game it
// is belongs to that game's own registration, not here.
constexpr std::array kKnownTypes = {
    KnownType{20, "international draughts"}, KnownType{21, "English draughts"},
    KnownType{22, "Italian draughts"},       KnownType{23, "pool checkers"},
    KnownType{24, "Spanish draughts"},       KnownType{25, "Russian draughts"},
    KnownType{26, "Brazilian draughts"},     KnownType{27, "Canadian draughts"},
    KnownType{28, "Portuguese draughts"},    KnownType{29, "Czech draughts"},
    KnownType{30, "Turkish draughts"},       KnownType{31, "Thai draughts"},
    KnownType{40, "Frisian draughts"},       KnownType{41, "Spantsiretti draughts"},
};

std::string_view game_of(int number) {
  for (const KnownType& t : kKnownTypes)
    if (t.number == number) return t.game;
  return {};
}

std::optional<int> whole_number(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 4) return std::nullopt;
  int n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + (c - '0');
  }
  return n;
}

std::vector<std::string_view> fields_of(std::string_view value) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= value.size(); ++i)
    if (i == value.size() || value[i] == ',') {
      out.push_back(trim(value.substr(start, i - start)));
      start = i + 1;
    }
  return out;
}

template <class V>
constexpr bool plays(int number) {
  return V::pdn_game_type == number;
}

}  // namespace

Expected<GameType> parse_game_type(std::string_view value) {
  const std::vector<std::string_view> fields = fields_of(trim(value));
  GameType type;
  std::optional<int> number = whole_number(fields[0]);
  if (!number)
    return make_error("GameType \"" + printable(value) +
                      "\" does not start with a type number (20 international, 21 English, 25 Russian, 26 "
                      "Brazilian draughts)");
  type.number = *number;
  // The attributes, each taken where it reads; a reader need not refuse a
  // record for a malformed one, since the number decides.
  if (fields.size() > 1 && fields[1].size() == 1) {
    const char c = static_cast<char>(std::toupper(static_cast<unsigned char>(fields[1][0])));
    if (c == 'W' || c == 'B') type.start = c == 'W' ? Colour::White : Colour::Black;
  }
  if (fields.size() > 3) {
    std::optional<int> width = whole_number(fields[2]), height = whole_number(fields[3]);
    if (width && height) {
      type.width = *width;
      type.height = *height;
    }
  }
  if (fields.size() > 4 && fields[4].size() == 2) {
    const char kind = static_cast<char>(std::toupper(static_cast<unsigned char>(fields[4][0])));
    const char corner = fields[4][1];
    if ((kind == 'A' || kind == 'N' || kind == 'S') && corner >= '0' && corner <= '3') {
      type.notation = kind;
      type.corner = corner - '0';
    }
  }
  if (fields.size() > 5) type.light_corner = fields[5] == "1";
  return type;
}

Expected<std::string_view> variant_of_game_type(const GameType& type) {
  std::string_view variant;
  int size = 0;
  auto take = [&]<class V>(V) {
    if (plays<V>(type.number)) {
      variant = V::name;
      size = V::size;
    }
  };
  take(English{});
  take(Russian{});
  take(Brazilian{});
  take(International{});
  if (variant.empty()) {
    const std::string_view game = game_of(type.number);
    return make_error("GameType " + std::to_string(type.number) + " is " +
                      (game.empty() ? std::string("no draughts game PDN names") : std::string(game)) +
                      "; Qi plays 20 international, 21 English, 25 Russian and 26 Brazilian draughts");
  }
  if (type.width && (type.width != size || type.height != size))
    return make_error("GameType " + std::to_string(type.number) + " (" + std::string(game_of(type.number)) +
                      ") is played on " + std::to_string(size) + "x" + std::to_string(size) +
                      ", but the tag gives a board of " + std::to_string(type.width) + "x" +
                      std::to_string(type.height));
  return variant;
}

}  // namespace qi::checkers
