#include <vector>

#include "games/xiangqi/notation.h"
#include "games/xiangqi/refusal_codes.h"
#include "games/xiangqi/san_notation.h"
#include "games/xiangqi/square_names.h"

namespace qi::xiangqi {
namespace {

PieceType piece_of_letter(char c) {
  switch (c) {
    case 'K':
    case 'G':
      return kGeneral;
    case 'A':
      return kAdvisor;
    case 'E':
    case 'B':
      return kElephant;
    case 'H':
    case 'N':
      return kHorse;
    case 'R':
      return kChariot;
    case 'C':
      return kCannon;
    case 'P':
      return kSoldier;
    default:
      return kNoType;
  }
}

bool is_file(char c) { return c >= 'a' && c <= 'i'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A SAN text taken apart: -1 where a part is not written.
struct San {
  PieceType type = kSoldier;
  bool lettered = false;               // a piece letter was written
  int from_file = -1, from_rank = -1;  // the rank as written (0-10)
  int to_file = -1, to_rank = -1;
};

// The rank number that ends s[..end), "10" or one digit, and where it starts.
bool rank_before(std::string_view s, std::size_t end, int& rank, std::size_t& start) {
  if (end >= 3 && s.substr(end - 2, 2) == "10" && is_file(s[end - 3])) {
    rank = 10;
    start = end - 2;
    return true;
  }
  if (end >= 2 && is_digit(s[end - 1]) && is_file(s[end - 2])) {
    rank = s[end - 1] - '0';
    start = end - 1;
    return true;
  }
  return false;
}

std::optional<San> take_apart(std::string_view s) {
  while (!s.empty() && (s.back() == '+' || s.back() == '#')) s.remove_suffix(1);
  San san;
  if (!s.empty() && s.front() >= 'A' && s.front() <= 'Z') {
    san.type = piece_of_letter(s.front());
    san.lettered = true;
    if (san.type == kNoType) return std::nullopt;
    s.remove_prefix(1);
  }
  std::size_t start = 0;
  if (!rank_before(s, s.size(), san.to_rank, start)) return std::nullopt;
  san.to_file = s[start - 1] - 'a';
  std::string_view from = s.substr(0, start - 1);
  if (!from.empty() && (from.back() == 'x' || from.back() == ':' || from.back() == '-'))
    from.remove_suffix(1);
  if (!from.empty() && is_file(from.front())) {
    san.from_file = from.front() - 'a';
    from.remove_prefix(1);
  }
  if (from == "10")
    san.from_rank = 10;
  else if (from.size() == 1 && is_digit(from.front()))
    san.from_rank = from.front() - '0';
  else if (!from.empty())
    return std::nullopt;
  return san;
}

Reading reading_of(const Position& pos, San san, int base) {
  Reading out;
  const Side side = pos.side_to_move();
  const int to_rank = san.to_rank - base, from_rank = san.from_rank < 0 ? -1 : san.from_rank - base;
  if (to_rank < 0 || to_rank >= kRanks || (san.from_rank >= 0 && (from_rank < 0 || from_rank >= kRanks))) {
    out.error =
        make_error(refusal("no_such_point"), base == 0 ? "ranks go from 0 to 9" : "ranks go from 1 to 10");
    return out;
  }
  // Both points and no letter: a move in coordinates, whatever moves
  // ("h2-e2+", "h10g8" in Fairy-Stockfish's ranks).
  if (!san.lettered && san.from_file >= 0 && from_rank >= 0) {
    const Piece p = pos.piece_on(make_square(san.from_file, from_rank));
    if (p != kEmpty && color_of(p) == side) san.type = type_of(p);
  }
  const std::string kind = piece_type_name(san.type);
  const Square to = make_square(san.to_file, to_rank);
  // A soldier's SAN names the file it leaves unless it moves straight on.
  const int from_file = san.from_file >= 0 ? san.from_file : san.type == kSoldier ? san.to_file : -1;
  std::vector<Square> pieces;
  for (Bitboard b = pos.pieces(side, san.type); b;) {
    const Square s = pop_lsb(b);
    if ((from_file < 0 || file_of(s) == from_file) && (from_rank < 0 || rank_of(s) == from_rank))
      pieces.push_back(s);
  }
  for (Square s : pieces)
    if (pos.is_legal(make_move(s, to))) out.moves.push_back(make_move(s, to));
  if (out.moves.size() > 1) {
    out.error = make_error(refusal("ambiguous_square"), "ambiguous: " + std::to_string(out.moves.size()) +
                                                            " " + kind + "s can move to " + square_name(to) +
                                                            "; name the file or rank it leaves");
  } else if (out.moves.empty() && pieces.size() == 1) {
    out.error = refusal_of(pos, make_move(pieces.front(), to));
    if (out.error.message.empty()) out.error = make_error(refusal("not_legal"), "not a legal move");
  } else if (out.moves.empty() && pieces.empty()) {
    std::string where;
    if (from_file >= 0 && from_rank >= 0)
      where = " on " + square_name(make_square(from_file, from_rank));
    else if (from_file >= 0)
      where = " on file " + std::string(1, static_cast<char>('a' + from_file));
    else if (from_rank >= 0)
      where = " on rank " + std::to_string(from_rank);
    out.error =
        make_error(refusal("no_such_piece"), std::string(side_title(side)) + " has no " + kind + where);
  } else if (out.moves.empty()) {
    out.error = make_error(refusal("cannot_move_so"), std::string("no ") + side_word(side) + " " + kind +
                                                          " can move to " + square_name(to));
  }
  return out;
}

}  // namespace

std::optional<Readings> read_san(const Position& pos, std::string_view text) {
  std::optional<San> san = take_apart(text);
  if (!san) return std::nullopt;
  const bool ten = san->to_rank == 10 || san->from_rank == 10;
  const bool zero = san->to_rank == 0 || san->from_rank == 0;
  Readings out;
  if (!ten) out.push_back(reading_of(pos, *san, 0));   // WinBoard: ranks 0-9
  if (!zero) out.push_back(reading_of(pos, *san, 1));  // Fairy-Stockfish: ranks 1-10
  return out;
}

}  // namespace qi::xiangqi
