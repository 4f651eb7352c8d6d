// Reading WXF and Chinese notation as the records and programs that write
// them do: the WXF rules (tandem pieces by + and -, tandem soldiers by
// P+ P<file> P- ++ --, "3+" and "33" when two files hold several),
// Fairy-Stockfish's WXF (soldiers three or more on a file, or doubled on
// two files, by their place from the front and the file: "15", "25"), and
// Chinese with either side's and traditional characters, Chinese, ASCII or
// full-width digits, and 前 中 后 or 一二三四五 for tandem pieces.
#include <algorithm>
#include <optional>

#include "core/utf8.h"
#include "games/xiangqi/notation.h"
#include "games/xiangqi/refusal_codes.h"
#include "games/xiangqi/relative_notation.h"
#include "games/xiangqi/square_names.h"

namespace qi::xiangqi {

std::vector<Square> on_file(const Position& pos, Side side, PieceType t, int file) {
  std::vector<Square> out;
  for (Bitboard b = pos.pieces(side, t) & tables.file_bb[file]; b;) out.push_back(pop_lsb(b));
  std::sort(out.begin(), out.end(), [&](Square a, Square b) { return advance(side, a) > advance(side, b); });
  return out;
}

std::vector<int> crowded_files(const Position& pos, Side side, PieceType t) {
  std::vector<int> out;
  for (int f = 0; f < kFiles; ++f)
    if (popcount(pos.pieces(side, t) & tables.file_bb[f]) >= 2) out.push_back(f);
  return out;
}

namespace {

// One unit of relative notation.
struct Token {
  enum Kind : std::uint8_t { Piece, Digit, Op, Plus, Minus, Front, Middle, Back } kind;
  int value = 0;  // piece type, digit, or op char
};

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
    case U'㐷':  // 傌 simplified
    case U'H':
    case U'h':
    case U'N':
    case U'n':
      return Token{Token::Piece, kHorse};
    case U'车':
    case U'車':
    case U'俥':
    case U'伡':  // 俥 simplified
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
      return Token{Token::Op, '.'};
    case U'=':  // Fairy-Stockfish's sideways
      return Token{Token::Op, '='};
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
  static constexpr char32_t kNumerals[] = {U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
  for (int n = 0; n < 9; ++n)
    if (c == kNumerals[n]) return Token{Token::Digit, n + 1};
  return std::nullopt;
}

Place place_of(const Token& t) {
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
}

bool is_sign(const Token& t) { return t.kind == Token::Plus || t.kind == Token::Minus; }

// The pieces the first two units may name, the preferred reading first
// (empty: none); `op` is the direction's unit.
std::vector<Description> pieces_named(const Token& a, const Token& b, const Token& op) {
  auto piece = [](const Token& t) { return static_cast<PieceType>(t.value); };
  if (a.kind == Token::Piece && b.kind == Token::Digit) return {{piece(a), b.value}};  // C2, 炮二
  if (a.kind == Token::Piece && place_of(b) != Place::None) {                          // R+, 车前
    Place p = place_of(b);
    // WXF: P+ and P- are the second and second last among four or five.
    if (is_sign(b) && piece(a) == kSoldier) p = p == Place::Front ? Place::Second : Place::SecondLast;
    return {{piece(a), 0, p}};
  }
  if (place_of(a) != Place::None && b.kind == Token::Piece) {  // 前车, +R
    Place p = place_of(a);
    if (is_sign(a) && piece(b) == kSoldier) p = p == Place::Front ? Place::Second : Place::SecondLast;
    return {{piece(b), 0, p}};
  }
  if (is_sign(a) && a.kind == b.kind)  // ++, --
    return {{kSoldier, 0, a.kind == Token::Plus ? Place::Foremost : Place::Rearmost}};
  if (a.kind == Token::Digit && place_of(b) != Place::None) return {{kSoldier, a.value, place_of(b)}};  // 3+
  if (place_of(a) != Place::None && b.kind == Token::Digit)
    return {{kSoldier, b.value, place_of(a)}};  // 前三
  if (a.kind == Token::Digit && b.kind == Token::Digit) {
    std::vector<Description> out;
    if (a.value <= max_count(kSoldier)) out.push_back({kSoldier, b.value, Place::Index, a.value});  // 25
    if (a.value == b.value) out.push_back({kSoldier, a.value, Place::Middle});                      // 33
    // "33": the third soldier on file 3 as Fairy-Stockfish writes it, the
    // middle one by the WXF rules; the sign of a sideways move tells whose
    // text it is (Fairy-Stockfish writes '=', the WXF rules '.').
    if (op.kind == Token::Op && op.value == '.') std::reverse(out.begin(), out.end());
    return out;
  }
  if (a.kind == Token::Digit && b.kind == Token::Piece && a.value <= max_count(piece(b)))  // 二兵
    return {{piece(b), 0, Place::Index, a.value}};
  return {};
}

// The pieces a description may name (several only when the text leaves it
// open and the moves must decide).
Expected<std::vector<Square>> sources(const Position& pos, const Description& d) {
  const Side side = pos.side_to_move();
  const std::string kind = piece_type_name(d.type);
  const std::string who = std::string(side_title(side)) + " has no " + kind;
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
    if (files.size() > 1) {
      // The Chinese rules number the soldiers of two crowded files together:
      // the right file first, as their side sees it, each front to back
      // (一兵 ... 四兵).
      if (d.place != Place::Index || d.type != kSoldier)
        return make_error(kind + "s stand doubled on two files: name the file");
      std::sort(files.begin(), files.end(),
                [&](int a, int b) { return file_number(side, a) < file_number(side, b); });
      std::vector<Square> numbered;
      for (int f : files)
        for (Square s : on_file(pos, side, d.type, f)) numbered.push_back(s);
      if (d.index > static_cast<int>(numbered.size()))
        return make_error(std::string(side_title(side)) + " has only " + std::to_string(numbered.size()) +
                          " " + kind + "s on its crowded files");
      return std::vector<Square>{numbered[d.index - 1]};
    }
  }
  std::vector<Square> group = on_file(pos, side, d.type, files.front());
  const int n = static_cast<int>(group.size());
  if (d.place == Place::Index) {
    const std::string file = " on file " + std::to_string(file_number(side, files.front()));
    if (n == 0) return make_error(who + file);
    if (d.index > n)
      return make_error(std::string(side_title(side)) + " has only " + std::to_string(n) + " " + kind +
                        (n == 1 ? "" : "s") + file);
    return std::vector<Square>{group[d.index - 1]};
  }
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
    case Place::Second:
      i = n >= 4 ? 1 : 0;
      break;
    case Place::SecondLast:
      i = n >= 4 ? n - 2 : n - 1;
      break;
    case Place::None:
    case Place::Index:
      break;
  }
  if (i < 0)
    return make_error("there is no such " + kind + " among the " + std::to_string(n) + " on that file");
  return std::vector<Square>{group[i]};
}

// Where the description sends the piece on `from`, if anywhere on the board.
Expected<Square> destination(const Position& pos, const Description& d, Square from) {
  const Side side = pos.side_to_move();
  const int f = file_of(from), r = rank_of(from);
  const int dir = d.op == '+' ? forward(side) : -forward(side);
  if (straight_mover(d.type)) {
    if (d.op == '.') {
      const int nf = file_index(side, d.number);
      if (nf == f) return make_error("moving sideways to the file it stands on is no move");
      return make_square(nf, r);
    }
    const int nr = r + dir * d.number;
    if (nr < 0 || nr >= kRanks) return make_error("that would leave the board");
    return make_square(f, nr);
  }
  if (d.op == '.') return make_error(std::string("a ") + piece_type_name(d.type) + " cannot move sideways");
  const int nf = file_index(side, d.number);
  const int df = nf - f < 0 ? f - nf : nf - f;
  const int dr = d.type == kAdvisor ? 1 : d.type == kElephant ? 2 : (df == 1 ? 2 : 1);
  const bool shape = d.type == kAdvisor ? df == 1 : d.type == kElephant ? df == 2 : (df == 1 || df == 2);
  if (!shape)
    return make_error(std::string("a ") + piece_type_name(d.type) + " cannot reach file " +
                      std::to_string(d.number) + " from file " + std::to_string(file_number(side, f)));
  const int nr = r + dir * dr;
  if (nr < 0 || nr >= kRanks) return make_error("that would leave the board");
  return make_square(nf, nr);
}

Reading reading_of(const Position& pos, const Description& d) {
  Reading out;
  Expected<std::vector<Square>> from = sources(pos, d);
  if (!from) {
    out.error = make_error(refusal("no_such_piece"), from.error().message);
    return out;
  }
  std::vector<Move> tried;
  std::string first_error;
  for (Square s : *from) {
    Expected<Square> to = destination(pos, d, s);
    if (!to) {
      if (first_error.empty()) first_error = to.error().message;
      continue;
    }
    const Move m = make_move(s, *to);
    (pos.is_legal(m) ? out.moves : tried).push_back(m);
  }
  if (out.moves.size() > 1)
    out.error =
        make_error(refusal("ambiguous"), std::string("ambiguous: two ") + piece_type_name(d.type) +
                                             "s on that file can make it; use front/back (前/后, +/-)");
  else if (out.moves.empty() && !tried.empty())
    out.error = refusal_of(pos, tried.front());
  else if (out.moves.empty())
    out.error = make_error(refusal("cannot_move_so"), first_error.empty() ? "no such move" : first_error);
  if (out.moves.empty() && out.error.message.empty())
    out.error = make_error(refusal("not_legal"), "not a legal move");
  return out;
}

Error not_a_move(std::string why) { return make_error(refusal("not_a_move"), std::move(why)); }

}  // namespace

Expected<Readings> read_relative(const Position& pos, const std::vector<MoveChar>& chars) {
  std::vector<Token> tokens;
  for (const MoveChar& ch : chars) {
    if (ch.c == U' ' || ch.c == U'\t') continue;
    std::optional<Token> t = token_for(ch.c);
    if (!t) return not_a_move("'" + printable(ch.raw) + "' has no meaning in move notation");
    tokens.push_back(*t);
  }
  // Some texts leave out the sign of a sideways move: "C25".
  if (tokens.size() == 3 && tokens[0].kind == Token::Piece && tokens[1].kind == Token::Digit &&
      tokens[2].kind == Token::Digit)
    tokens.insert(tokens.begin() + 2, Token{Token::Op, '.'});
  if (tokens.size() != 4) return not_a_move("not a move in ICCS, WXF, SAN or Chinese notation");
  const Token &num = tokens[3], &op = tokens[2];
  if (num.kind != Token::Digit) return not_a_move("the move must end with a number of steps or a file");
  char direction = 0;
  if (op.kind == Token::Op)
    direction = op.value == '=' ? '.' : static_cast<char>(op.value);
  else if (op.kind == Token::Plus)
    direction = '+';
  else if (op.kind == Token::Minus)
    direction = '-';
  else
    return not_a_move("the third part must be a direction: + - . = or 进 退 平");
  std::vector<Description> named = pieces_named(tokens[0], tokens[1], op);
  if (named.empty()) return not_a_move("cannot tell which piece moves");
  Readings out;
  for (Description& d : named) {
    d.op = direction;
    d.number = num.value;
    out.push_back(reading_of(pos, d));
  }
  return out;
}

}  // namespace qi::xiangqi
