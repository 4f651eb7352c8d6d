#include "games/xiangqi/notation.h"
#include "games/xiangqi/refusal_codes.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/utf8.h"
#include "games/xiangqi/square_names.h"

namespace qi::xiangqi {
namespace {

// --- Shared description of a move in relative notation -------------------

enum class Place : std::uint8_t {
  None,      // the file alone names the piece
  Front,     // 前, or WXF + beside a piece letter
  Middle,    // 中, or WXF file digit for the middle of three (or five)
  Back,      // 后
  Ordinal,   // 一二三四五 from the front
  Foremost,  // WXF ++
  Rearmost,  // WXF --
  Second,    // WXF P+ among four or five
  SecondLast,
};

struct Description {
  PieceType type = kNoType;
  int file = 0;  // 1-9 from the mover's right; 0 if not given
  Place place = Place::None;
  int ordinal = 0;
  char op = 0;  // '+', '-', '.'
  int number = 0;
};

int file_number(Side side, int file) { return side == kRed ? 9 - file : file + 1; }
int file_index(Side side, int number) { return side == kRed ? 9 - number : number - 1; }
// How far a point is towards the enemy, for ordering pieces on a file.
int advance(Side side, Square s) { return side == kRed ? rank_of(s) : 9 - rank_of(s); }
bool straight_mover(PieceType t) { return t == kGeneral || t == kChariot || t == kCannon || t == kSoldier; }

// Pieces of one kind on one file, front first.
std::vector<Square> on_file(const Position& pos, Side side, PieceType t, int file) {
  std::vector<Square> out;
  for (Bitboard b = pos.pieces(side, t) & tables.file_bb[file]; b;) out.push_back(pop_lsb(b));
  std::sort(out.begin(), out.end(), [&](Square a, Square b) { return advance(side, a) > advance(side, b); });
  return out;
}

// Files (0-8) where `side` has two or more pieces of kind t.
std::vector<int> crowded_files(const Position& pos, Side side, PieceType t) {
  std::vector<int> out;
  for (int f = 0; f < kFiles; ++f)
    if (popcount(pos.pieces(side, t) & tables.file_bb[f]) >= 2) out.push_back(f);
  return out;
}

Description describe(const Position& pos, Move m) {
  Piece p = pos.piece_on(m.from);
  Side side = color_of(p);
  Description d;
  d.type = type_of(p);
  int f = file_of(m.from);
  int dr = (rank_of(m.to) - rank_of(m.from)) * forward(side);
  d.op = dr > 0 ? '+' : dr < 0 ? '-' : '.';
  d.number = (straight_mover(d.type) && dr != 0) ? (dr > 0 ? dr : -dr) : file_number(side, file_of(m.to));
  d.file = file_number(side, f);
  if (d.type == kChariot || d.type == kHorse || d.type == kCannon) {
    std::vector<Square> group = on_file(pos, side, d.type, f);
    if (group.size() >= 2) {
      d.place = group.front() == m.from ? Place::Front : Place::Back;
      d.file = 0;
    }
  } else if (d.type == kSoldier) {
    std::vector<int> crowded = crowded_files(pos, side, kSoldier);
    std::vector<Square> group = on_file(pos, side, kSoldier, f);
    if (group.size() >= 2) {
      int i = static_cast<int>(std::find(group.begin(), group.end(), Square(m.from)) - group.begin());
      int n = static_cast<int>(group.size());
      if (n >= 4) {
        d.place = Place::Ordinal;
        d.ordinal = i + 1;
      } else {
        d.place = i == 0 ? Place::Front : i == n - 1 ? Place::Back : Place::Middle;
      }
      if (crowded.size() < 2) d.file = 0;  // one crowded file: the file is implied
    }
  }
  return d;
}

// --- Characters -------------------------------------------------------------

constexpr const char* kChineseNumerals[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr const char* kFullWidthDigits[] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

std::string digit(Side side, int n) { return side == kRed ? kChineseNumerals[n] : kFullWidthDigits[n]; }

const char* chinese_piece(Side side, PieceType t) {
  switch (t) {
    case kGeneral:
      return side == kRed ? "帅" : "将";
    case kAdvisor:
      return side == kRed ? "仕" : "士";
    case kElephant:
      return side == kRed ? "相" : "象";
    case kHorse:
      return "马";
    case kChariot:
      return "车";
    case kCannon:
      return "炮";
    case kSoldier:
      return side == kRed ? "兵" : "卒";
    case kNoType:
      break;
  }
  return "?";
}

char wxf_letter(PieceType t) {
  static constexpr char kLetters[] = "?KAEHRCP";
  return kLetters[t];
}

// --- Reading ----------------------------------------------------------------

// One unit of relative notation after reading characters.
struct Token {
  enum Kind : std::uint8_t { Piece, Digit, Op, Plus, Minus, Front, Middle, Back } kind;
  int value = 0;  // piece type, digit, or op char
};

// Decodes one UTF-8 code point; 0 on malformed input.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  int extra = c < 0x80 ? 0 : (c >> 5) == 6 ? 1 : (c >> 4) == 14 ? 2 : (c >> 3) == 30 ? 3 : -1;
  if (extra < 0 || i + static_cast<std::size_t>(extra) >= s.size()) return 0;
  char32_t cp = extra == 0 ? c : extra == 1 ? (c & 0x1F) : extra == 2 ? (c & 0x0F) : (c & 0x07);
  for (int k = 1; k <= extra; ++k) {
    unsigned char cc = byte(i + k);
    if ((cc >> 6) != 2) return 0;
    cp = (cp << 6) | (cc & 0x3F);
  }
  i += extra + 1;
  return cp;
}

std::optional<Token> token_for(char32_t c) {
  switch (c) {
    case U'帅':
    case U'帥':
    case U'将':
    case U'將':
    case U'K':
    case U'k':
    case U'G':
    case U'g':
      return Token{Token::Piece, kGeneral};
    case U'仕':
    case U'士':
    case U'A':
    case U'a':
      return Token{Token::Piece, kAdvisor};
    case U'相':
    case U'象':
    case U'E':
    case U'e':
    case U'B':
    case U'b':
      return Token{Token::Piece, kElephant};
    case U'马':
    case U'馬':
    case U'傌':
    case U'H':
    case U'h':
    case U'N':
    case U'n':
      return Token{Token::Piece, kHorse};
    case U'车':
    case U'車':
    case U'俥':
    case U'R':
    case U'r':
      return Token{Token::Piece, kChariot};
    case U'炮':
    case U'砲':
    case U'包':
    case U'C':
    case U'c':
      return Token{Token::Piece, kCannon};
    case U'兵':
    case U'卒':
    case U'P':
    case U'p':
      return Token{Token::Piece, kSoldier};
    case U'进':
    case U'進':
      return Token{Token::Op, '+'};
    case U'退':
      return Token{Token::Op, '-'};
    case U'平':
    case U'.':
    case U'=':
      return Token{Token::Op, '.'};
    case U'+':
      return Token{Token::Plus, 0};
    case U'-':
      return Token{Token::Minus, 0};
    case U'前':
      return Token{Token::Front, 0};
    case U'中':
      return Token{Token::Middle, 0};
    case U'后':
    case U'後':
      return Token{Token::Back, 0};
    default:
      break;
  }
  if (c >= U'1' && c <= U'9') return Token{Token::Digit, static_cast<int>(c - U'0')};
  if (c >= U'１' && c <= U'９') return Token{Token::Digit, static_cast<int>(c - U'０')};
  static constexpr char32_t kNumerals[] = {U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
  for (int n = 0; n < 9; ++n)
    if (c == kNumerals[n]) return Token{Token::Digit, n + 1};
  return std::nullopt;
}

// Reads the four units of relative notation into a description; the last
// two are always direction and number.
Expected<Description> read_relative(std::string_view text) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    char32_t c = next_code_point(text, i);
    if (c == 0) return make_error("not valid UTF-8");
    std::optional<Token> t = token_for(c);
    if (!t)
      return make_error("'" + printable(text.substr(start, i - start)) + "' has no meaning in move notation");
    tokens.push_back(*t);
  }
  if (tokens.size() != 4) return make_error("not a move in ICCS, WXF or Chinese notation");
  Description d;
  const Token &a = tokens[0], &b = tokens[1], &op = tokens[2], &num = tokens[3];
  if (num.kind != Token::Digit) return make_error("the move must end with a number of steps or a file");
  d.number = num.value;
  if (op.kind == Token::Op)
    d.op = static_cast<char>(op.value);
  else if (op.kind == Token::Plus)
    d.op = '+';
  else if (op.kind == Token::Minus)
    d.op = '-';
  else
    return make_error("the third part must be a direction: + - . or 进 退 平");

  auto place_of = [](const Token& t) {
    switch (t.kind) {
      case Token::Front:
      case Token::Plus:
        return Place::Front;
      case Token::Back:
      case Token::Minus:
        return Place::Back;
      case Token::Middle:
        return Place::Middle;
      default:
        return Place::None;
    }
  };
  bool wxf_sign =
      a.kind == Token::Plus || a.kind == Token::Minus || b.kind == Token::Plus || b.kind == Token::Minus;
  if (a.kind == Token::Piece && b.kind == Token::Digit) {
    d.type = static_cast<PieceType>(a.value);
    d.file = b.value;
  } else if (a.kind == Token::Piece && place_of(b) != Place::None) {
    d.type = static_cast<PieceType>(a.value);
    d.place = place_of(b);
    if (wxf_sign && d.type == kSoldier) d.place = d.place == Place::Front ? Place::Second : Place::SecondLast;
  } else if (place_of(a) != Place::None && b.kind == Token::Piece) {
    d.type = static_cast<PieceType>(b.value);
    d.place = place_of(a);
  } else if ((a.kind == Token::Plus || a.kind == Token::Minus) && a.kind == b.kind) {
    d.type = kSoldier;
    d.place = a.kind == Token::Plus ? Place::Foremost : Place::Rearmost;
  } else if (a.kind == Token::Digit && place_of(b) != Place::None) {
    d.type = kSoldier;
    d.file = a.value;
    d.place = place_of(b);
  } else if (place_of(a) != Place::None && b.kind == Token::Digit) {
    d.type = kSoldier;
    d.file = b.value;
    d.place = place_of(a);
  } else if (a.kind == Token::Digit && b.kind == Token::Digit && a.value == b.value) {
    d.type = kSoldier;
    d.file = a.value;
    d.place = Place::Middle;
  } else if (a.kind == Token::Digit && b.kind == Token::Piece && a.value <= 5) {
    d.type = static_cast<PieceType>(b.value);
    d.place = Place::Ordinal;
    d.ordinal = a.value;
  } else {
    return make_error("cannot tell which piece moves");
  }
  return d;
}

// The pieces a description may name (several only when the text leaves it
// open and the moves must decide).
Expected<std::vector<Square>> sources(const Position& pos, const Description& d) {
  Side side = pos.side_to_move();
  std::string kind = piece_type_name(d.type);
  std::string who = std::string(side_title(side)) + " has no " + kind;
  if (d.place == Place::None) {
    std::vector<Square> group = on_file(pos, side, d.type, file_index(side, d.file));
    if (group.empty()) return make_error(who + " on file " + std::to_string(d.file));
    // WXF names the middle soldier of three (or five) on a file by the file.
    if (d.type == kSoldier && (group.size() == 3 || group.size() == 5))
      return std::vector<Square>{group[group.size() / 2]};
    return group;
  }
  std::vector<int> files;
  if (d.file) {
    files.push_back(file_index(side, d.file));
  } else {
    files = crowded_files(pos, side, d.type);
    if (files.empty())
      return make_error(std::string(side_title(side)) + " has no two " + kind + "s on one file");
    if (files.size() > 1) return make_error(kind + "s stand doubled on two files: name the file");
  }
  std::vector<Square> group = on_file(pos, side, d.type, files.front());
  int n = static_cast<int>(group.size());
  if (n < 2) return make_error(std::string(side_title(side)) + " has no two " + kind + "s on that file");
  int i = -1;
  switch (d.place) {
    case Place::Front:
    case Place::Foremost:
      i = 0;
      break;
    case Place::Back:
    case Place::Rearmost:
      i = n - 1;
      break;
    case Place::Middle:
      i = n % 2 == 1 ? n / 2 : -1;
      break;
    case Place::Ordinal:
      i = d.ordinal <= n ? d.ordinal - 1 : -1;
      break;
    case Place::Second:
      i = n >= 4 ? 1 : 0;
      break;
    case Place::SecondLast:
      i = n >= 4 ? n - 2 : n - 1;
      break;
    case Place::None:
      break;
  }
  if (i < 0)
    return make_error("there is no such " + kind + " among the " + std::to_string(n) + " on that file");
  return std::vector<Square>{group[i]};
}

// Where the description sends the piece on `from`, if anywhere on the board.
Expected<Square> destination(const Position& pos, const Description& d, Square from) {
  Side side = pos.side_to_move();
  int f = file_of(from), r = rank_of(from);
  int dir = d.op == '+' ? forward(side) : -forward(side);
  if (straight_mover(d.type)) {
    if (d.op == '.') {
      int nf = file_index(side, d.number);
      if (nf == f) return make_error("moving sideways to the file it stands on is no move");
      return make_square(nf, r);
    }
    int nr = r + dir * d.number;
    if (nr < 0 || nr >= kRanks) return make_error("that would leave the board");
    return make_square(f, nr);
  }
  if (d.op == '.') return make_error(std::string("a ") + piece_type_name(d.type) + " cannot move sideways");
  int nf = file_index(side, d.number);
  int df = nf - f < 0 ? f - nf : nf - f;
  int dr = d.type == kAdvisor ? 1 : d.type == kElephant ? 2 : (df == 1 ? 2 : 1);
  bool shape = d.type == kAdvisor ? df == 1 : d.type == kElephant ? df == 2 : (df == 1 || df == 2);
  if (!shape)
    return make_error(std::string("a ") + piece_type_name(d.type) + " cannot reach file " +
                      std::to_string(d.number) + " from file " + std::to_string(file_number(side, f)));
  int nr = r + dir * dr;
  if (nr < 0 || nr >= kRanks) return make_error("that would leave the board");
  return make_square(nf, nr);
}

Expected<Move> read_iccs(std::string_view text) {
  std::string s;
  for (char c : text)
    if (c != '-' && c != ' ') s += static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  auto file_ok = [](char c) { return c >= 'a' && c <= 'i'; };
  auto rank_ok = [](char c) { return c >= '0' && c <= '9'; };
  if (s.size() != 4 || !file_ok(s[0]) || !rank_ok(s[1]) || !file_ok(s[2]) || !rank_ok(s[3]))
    return make_error("not ICCS");
  return make_move(make_square(s[0] - 'a', s[1] - '0'), make_square(s[2] - 'a', s[3] - '0'));
}

bool looks_like_iccs(std::string_view text) {
  std::size_t letters = 0;
  for (char c : text)
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'i') ++letters;
  return read_iccs(text).has_value() && letters == 2;
}

std::string blocked_path(const Position& pos, Move m) {
  Bitboard in_way = between(m.from, m.to) & pos.occupied();
  return in_way ? square_name(lsb(in_way)) : std::string();
}

}  // namespace

std::string to_iccs(Move m) { return square_name(m.from) + square_name(m.to); }

std::string to_wxf(const Position& pos, Move m) {
  Side side = color_of(pos.piece_on(m.from));
  Description d = describe(pos, m);
  std::string out;
  char letter = wxf_letter(d.type);
  int n = d.type == kSoldier ? popcount(pos.pieces(side, kSoldier) & tables.file_bb[file_of(m.from)]) : 2;
  int own_file = file_number(side, file_of(m.from));
  switch (d.place) {
    case Place::None:
      out = std::string{letter, static_cast<char>('0' + d.file)};
      break;
    case Place::Front:
    case Place::Back: {
      char sign = d.place == Place::Front ? '+' : '-';
      out = d.file ? std::string{static_cast<char>('0' + d.file), sign} : std::string{letter, sign};
      break;
    }
    case Place::Middle:
      out = d.file ? std::string(2, static_cast<char>('0' + d.file))
                   : std::string{letter, static_cast<char>('0' + own_file)};
      break;
    case Place::Ordinal: {
      int k = d.ordinal;
      if (k == 1)
        out = "++";
      else if (k == n)
        out = "--";
      else if (k == 2)
        out = "P+";
      else if (k == n - 1)
        out = "P-";
      else
        out = std::string{'P', static_cast<char>('0' + own_file)};  // the middle of five
      break;
    }
    default:
      break;
  }
  out += d.op;
  out += static_cast<char>('0' + d.number);
  return out;
}

std::string to_chinese(const Position& pos, Move m) {
  Side side = color_of(pos.piece_on(m.from));
  Description d = describe(pos, m);
  std::string piece = chinese_piece(side, d.type);
  std::string out;
  const char* place = d.place == Place::Front ? "前" : d.place == Place::Middle ? "中" : "后";
  switch (d.place) {
    case Place::None:
      out = piece + digit(side, d.file);
      break;
    case Place::Ordinal:
      out = std::string(kChineseNumerals[d.ordinal]) + piece;
      break;
    default:
      out = std::string(place) + (d.file ? digit(side, d.file) : piece);
      break;
  }
  out += d.op == '+' ? "进" : d.op == '-' ? "退" : "平";
  out += digit(side, d.number);
  return out;
}

Error refusal_of(const Position& pos, Move m) {
  auto no = [](const char* code, std::string why) { return make_error(code, std::move(why)); };
  if (m.from >= kSquares || m.to >= kSquares) return no(refusal("no_such_point"), "no such point");
  Side us = pos.side_to_move();
  Piece p = pos.piece_on(m.from);
  std::string from = square_name(m.from), to = square_name(m.to);
  if (p == kEmpty) return no(refusal("no_own_piece"), "there is no piece on " + from);
  if (color_of(p) != us)
    return no(refusal("no_own_piece"), std::string("the ") + piece_type_name(type_of(p)) + " on " + from +
                                           " is " + side_title(~us) + "'s");
  if (m.from == m.to) return no(refusal("must_move"), "a move must go somewhere");
  PieceType t = type_of(p);
  std::string name = piece_type_name(t);
  Piece target = pos.piece_on(m.to);
  if (target != kEmpty && color_of(target) == us)
    return no(refusal("occupied_own"),
              to + " holds " + side_title(us) + "'s own " + piece_type_name(type_of(target)));
  int df = file_of(m.to) - file_of(m.from), dr = rank_of(m.to) - rank_of(m.from);
  int adf = df < 0 ? -df : df, adr = dr < 0 ? -dr : dr;
  switch (t) {
    case kGeneral:
      if (adf + adr != 1)
        return no(refusal("general_move_shape"), "the general moves one point along a line");
      if (!in_palace(us, m.to))
        return no(refusal("general_leaves_palace"), "the general may not leave the palace");
      break;
    case kAdvisor:
      if (adf != 1 || adr != 1)
        return no(refusal("advisor_move_shape"), "an advisor moves one point diagonally");
      if (!in_palace(us, m.to))
        return no(refusal("advisor_leaves_palace"), "an advisor may not leave the palace");
      break;
    case kElephant: {
      if (adf != 2 || adr != 2)
        return no(refusal("elephant_move_shape"), "an elephant moves two points diagonally");
      if (!own_half(us, m.to))
        return no(refusal("elephant_crosses_river"), "an elephant may not cross the river");
      Square eye = make_square(file_of(m.from) + df / 2, rank_of(m.from) + dr / 2);
      if (pos.piece_on(eye) != kEmpty)
        return no(refusal("elephant_eye_blocked"),
                  "the elephant's eye at " + square_name(eye) + " is blocked");
      break;
    }
    case kHorse: {
      if (!((adf == 1 && adr == 2) || (adf == 2 && adr == 1)))
        return no(refusal("horse_move_shape"), "a horse moves one point straight and one diagonally");
      Square leg = adr == 2 ? make_square(file_of(m.from), rank_of(m.from) + dr / 2)
                            : make_square(file_of(m.from) + df / 2, rank_of(m.from));
      if (pos.piece_on(leg) != kEmpty)
        return no(refusal("horse_leg_blocked"), "the horse's leg at " + square_name(leg) + " is blocked");
      break;
    }
    case kChariot:
      if (df != 0 && dr != 0)
        return no(refusal("chariot_move_shape"), "a chariot moves along a file or a rank");
      if (std::string at = blocked_path(pos, m); !at.empty())
        return no(refusal("chariot_path_blocked"), "the chariot's path is blocked at " + at);
      break;
    case kCannon: {
      if (df != 0 && dr != 0)
        return no(refusal("cannon_move_shape"), "a cannon moves along a file or a rank");
      int screens = popcount(between(m.from, m.to) & pos.occupied());
      if (target == kEmpty && screens)
        return no(refusal("cannon_path_blocked"),
                  "a cannon moves only over empty points; " + blocked_path(pos, m) + " is in the way");
      if (target != kEmpty && screens == 0)
        return no(refusal("cannon_needs_screen"),
                  "a cannon captures only by jumping exactly one piece, and there is none between");
      if (target != kEmpty && screens > 1)
        return no(
            refusal("cannon_one_screen"),
            "a cannon captures only by jumping exactly one piece, and there are " + std::to_string(screens));
      break;
    }
    case kSoldier: {
      int ahead = dr * forward(us);
      if (ahead < 0) return no(refusal("soldier_backwards"), "a soldier never moves backward");
      if (adf + adr != 1) return no(refusal("soldier_one_step"), "a soldier moves one point at a time");
      if (adf == 1 && own_half(us, m.from))
        return no(refusal("soldier_sideways_before_river"),
                  "a soldier moves sideways only after crossing the river");
      break;
    }
    case kNoType:
      break;
  }
  if (!pos.keeps_general_safe(m)) {
    Square g = t == kGeneral ? Square(m.to) : pos.general(us);
    Square eg = pos.general(~us);
    Bitboard occ = (pos.occupied() & ~bit(m.from)) | bit(m.to);
    if (file_of(g) == file_of(eg) && !(between(g, eg) & occ))
      return no(refusal("flying_general"), "the generals would face each other");
    return no(refusal("general_left_in_check"),
              std::string("it leaves the ") + side_word(us) + " general in check");
  }
  return {};
}

std::string why_illegal(const Position& pos, Move m) { return refusal_of(pos, m).message; }

Expected<Move> parse_move(const Position& pos, std::string_view raw) {
  std::string_view text = raw;
  while (!text.empty() &&
         (text.back() == ' ' || text.back() == '!' || text.back() == '?' || text.back() == '#'))
    text.remove_suffix(1);
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  const std::string shown = printable(text);
  if (text.empty()) return make_error(refusal("not_a_move"), "empty move");
  if (text.size() > 64) return make_error(refusal("not_a_move"), "move text too long");
  auto fail = [&](const char* code, const std::string& why) { return make_error(code, shown + ": " + why); };
  auto refuse = [&](Move m) {
    Error why = refusal_of(pos, m);
    return why.message.empty() ? fail(refusal("not_legal"), "not a legal move")
                               : make_error(why.code, shown + ": " + why.message);
  };

  if (looks_like_iccs(text)) {
    Move m = *read_iccs(text);
    if (pos.is_legal(m)) return m;
    return refuse(m);
  }
  Expected<Description> d = read_relative(text);
  if (!d) return fail(refusal("not_a_move"), d.error().message);
  Expected<std::vector<Square>> from = sources(pos, *d);
  if (!from) return fail(refusal("no_such_piece"), from.error().message);
  std::vector<Move> legal, tried;
  std::string first_error;
  for (Square s : *from) {
    Expected<Square> to = destination(pos, *d, s);
    if (!to) {
      if (first_error.empty()) first_error = to.error().message;
      continue;
    }
    Move m = make_move(s, *to);
    (pos.is_legal(m) ? legal : tried).push_back(m);
  }
  if (legal.size() == 1) return legal.front();
  if (legal.size() > 1)
    return fail(refusal("ambiguous"), std::string("ambiguous: two ") + piece_type_name(d->type) +
                                          "s on that file can make it; use front/back (前/后, +/-)");
  if (!tried.empty()) {
    return refuse(tried.front());
  }
  return fail(refusal("cannot_move_so"), first_error.empty() ? "no such move" : first_error);
}

}  // namespace qi::xiangqi
