#include "games/chess/san.h"

#include <algorithm>
#include <cstdlib>
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
  if (m.is_none()) return "--";  // a record's null move, as PGN export writes it
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

bool is_null_move_text(std::string_view text) {
  text = trim(text);
  return text == "--" || text == "Z0" || text == "0000" || text == "@@@@";
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
  if (is_null_move_text(written)) {
    p.null_move = true;
    return p;
  }
  for (std::string_view oo : {"O-O-O", "0-0-0", "o-o-o", "OOO", "000"})
    if (s == oo) p.castle = SanPattern::QueenSide;
  for (std::string_view oo : {"O-O", "0-0", "o-o", "OO", "00"})
    if (s == oo) p.castle = SanPattern::KingSide;
  if (p.castle != SanPattern::NoCastle) return p;

  std::size_t i = 0;
  // A piece letter, in upper case, or in lower case where it is no file
  // letter ("nf3"; a lower-case "b" is the b-file here, the bishop is tried
  // by parse_san).
  if (i < s.size()) {
    const char c = s[i];
    const char upper = c >= 'a' && c <= 'z' && !is_file(c) ? static_cast<char>(c - 'a' + 'A') : c;
    if (piece_from_letter(upper) != NoPieceType) {
      p.piece = piece_from_letter(upper);
      p.piece_written = true;
      ++i;
    }
  }
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
  // The promotion: "Q", "=Q", "/Q", "(Q)" or "=(Q)", any case.
  const bool equals = i < s.size() && (s[i] == '=' || s[i] == '/');
  if (equals) ++i;
  const bool bracket = i < s.size() && s[i] == '(';
  if (bracket) ++i;
  if (i < s.size() && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) {
    PieceType promotion = piece_from_letter(static_cast<char>(s[i] & ~0x20));
    if (promotion != NoPieceType) {
      p.promotion = promotion;
      ++i;
    }
  }
  if ((equals || bracket) && p.promotion == NoPieceType)
    return expected(i, "a promotion piece (Q, R, B or N)");
  if (bracket) {
    if (i >= s.size() || s[i] != ')') return expected(i, "')' after the promotion piece");
    ++i;
  }
  if (i < s.size())
    return fail(why, MoveTextError::NotAMove, written,
                "unexpected '" +
                    printable_move_text(s.substr(i, std::max<std::size_t>(1, utf8_char_length(s, i)))) +
                    "' at character " + std::to_string(offset + i + 1),
                refusal("not_a_move"));
  return p;
}

namespace {

// A move written by its squares (UCI, or SAN coordinates without a piece
// letter): the move of whatever piece stands there, or why there is none.
Expected<Move> parse_coordinates(const Position& pos, std::string_view written, Square from, Square to,
                                 PieceType promotion, bool capture_written, Reading reading,
                                 Notation notation, MoveTextError* why, std::span<const Move> history) {
  const Move m = pos.find_move(from, to, promotion);
  if (m.is_none()) {
    Explanation e = explain_move(pos, from, to, promotion, notation, history);
    return fail(why, MoveTextError::Illegal, written, std::move(e.reason), std::move(e.code));
  }
  if (capture_written && reading == Reading::Play && !is_capture(pos, m))
    return fail(why, MoveTextError::Illegal, written, "there is nothing to capture on " + square_name(to),
                refusal("nothing_to_capture"));
  return m;
}

// The legal moves a SAN pattern (with a piece, not castling) fits, leaving
// promotion and the capture sign aside so that their absence or misuse gets
// its own reason.
std::vector<Move> fitting_moves(const Position& pos, const SanPattern& p) {
  Position::MoveList moves;
  pos.generate_legal(moves);
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
  return fits;
}

// A record's "Kg1" or "Ke1-g1": the king's two-square move is castling, as
// python-chess reads it in standard chess.
Move king_move_as_castling(const Position& pos, const SanPattern& p) {
  if (p.piece != King) return Move::none();
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves)
    if (m.kind() == Move::Castling && m.to() == p.to && std::abs(file_of(m.to()) - file_of(m.from())) >= 2 &&
        (p.from_file < 0 || file_of(m.from()) == p.from_file) &&
        (p.from_rank < 0 || rank_of(m.from()) == p.from_rank))
      return m;
  return Move::none();
}

// The move a SAN pattern names here, or why none.
Expected<Move> match_san(const Position& pos, const SanPattern& p, std::string_view written,
                         MoveTextError* why, std::span<const Move> history, Reading reading) {
  auto illegal = [&](const char* code, std::string reason) {
    return fail(why, MoveTextError::Illegal, written, std::move(reason), code);
  };
  auto unexplained = [&](Explanation e) {
    return fail(why, MoveTextError::Illegal, written, std::move(e.reason), std::move(e.code));
  };

  if (p.castle != SanPattern::NoCastle) {
    Position::MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves)
      if (m.kind() == Move::Castling && (file_of(m.to()) == 6) == (p.castle == SanPattern::KingSide))
        return m;
    return unexplained(explain_san(pos, p, history));
  }

  std::vector<Move> fits = fitting_moves(pos, p);
  if (fits.empty()) {
    if (reading == Reading::Record)
      if (Move castle = king_move_as_castling(pos, p); !castle.is_none()) return castle;
    return unexplained(explain_san(pos, p, history));
  }

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
  // A record's capture sign is not checked (python-chess does not): every
  // move that fits takes what stands on its square, or none does.
  if (p.capture && reading == Reading::Play) {
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

}  // namespace

Expected<Move> parse_san(const Position& pos, std::string_view text, MoveTextError* why,
                         std::span<const Move> history, Reading reading) {
  Expected<SanPattern> read = read_san(text, why);
  if (!read) return read.error();
  const SanPattern& p = *read;
  const std::string_view written = trim(text);

  if (p.null_move) {
    if (reading == Reading::Play)
      return fail(why, MoveTextError::Illegal, written,
                  "a null move (passing the turn) stands only in records; in a game a move must be made",
                  refusal("null_move"));
    if (pos.in_check())
      return fail(why, MoveTextError::Illegal, written, "a null move cannot be made in check",
                  refusal("null_move_in_check"));
    return Move::none();
  }
  // Coordinates without a piece letter: whatever piece stands there moves.
  if (!p.piece_written && p.castle == SanPattern::NoCastle && p.from_file >= 0 && p.from_rank >= 0)
    return parse_coordinates(pos, written, make_square(p.from_file, p.from_rank), p.to, p.promotion,
                             p.capture, reading, Notation::San, why, history);

  // A lower-case "b" first is the b-file, as SAN has it ("bxc4"); where no
  // pawn move fits, the bishop ("bc4", "bb5"), as pgn-extract reads it.
  if (!p.piece_written && written.size() >= 3 && written[0] == 'b') {
    Expected<Move> pawn_move = match_san(pos, p, written, why, history, reading);
    if (pawn_move) return pawn_move;
    Expected<SanPattern> bishop = read_san("B" + std::string(written.substr(1)));
    if (bishop && bishop->promotion == NoPieceType)
      if (Expected<Move> bishop_move = match_san(pos, *bishop, written, nullptr, history, reading)) {
        if (why) *why = MoveTextError{};
        return bishop_move;
      }
    return pawn_move;
  }
  return match_san(pos, p, written, why, history, reading);
}

bool looks_like_uci(std::string_view text) {
  text = trim(text);
  if (text.size() != 4 && text.size() != 5) return false;
  if (!is_file(text[0]) || !is_rank(text[1]) || !is_file(text[2]) || !is_rank(text[3])) return false;
  return text.size() == 4 || piece_from_letter(static_cast<char>(text[4] & ~0x20)) != NoPieceType;
}

Expected<Move> parse_move_text(const Position& pos, std::string_view text, MoveTextError* why,
                               std::span<const Move> history, Reading reading) {
  if (!looks_like_uci(text)) return parse_san(pos, text, why, history, reading);
  const std::string_view written = trim(text);
  const Square from = make_square(written[0] - 'a', written[1] - '1');
  const Square to = make_square(written[2] - 'a', written[3] - '1');
  const PieceType promotion =
      written.size() == 5 ? piece_from_letter(static_cast<char>(written[4] & ~0x20)) : NoPieceType;
  return parse_coordinates(pos, written, from, to, promotion, false, reading, Notation::Uci, why, history);
}

}  // namespace qi::chess
