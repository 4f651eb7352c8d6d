#include "games/chess/types.h"

namespace qi::chess {

namespace {
constexpr std::string_view kPieceLetters = " PNBRQK  pnbrqk ";
}

char piece_char(Piece p) { return p < kPieceLetters.size() ? kPieceLetters[p] : ' '; }

Piece piece_from_char(char c) {
  if (c == ' ') return NoPiece;
  std::size_t i = kPieceLetters.find(c);
  return i == std::string_view::npos ? NoPiece : static_cast<Piece>(i);
}

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return {static_cast<char>('a' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

}  // namespace qi::chess
