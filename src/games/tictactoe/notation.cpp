#include "games/tictactoe/notation.h"

#include "core/text.h"
#include "core/utf8.h"
#include "games/tictactoe/refusal_codes.h"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

namespace qi::tictactoe {
namespace {

// Input quoted in an error message: valid UTF-8 on one line (other bytes
// and control characters as \\xNN), cut between characters if long.
std::string quoted(std::string_view text) {
  constexpr std::size_t kMaxShown = 24;
  std::size_t cut = 0;
  while (cut < text.size() && cut < kMaxShown) cut += std::max<std::size_t>(1, utf8_char_length(text, cut));
  std::string out = printable(text.substr(0, cut));
  if (cut < text.size()) out += "...";
  return out;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (true) {
    std::size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) return parts;
    text.remove_prefix(at + 1);
  }
}

Error position_error(const std::string& what) { return make_error("position: " + what); }

// Reachability. Marks are only ever added, and play stops at the first line,
// so a position can occur in a game exactly when: O has as many marks as X
// or one fewer; the side to move is the one the counts say; and, if someone
// has a line, it is the side that just moved and one of its marks lies on all
// its lines (that mark was the last move). The last condition always holds
// once the counts do: X's at most five marks hold at most two lines, which
// then cross, and O's at most four marks hold at most one line. The test
// PositionsAcceptedAreExactlyTheReachableOnes checks this against a walk of
// the whole game tree.
Status check_reachable(Mask x, Mask o, Side to_move) {
  const int xs = mark_count(x), os = mark_count(o);
  if (os > xs)
    return position_error("O has " + std::to_string(os) + " marks and X " + std::to_string(xs) +
                          "; X moves first, so O never has more");
  if (xs > os + 1)
    return position_error("X has " + std::to_string(xs) + " marks and O " + std::to_string(os) +
                          "; the players take turns, so X is at most one ahead");
  const Side by_counts = xs == os ? Side::First : Side::Second;
  if (to_move != by_counts) {
    const std::string counts = xs == os
                                   ? "X and O have " + std::to_string(xs) + " marks each"
                                   : "X has " + std::to_string(xs) + " marks and O " + std::to_string(os);
    return position_error(counts + ", so " + side_name(by_counts) + " is to move, not " + side_name(to_move));
  }
  if (has_line(x) && has_line(o))
    return position_error("both X and O have three in a row, but play stops at the first line");
  const Mask mover_marks = to_move == Side::First ? x : o;
  if (has_line(mover_marks))
    return position_error(side_name(to_move) + " has three in a row, yet " + side_name(~to_move) +
                          " has moved since; play stops at the first line");
  return Ok{};
}

}  // namespace

std::string side_name(Side side) { return side == Side::First ? "X" : "O"; }

std::string square_name(int square) {
  return {static_cast<char>('a' + file_of(square)), static_cast<char>('1' + rank_of(square))};
}

Expected<Move> parse_square(std::string_view text) {
  if (text.empty()) return make_error(refusal("not_a_move"), "no square given (a1–c3)");
  if (text.size() == 2) {
    const int file = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    const int rank = text[1] - '1';
    if (file >= 0 && file < 3 && rank >= 0 && rank < 3)
      return Move{static_cast<std::uint8_t>(square_of(file, rank))};
  }
  return make_error(refusal("not_a_move"), quoted(text) + ": not a square (a1–c3)");
}

Expected<Move> parse_move(const Board& board, std::string_view text) {
  if (board.game_over()) return make_error("game_over", "the game is over: " + game_over_reason(board));
  Expected<Move> move = parse_square(trim(text));
  if (!move) return move;
  for (Side side : {Side::First, Side::Second})
    if (board.marks(side) & bit(move->square))
      return make_error(refusal("occupied"),
                        square_name(move->square) + ": the square is already taken by " + side_name(side));
  return move;
}

std::string game_over_reason(const Board& board) {
  if (board.someone_won()) return side_name(~board.side_to_move()) + " has three in a row";
  if (board.occupied() == kAllSquares) return "the board is full with no three in a row";
  return {};
}

Expected<Board> parse_position(std::string_view text) {
  text = trim(text);
  if (text.empty()) return position_error("empty; expected rows and the side to move, as in '.../.../... x'");
  const std::size_t space = text.find_first_of(" \t");
  const std::string_view rows_text = text.substr(0, space);
  std::string_view rest = space == std::string_view::npos ? std::string_view{} : trim(text.substr(space));
  if (rest.empty())
    return position_error(
        "the side to move is missing; add ' x' or ' o' after the rows, as in '.../.../... x'");
  const std::size_t extra = rest.find_first_of(" \t\r\n");
  if (extra != std::string_view::npos)
    return position_error("unexpected text '" + quoted(trim(rest.substr(extra))) +
                          "' after the side to move");

  const std::vector<std::string_view> rows = split(rows_text, '/');
  if (rows.size() != 3)
    return position_error(std::to_string(rows.size()) + (rows.size() == 1 ? " row" : " rows") + " in '" +
                          quoted(rows_text) + "'; expected 3 separated by '/'");
  Mask x = 0, o = 0;
  for (int row = 0; row < 3; ++row) {
    const int rank = 2 - row;  // the text starts at the top
    const std::string_view squares = rows[row];
    if (squares.size() != 3)
      return position_error("rank " + std::to_string(rank + 1) + " '" + quoted(squares) + "' has " +
                            std::to_string(squares.size()) + " squares, expected 3");
    for (int file = 0; file < 3; ++file) {
      const int square = square_of(file, rank);
      switch (squares[file]) {
        case 'x':
          x |= bit(square);
          break;
        case 'o':
          o |= bit(square);
          break;
        case '.':
          break;
        default: {
          const char c = squares[file];
          const bool upper_mark = c == 'X' || c == 'O';
          const auto bytes =
              std::max<std::size_t>(1, utf8_char_length(squares, static_cast<std::size_t>(file)));
          std::string what = quoted(squares.substr(static_cast<std::size_t>(file), bytes));
          what.insert(what.begin(), '\'');  // not "'" + what: GCC 12 warns wrongly (-Wrestrict) on that
          return position_error(what + "' on " + square_name(square) + " is not x, o or '.'" +
                                (upper_mark ? " (marks are lower case)" : ""));
        }
      }
    }
  }

  Side to_move;
  if (rest == "x") {
    to_move = Side::First;
  } else if (rest == "o") {
    to_move = Side::Second;
  } else {
    const bool upper = rest == "X" || rest == "O";
    return position_error("side to move '" + quoted(rest) + "' must be x or o" +
                          (upper ? " (lower case)" : ""));
  }
  if (Status reachable = check_reachable(x, o, to_move); !reachable) return reachable.error();
  return Board::from_marks(x, o, to_move);
}

std::string position_text(const Board& board) {
  std::string out;
  for (int rank = 2; rank >= 0; --rank) {
    for (int file = 0; file < 3; ++file) {
      const Mask b = bit(square_of(file, rank));
      out += board.marks(Side::First) & b ? 'x' : board.marks(Side::Second) & b ? 'o' : '.';
    }
    out += rank > 0 ? '/' : ' ';
  }
  out += board.side_to_move() == Side::First ? 'x' : 'o';
  return out;
}

}  // namespace qi::tictactoe
