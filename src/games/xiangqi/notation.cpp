#include "games/xiangqi/notation.h"
#include "games/xiangqi/refusal_codes.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "core/utf8.h"
#include "games/xiangqi/move_chars.h"
#include "games/xiangqi/relative_notation.h"
#include "games/xiangqi/san_notation.h"
#include "games/xiangqi/square_names.h"

namespace qi::xiangqi {
namespace {

// --- Chinese notation's description of a move -------------------------------

// The Chinese rules: 前/后 for two chariots, horses, cannons or soldiers on
// a file, 前/中/后 for three soldiers, 一二三四五 from the front for four or
// five, and the file after 前/中/后 when two files hold several soldiers.
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
        d.place = Place::Index;
        d.index = i + 1;
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

// WXF as Fairy-Stockfish writes it. Where its rules and the WXF
// standard's differ: sideways is '=' (the standard's '.'); three or more
// soldiers on a file, or two files each holding two or more, are named by
// the soldier's place from the front and the file ("15", "25": the
// standard's P+, P5, ++, 5+, 55); and two like pieces on a file are told
// apart by + and - only where the other could make the same move by shape
// (its twin move stays on the board and in the piece's region), otherwise
// by the file ("R9-3": the rear chariot cannot go three back).
std::string to_wxf(const Position& pos, Move m) {
  const Side side = color_of(pos.piece_on(m.from));
  const PieceType t = type_of(pos.piece_on(m.from));
  const int f = file_of(m.from);
  const std::vector<Square> group = on_file(pos, side, t, f);
  const int n = static_cast<int>(group.size());
  const bool two_files = crowded_files(pos, side, t).size() >= 2;
  const auto digit = [](int k) { return static_cast<char>('0' + k); };
  std::string out;
  if (n >= (two_files ? 2 : 3)) {
    const auto place = std::find(group.begin(), group.end(), Square(m.from)) - group.begin() + 1;
    out = {digit(static_cast<int>(place)), digit(file_number(side, f))};
  } else {
    out = wxf_letter(t);
    const bool twin_alike = n == 2 && !two_files && [&] {
      const Square other = group.front() == m.from ? group.back() : group.front();
      const int rank = rank_of(other) + rank_of(m.to) - rank_of(m.from);
      if (rank < 0 || rank >= kRanks) return false;
      const Square to = make_square(file_of(m.to), rank);
      return t == kGeneral || t == kAdvisor ? in_palace(side, to)
             : t == kElephant               ? own_half(side, to)
                                            : true;
    }();
    out += twin_alike ? (group.front() == m.from ? '+' : '-') : digit(file_number(side, f));
  }
  const int ahead = (rank_of(m.to) - rank_of(m.from)) * forward(side);
  out += ahead == 0 ? '=' : ahead > 0 ? '+' : '-';
  out += digit(file_of(m.to) == f ? (ahead > 0 ? ahead : -ahead) : file_number(side, file_of(m.to)));
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
    case Place::Index:
      out = std::string(kChineseNumerals[d.index]) + piece;
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

namespace {

// The characters of a move without the spaces around it and the marks a
// commentator adds after it (! ? and #, which WXF and Chinese text never
// need).
std::vector<MoveChar> trimmed(std::vector<MoveChar> chars) {
  while (!chars.empty() && (chars.back().c == U' ' || chars.back().c == U'!' || chars.back().c == U'?' ||
                            chars.back().c == U'#'))
    chars.pop_back();
  std::size_t first = 0;
  while (first < chars.size() && chars[first].c == U' ') ++first;
  chars.erase(chars.begin(), chars.begin() + static_cast<std::ptrdiff_t>(first));
  return chars;
}

Reading iccs_reading(const Position& pos, Move m) {
  Reading r;
  if (pos.is_legal(m)) {
    r.moves.push_back(m);
    return r;
  }
  r.error = refusal_of(pos, m);
  if (r.error.message.empty()) r.error = make_error(refusal("not_legal"), "not a legal move");
  return r;
}

// Every reading of the text: ICCS, SAN, then WXF or Chinese.
Expected<Readings> readings_of(const Position& pos, const std::vector<MoveChar>& chars) {
  const std::string ascii = ascii_of(chars);
  if (!ascii.empty() && looks_like_iccs(ascii)) return Readings{iccs_reading(pos, *read_iccs(ascii))};
  if (!ascii.empty())
    if (std::optional<Readings> san = read_san(pos, ascii)) return *san;
  return read_relative(pos, chars);
}

}  // namespace

Expected<Move> parse_move(const Position& pos, std::string_view raw) {
  if (raw.size() > 1024) return make_error(refusal("not_a_move"), "move text too long");
  Expected<std::vector<MoveChar>> all = move_chars(raw);
  if (!all) return make_error(refusal("not_a_move"), printable(raw) + ": " + all.error().message);
  const std::vector<MoveChar> chars = trimmed(std::move(*all));
  if (chars.empty()) return make_error(refusal("not_a_move"), "empty move");
  const char* begin = chars.front().raw.data();
  const std::string_view text(
      begin, static_cast<std::size_t>(chars.back().raw.data() + chars.back().raw.size() - begin));
  const std::string shown = printable(text);
  if (text.size() > 64) return make_error(refusal("not_a_move"), "move text too long");
  auto fail = [&](const Error& why) { return make_error(why.code, shown + ": " + why.message); };
  Expected<Readings> readings = readings_of(pos, chars);
  if (!readings) return fail(readings.error());
  for (const Reading& r : *readings)
    if (!r.moves.empty()) return r.moves.size() == 1 ? Expected<Move>(r.moves.front()) : fail(r.error);
  if (readings->empty()) return fail(make_error(refusal("not_a_move"), "not a move"));
  return fail(readings->front().error);
}

std::vector<Move> moves_named(const Position& pos, std::string_view text) {
  std::vector<Move> out;
  Expected<std::vector<MoveChar>> chars = move_chars(text);
  if (!chars) return out;
  Expected<Readings> readings = readings_of(pos, trimmed(std::move(*chars)));
  if (!readings) return out;
  for (const Reading& r : *readings)
    for (Move m : r.moves)
      if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
  return out;
}

}  // namespace qi::xiangqi
