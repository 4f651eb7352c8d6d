#include "protocol/coordinates.h"

#include <cctype>
#include <optional>

#include "core/utf8.h"

namespace qi::protocol {
namespace {

struct Square {
  char file = 0;
  int rank = 0;
};

// "a10" at `i`: a lowercase letter and one or two digits; nullopt otherwise.
std::optional<Square> square_at(std::string_view text, std::size_t& i) {
  if (i >= text.size() || !std::islower(static_cast<unsigned char>(text[i]))) return std::nullopt;
  Square s{text[i++], 0};
  std::size_t digits = 0;
  while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && digits < 2)
    s.rank = s.rank * 10 + (text[i++] - '0'), ++digits;
  if (digits == 0) return std::nullopt;
  return s;
}

// The two squares of a move written as squares alone ("h2e2", "b10c8").
std::optional<std::pair<Square, Square>> square_pair(std::string_view text) {
  std::size_t i = 0;
  const std::optional<Square> from = square_at(text, i);
  if (!from) return std::nullopt;
  const std::optional<Square> to = square_at(text, i);
  if (!to || i != text.size()) return std::nullopt;
  return std::pair{*from, *to};
}

std::string text_of(Square s) { return s.file + std::to_string(s.rank); }

std::string shift_ranks(std::string_view move, int by) {
  const auto squares = square_pair(move);
  if (!squares) return std::string(move);
  auto [from, to] = *squares;
  from.rank += by;
  to.rank += by;
  return text_of(from) + text_of(to);
}

bool alphanumeric(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::string iccs_to_uci_ranks(std::string_view move) { return shift_ranks(move, 1); }
std::string uci_ranks_to_iccs(std::string_view move) { return shift_ranks(move, -1); }

Expected<std::string> to_game(Coordinates c, std::string_view text) {
  if (c == Coordinates::GameIds) return std::string(text);
  const auto squares = square_pair(text);
  if (!squares) return std::string(text);
  for (const Square& s : {squares->first, squares->second})
    if (s.file < 'a' || s.file > 'i' || s.rank < 1 || s.rank > 10)
      return make_error(
          printable(text) +
          ": in Fairy-Stockfish's coordinates a square is a file a-i and a rank 1-10 (ranks 0-9 are "
          "UCCI's)");
  return uci_ranks_to_iccs(text);
}

std::string from_game(Coordinates c, std::string_view id) {
  return c == Coordinates::FairyRanks ? iccs_to_uci_ranks(id) : std::string(id);
}

std::string words_from_game(Coordinates c, std::string_view words) {
  if (c == Coordinates::GameIds) return std::string(words);
  // A square is a file a-i and one digit standing alone ("at a3"), or two
  // of them together ("h2e2"); nothing else in a sentence looks like that.
  auto is_square = [&](std::size_t i) {
    return i + 1 < words.size() && words[i] >= 'a' && words[i] <= 'i' &&
           std::isdigit(static_cast<unsigned char>(words[i + 1]));
  };
  std::string out;
  std::size_t i = 0;
  while (i < words.size()) {
    const bool starts_word = i == 0 || !alphanumeric(words[i - 1]);
    if (starts_word && is_square(i)) {
      const std::size_t length = is_square(i + 2) ? 4 : 2;
      if (i + length == words.size() || !alphanumeric(words[i + length])) {
        for (std::size_t k = 0; k < length; k += 2)
          out += text_of(Square{words[i + k], words[i + k + 1] - '0' + 1});
        i += length;
        continue;
      }
    }
    out += words[i++];
  }
  return out;
}

}  // namespace qi::protocol
