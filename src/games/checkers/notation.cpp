#include "games/checkers/notation.h"

#include <algorithm>

#include "core/text.h"
#include "core/utf8.h"

namespace qi::checkers {
namespace {

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

std::string range_text(const BoardShape& shape) { return "1-" + std::to_string(shape.squares()); }

bool is_separator(char c) { return c == '-' || c == 'x' || c == 'X' || c == ':'; }

// A name like c3: a letter and the digits of a rank.
bool looks_algebraic(std::string_view s) {
  return s.size() >= 2 && s.size() <= 3 && is_letter(s[0]) && all_digits(s.substr(1));
}

// The move without the dots some records glue before a second player's
// move ("...19-23", "…19-23") and PDN 3.0's move strength after it: "!",
// "?", "!?", ..., the same in parentheses ("(!)"), and "*" for a forced move.
std::string_view bare_move(std::string_view text) {
  while (true) {
    if (text.starts_with('.'))
      text.remove_prefix(1);
    else if (text.starts_with("\xE2\x80\xA6"))  // an ellipsis character
      text.remove_prefix(3);
    else
      break;
  }
  while (true) {
    text = trim(text);
    if (!text.empty() && (text.back() == '!' || text.back() == '?' || text.back() == '*')) {
      text.remove_suffix(1);
      continue;
    }
    if (text.size() > 2 && text.back() == ')') {
      const std::size_t open = text.rfind('(');
      if (open == std::string_view::npos || open + 2 >= text.size()) return text;
      const std::string_view marks = text.substr(open + 1, text.size() - open - 2);
      if (marks.find_first_not_of("!?") != std::string_view::npos) return text;
      text = text.substr(0, open);
      continue;
    }
    return text;
  }
}

}  // namespace

Expected<int> parse_square(std::string_view text, const BoardShape& shape) {
  text = trim(text);
  if (all_digits(text)) {
    if (text.size() > 3)
      return make_error("square " + std::string(text) + " is off the board (" + range_text(shape) + ")");
    int n = 0;
    for (char c : text) n = n * 10 + (c - '0');
    if (n < 1 || n > shape.squares())
      return make_error("square " + std::to_string(n) + " is off the board (" + range_text(shape) + ")");
    return n;
  }
  if (shape.algebraic_ok && text.size() == 2) {
    int column = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    int rank = text[1] - '0';
    if (column >= 0 && column < shape.size && rank >= 1 && rank <= shape.size) {
      int row = shape.size - rank;
      if ((row + column) % 2 == 0)
        return make_error(std::string(text) + " is a light square; play is on the dark squares");
      return row * (shape.size / 2) + column / 2 + 1;
    }
  }
  if (text.empty()) return make_error("a square is missing");
  std::string message = "'";
  message += printable(text);
  message += "' is not a square: expected a number " + range_text(shape);
  if (shape.algebraic_ok) message += " or a name like c3";
  return make_error(message);
}

std::string square_text(int square, const MoveStyle& style) {
  if (!style.algebraic) return std::to_string(square);
  const int per_row = style.size / 2, row = (square - 1) / per_row, k = (square - 1) % per_row;
  const int column = row % 2 == 0 ? 2 * k + 1 : 2 * k;
  return std::string(1, static_cast<char>('a' + column)) + std::to_string(style.size - row);
}

Expected<MoveWords> parse_move_words(std::string_view text, const BoardShape& shape) {
  text = trim(text);
  const std::string shown = printable(text);
  if (text.empty()) return make_error("empty move: expected squares like 11-15 or 22x15");
  text = bare_move(text);
  MoveWords words;
  words.style.size = shape.size;
  // PDN also allows a plain move as its two squares run together: four
  // digits ("1115", "3228") or two names ("c3d4").
  const bool two_names = shape.algebraic_ok && text.size() == 4 && looks_algebraic(text.substr(0, 2)) &&
                         looks_algebraic(text.substr(2));
  if ((text.size() == 4 && all_digits(text)) || two_names) {
    for (std::string_view part : {text.substr(0, 2), text.substr(2)}) {
      Expected<int> sq = parse_square(part, shape);
      if (!sq) return make_error(shown + ": " + sq.error().message);
      words.squares.push_back(*sq);
    }
    words.style.algebraic = two_names;
    return words;
  }
  bool saw_plain = false, saw_capture = false;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i < text.size() && !is_separator(text[i])) continue;
    std::string_view part = trim(text.substr(start, i - start));
    if (part.empty())
      return make_error("'" + shown +
                        "' is not a move: expected squares joined by '-' or 'x', like 11-15 or 22x15");
    Expected<int> sq = parse_square(part, shape);
    if (!sq) return make_error(shown + ": " + sq.error().message);
    words.squares.push_back(*sq);
    if (is_letter(part[0])) words.style.algebraic = true;
    if (i < text.size()) {
      if (text[i] == '-') {
        saw_plain = true;
      } else {
        saw_capture = true;
        words.style.capture = text[i] == ':' ? ':' : 'x';
      }
    }
    start = i + 1;
    if (words.squares.size() > 32) return make_error(shown + ": too many squares for one move");
  }
  if (words.squares.size() < 2)
    return make_error("'" + shown +
                      "' is not a move: expected squares joined by '-' or 'x', like 11-15 or 22x15");
  if (saw_plain && saw_capture) return make_error(shown + ": mixes '-' and 'x'");
  words.capture = saw_capture;
  if (!words.capture && words.squares.size() > 2)
    return make_error(shown + ": a plain move joins two squares; write a capture path with 'x'");
  return words;
}

std::string format_move_words(const MoveWords& words) {
  std::string out;
  for (std::size_t i = 0; i < words.squares.size(); ++i) {
    if (i) out += words.capture ? words.style.capture : '-';
    out += square_text(words.squares[i], words.style);
  }
  return out;
}

namespace {

// The FEN's fields after the side to move, each starting with its colour
// ("W31,32", "BK5,6"): split at every ':', and also where a capital colour
// letter follows a square's digit with no ':' between ("W31,32B5,6"; a
// lower-case b may start a square's name, as in "Wa1,b2").
std::vector<std::string_view> colour_fields(std::string_view rest) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= rest.size(); ++i) {
    const bool end = i == rest.size() || rest[i] == ':';
    const bool run_on =
        !end && i > start && (rest[i] == 'W' || rest[i] == 'B') && rest[i - 1] >= '0' && rest[i - 1] <= '9';
    if (!end && !run_on) continue;
    if (std::string_view f = trim(rest.substr(start, i - start)); !f.empty()) fields.push_back(f);
    start = run_on ? i : i + 1;
  }
  return fields;
}

}  // namespace

Expected<Setup> parse_fen(std::string_view fen, const BoardShape& shape) {
  fen = trim(fen);
  if (fen.size() >= 2 && fen.front() == '"' && fen.back() == '"') fen = trim(fen.substr(1, fen.size() - 2));
  while (!fen.empty() && (fen.back() == '.' || is_space(fen.back()))) fen.remove_suffix(1);
  if (fen.empty()) return make_error("FEN: empty; expected something like B:W21-32:B1-12");

  // The side to move: W, B or ? (open), before the first ':'; some writers
  // leave that ':' out ("WW31-50:B1-20").
  std::size_t colon = fen.find(':');
  std::string_view side = trim(fen.substr(0, colon));
  std::string_view rest = colon == std::string_view::npos ? std::string_view{} : fen.substr(colon + 1);
  if (side.size() >= 2 && std::string_view("WwBb?").find(side[0]) != std::string_view::npos &&
      std::string_view("WwBb").find(side[1]) != std::string_view::npos) {
    rest = fen.substr(1);
    side = side.substr(0, 1);
  }
  Setup setup;
  const char turn = static_cast<char>(std::toupper(static_cast<unsigned char>(side.empty() ? '!' : side[0])));
  if (side.size() != 1 || (turn != 'W' && turn != 'B' && turn != '?'))
    return make_error("FEN: expected the side to move (W or B) before the first ':', found '" +
                      printable(side) + "'");
  setup.to_move = turn == 'W' ? Colour::White : turn == 'B' ? Colour::Black : shape.first;

  std::vector<int> owner(static_cast<std::size_t>(shape.squares() + 1), -1);
  bool seen_colour[2] = {false, false};
  int count[2] = {0, 0};
  const int max_pieces = (shape.size - 2) / 2 * (shape.size / 2);
  for (std::string_view field : colour_fields(rest)) {
    char head = static_cast<char>(std::toupper(static_cast<unsigned char>(field[0])));
    if ((head == 'H' || head == 'F') && all_digits(field.substr(1)))
      continue;  // move counters some tools add
    if (head != 'W' && head != 'B')
      return make_error("FEN: field '" + printable(field) + "' should start with W or B");
    Colour colour = head == 'W' ? Colour::White : Colour::Black;
    int c = static_cast<int>(colour);
    if (seen_colour[c]) return make_error(std::string("FEN: the ") + head + " pieces are listed twice");
    seen_colour[c] = true;
    std::string_view list = field.substr(1);
    std::size_t item_start = 0;
    for (std::size_t i = 0; i <= list.size(); ++i) {
      if (i < list.size() && list[i] != ',') continue;
      std::string_view item = trim(list.substr(item_start, i - item_start));
      item_start = i + 1;
      if (item.empty()) {
        if (trim(list).empty()) break;  // no pieces listed: refused below
        return make_error(std::string("FEN: empty entry in the ") + head + " list");
      }
      bool king = false;
      if (item[0] == 'K' || item[0] == 'k') {
        king = true;
        item.remove_prefix(1);
      }
      int first = 0, last = 0;
      std::size_t dash = item.find('-');
      if (dash != std::string_view::npos) {
        Expected<int> a = parse_square(item.substr(0, dash), shape);
        if (!a) return make_error("FEN: " + a.error().message);
        Expected<int> b = parse_square(item.substr(dash + 1), shape);
        if (!b) return make_error("FEN: " + b.error().message);
        if (*b < *a) return make_error("FEN: range " + printable(item) + " runs backwards");
        first = *a;
        last = *b;
      } else {
        Expected<int> a = parse_square(item, shape);
        if (!a) return make_error("FEN: " + a.error().message);
        first = last = *a;
      }
      for (int sq = first; sq <= last; ++sq) {
        if (owner[sq] != -1) return make_error("FEN: square " + std::to_string(sq) + " is listed twice");
        owner[sq] = c;
        if (++count[c] > max_pieces)
          return make_error("FEN: " + std::string(colour_name(colour)) + " has more than " +
                            std::to_string(max_pieces) + " pieces");
        setup.pieces.push_back({colour, sq, king});
      }
    }
  }
  // A side without pieces has lost already: there is no game to play on.
  for (Colour colour : {Colour::White, Colour::Black})
    if (count[static_cast<int>(colour)] == 0)
      return make_error("FEN: " + std::string(colour_name(colour)) +
                        " has no pieces; a side without pieces has lost, so a position to play from gives "
                        "each side at least one");
  return setup;
}

std::string format_fen(const Setup& setup) {
  std::string out(1, colour_letter(setup.to_move));
  for (Colour colour : {Colour::White, Colour::Black}) {
    std::vector<PlacedPiece> mine;
    for (const PlacedPiece& p : setup.pieces)
      if (p.colour == colour) mine.push_back(p);
    std::sort(mine.begin(), mine.end(),
              [](const PlacedPiece& a, const PlacedPiece& b) { return a.square < b.square; });
    out += ':';
    out += colour_letter(colour);
    for (std::size_t i = 0; i < mine.size(); ++i) {
      if (i) out += ',';
      if (mine[i].king) out += 'K';
      out += std::to_string(mine[i].square);
    }
  }
  return out;
}

}  // namespace qi::checkers
