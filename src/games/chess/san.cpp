#include "games/chess/san.h"

#include <algorithm>
#include <vector>

#include "core/text.h"
#include "core/utf8.h"
#include "games/chess/explain.h"
#include "games/chess/refusal_codes.h"

namespace qi::chess {
namespace {

bool is_file(char c) { return c >= 'a' && c <= 'h'; }
bool is_rank(char c) { return c >= '1' && c <= '8'; }

PieceType piece_from_letter(char c) {
  switch (c) {
    case 'N':
      return Knight;
    case 'B':
      return Bishop;
    case 'R':
      return Rook;
    case 'Q':
      return Queen;
    case 'K':
      return King;
    case 'P':
      return Pawn;
    default:
      return NoPieceType;
  }
}

char piece_letter(PieceType pt) { return " PNBRQK"[pt]; }

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Drops what follows the move proper: check and mate signs, annotation
// glyphs and the en passant suffix, in any order.
std::string_view strip_suffixes(std::string_view s) {
  for (bool changed = true; changed;) {
    changed = false;
    while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) {
      s.remove_suffix(1);
      changed = true;
    }
    for (std::string_view ep : {"e.p.", "ep"}) {
      if (s.size() > ep.size() && ends_with(s, ep) &&
          (is_rank(s[s.size() - ep.size() - 1]) || is_space(s[s.size() - ep.size() - 1]))) {
        s.remove_suffix(ep.size());
        s = trim(s);
        changed = true;
      }
    }
  }
  return s;
}

bool is_capture(const Position& pos, Move m) {
  return m.kind() == Move::EnPassant || (m.kind() != Move::Castling && pos.piece_on(m.to()) != NoPiece);
}

std::string join_alternatives(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " or " : ", ";
    out += items[i];
  }
  return out;
}

Error fail(MoveTextError* why, MoveTextError::Kind kind, std::string_view text, std::string reason,
           std::string code) {
  MoveTextError e{kind, printable_move_text(text), std::move(reason), std::move(code)};
  Error error = make_error(e.code, e.message());
  if (why) *why = std::move(e);
  return error;
}

}  // namespace

std::string printable_move_text(std::string_view text) {
  constexpr std::size_t kMax = 24;
  std::size_t cut = 0;  // whole characters only
  while (cut < text.size() && cut < kMax) cut += std::max<std::size_t>(1, utf8_char_length(text, cut));
  std::string out = printable(text.substr(0, cut));
  if (cut < text.size()) out += "...";
  return out;
}

std::string MoveTextError::message() const {
  switch (kind) {
    case NotAMove:
      return text + " is not a move: " + reason;
    case Illegal:
      return text + " is illegal: " + reason;
    case Ambiguous:
      return text + " is ambiguous: " + reason;
  }
  return reason;
}

std::string to_san(const Position& pos, Move m) {
  std::string san;
  if (m.kind() == Move::Castling) {
    san = file_of(m.to()) == 6 ? "O-O" : "O-O-O";
  } else {
    const PieceType pt = type_of(pos.piece_on(m.from()));
    const bool capture = is_capture(pos, m);
    if (pt == Pawn) {
      if (capture) san += static_cast<char>('a' + file_of(m.from()));
    } else {
      san += piece_letter(pt);
      // The other pieces of this type that could also go there.
      Position::MoveList moves;
      pos.generate_legal(moves);
      bool rivals = false, same_file = false, same_rank = false;
      for (Move other : moves) {
        if (other.to() != m.to() || other.from() == m.from() || other.kind() == Move::Castling) continue;
        if (type_of(pos.piece_on(other.from())) != pt) continue;
        rivals = true;
        same_file |= file_of(other.from()) == file_of(m.from());
        same_rank |= rank_of(other.from()) == rank_of(m.from());
      }
      if (rivals) {
        if (!same_file) {
          san += static_cast<char>('a' + file_of(m.from()));
        } else if (!same_rank) {
          san += static_cast<char>('1' + rank_of(m.from()));
        } else {
          san += square_name(m.from());
        }
      }
    }
    if (capture) san += 'x';
    san += square_name(m.to());
    if (m.kind() == Move::Promotion) {
      san += '=';
      san += piece_letter(m.promotion());
    }
  }
  if (pos.gives_check(m)) {
    Position after = pos;
    after.make(m);
    san += after.count_legal() == 0 ? '#' : '+';
  }
  return san;
}

Expected<SanPattern> read_san(std::string_view text, MoveTextError* why) {
  const std::string_view written = trim(text);
  const std::string_view s = strip_suffixes(written);
  const std::size_t offset = s.data() - written.data();
  auto expected = [&](std::size_t i, const std::string& what) {
    std::string where = i < s.size() ? "at character " + std::to_string(offset + i + 1) : "at the end";
    return fail(why, MoveTextError::NotAMove, written, "expected " + what + " " + where,
                refusal("not_a_move"));
  };
  if (written.empty())
    return fail(why, MoveTextError::NotAMove, "\"\"", "the text is empty", refusal("not_a_move"));

  SanPattern p;
  for (std::string_view oo : {"O-O-O", "0-0-0", "o-o-o"})
    if (s == oo) p.castle = SanPattern::QueenSide;
  for (std::string_view oo : {"O-O", "0-0", "o-o"})
    if (s == oo) p.castle = SanPattern::KingSide;
  if (p.castle != SanPattern::NoCastle) return p;

  std::size_t i = 0;
  if (i < s.size() && piece_from_letter(s[i]) != NoPieceType) p.piece = piece_from_letter(s[i++]);
  // Up to two (file, rank) groups: as much of the origin as is written, then
  // the destination. A lone group is the destination.
  struct Group {
    std::size_t at = 0;
    int file = -1, rank = -1;
    bool empty() const { return file < 0 && rank < 0; }
  };
  auto read_group = [&] {
    Group g;
    g.at = i;
    if (i < s.size() && is_file(s[i])) g.file = s[i++] - 'a';
    if (i < s.size() && is_rank(s[i])) g.rank = s[i++] - '1';
    return g;
  };
  const Group first = read_group();
  bool separator = false;
  if (i < s.size() && (s[i] == 'x' || s[i] == ':' || s[i] == '-')) {
    p.capture = s[i] != '-';
    separator = true;
    ++i;
  }
  const Group second = read_group();
  const bool two_groups = separator || !second.empty();
  const Group& dest = two_groups ? second : first;
  if (dest.file < 0) return expected(dest.at, "a square such as e4");
  if (dest.rank < 0) return expected(dest.at + 1, "a rank (1-8)");
  p.to = make_square(dest.file, dest.rank);
  if (two_groups) {
    p.from_file = first.file;
    p.from_rank = first.rank;
  }
  const bool equals = i < s.size() && (s[i] == '=' || s[i] == '/');
  if (equals) ++i;
  if (i < s.size() && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) {
    PieceType promotion = piece_from_letter(static_cast<char>(s[i] & ~0x20));
    if (promotion != NoPieceType) {
      p.promotion = promotion;
      ++i;
    }
  }
  if (equals && p.promotion == NoPieceType) return expected(i, "a promotion piece (Q, R, B or N)");
  if (i < s.size())
    return fail(why, MoveTextError::NotAMove, written,
                "unexpected '" +
                    printable_move_text(s.substr(i, std::max<std::size_t>(1, utf8_char_length(s, i)))) +
                    "' at character " + std::to_string(offset + i + 1),
                refusal("not_a_move"));
  return p;
}

Expected<Move> parse_san(const Position& pos, std::string_view text, MoveTextError* why,
                         std::span<const Move> history) {
  Expected<SanPattern> read = read_san(text, why);
  if (!read) return read.error();
  const SanPattern& p = *read;
  const std::string_view written = trim(text);
  auto illegal = [&](const char* code, std::string reason) {
    return fail(why, MoveTextError::Illegal, written, std::move(reason), code);
  };
  auto unexplained = [&](Explanation e) {
    return fail(why, MoveTextError::Illegal, written, std::move(e.reason), std::move(e.code));
  };

  Position::MoveList moves;
  pos.generate_legal(moves);

  if (p.castle != SanPattern::NoCastle) {
    for (Move m : moves)
      if (m.kind() == Move::Castling && (file_of(m.to()) == 6) == (p.castle == SanPattern::KingSide))
        return m;
    return unexplained(explain_san(pos, p, history));
  }

  // The legal moves the text fits, leaving promotion and the capture sign
  // aside so that their absence or misuse gets its own reason.
  std::vector<Move> fits;
  for (Move m : moves) {
    if (m.kind() == Move::Castling || m.to() != p.to) continue;
    if (type_of(pos.piece_on(m.from())) != p.piece) continue;
    if (p.from_file >= 0 && file_of(m.from()) != p.from_file) continue;
    if (p.from_rank >= 0 && rank_of(m.from()) != p.from_rank) continue;
    // A pawn named without its file pushes along the destination's file.
    if (p.piece == Pawn && p.from_file < 0 && !p.capture && file_of(m.from()) != file_of(p.to)) continue;
    fits.push_back(m);
  }
  if (fits.empty()) return unexplained(explain_san(pos, p, history));

  const bool promotes = fits.front().kind() == Move::Promotion;
  if (p.promotion != NoPieceType) {
    if (!promotes)
      return illegal(refusal("promotion_only_pawn"), "only a pawn reaching the last rank can promote");
    if (p.promotion == King || p.promotion == Pawn)
      return illegal(refusal("promotion_piece"), "a pawn promotes to a queen, rook, bishop or knight");
    std::erase_if(fits, [&](Move m) { return m.promotion() != p.promotion; });
  } else if (promotes) {
    return illegal(refusal("promotion_required"),
                   "a pawn reaching the last rank must promote (add =Q, =R, =B or =N)");
  }
  if (p.capture) {
    std::erase_if(fits, [&](Move m) { return !is_capture(pos, m); });
    if (fits.empty())
      return illegal(refusal("nothing_to_capture"), "there is nothing to capture on " + square_name(p.to));
  }
  if (fits.size() > 1) {
    std::vector<std::string> names;
    for (Move m : fits) names.push_back(to_san(pos, m));
    std::sort(names.begin(), names.end());
    return fail(why, MoveTextError::Ambiguous, written, join_alternatives(names), refusal("ambiguous"));
  }
  return fits.front();
}

bool looks_like_uci(std::string_view text) {
  text = trim(text);
  if (text.size() != 4 && text.size() != 5) return false;
  if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3])) return false;
  return text.size() == 4 || piece_from_letter(static_cast<char>(text[4] & ~0x20)) != NoPieceType;
}

Expected<Move> parse_move_text(const Position& pos, std::string_view text, MoveTextError* why,
                               std::span<const Move> history) {
  if (!looks_like_uci(text)) return parse_san(pos, text, why, history);
  const std::string_view written = trim(text);
  const Square from = make_square(written[0] - 'a', written[1] - '1');
  const Square to = make_square(written[2] - 'a', written[3] - '1');
  const PieceType promotion =
      written.size() == 5 ? piece_from_letter(static_cast<char>(written[4] & ~0x20)) : NoPieceType;
  const bool king_takes_rook = pos.piece_on(from) == make_piece(pos.us(), King) &&
                               pos.piece_on(to) == make_piece(pos.us(), Rook) && promotion == NoPieceType &&
                               (file_of(to) == 0 || file_of(to) == 7);
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    if (m.from() != from) continue;
    if (m.kind() == Move::Castling && king_takes_rook) {
      // e1h1 and e1a1: the king "takes" its own rook, as UCI writes castling in Chess960.
      if ((file_of(to) > file_of(from)) == (file_of(m.to()) > file_of(from))) return m;
      continue;
    }
    if (m.to() != to) continue;
    if ((m.kind() == Move::Promotion ? m.promotion() : NoPieceType) == promotion) return m;
  }
  Explanation e = explain_move(pos, from, to, promotion, Notation::Uci, history);
  return fail(why, MoveTextError::Illegal, written, std::move(e.reason), std::move(e.code));
}

}  // namespace qi::chess
