#include "games/xiangqi/position.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>

#include "core/fen_text.h"
#include "core/utf8.h"
#include "games/xiangqi/square_names.h"
#include "games/xiangqi/zobrist.h"

namespace qi::xiangqi {
namespace {

constexpr Bitboard kAllPoints = (Bitboard(1) << kSquares) - 1;

PieceType type_from_letter(char c) {
  switch (c | 0x20) {
    case 'k':
      return kGeneral;
    case 'a':
      return kAdvisor;
    case 'b':
    case 'e':
      return kElephant;
    case 'n':
    case 'h':
      return kHorse;
    case 'r':
      return kChariot;
    case 'c':
      return kCannon;
    case 'p':
      return kSoldier;
    default:
      return kNoType;
  }
}

// The points an elephant or advisor of `side` can ever stand on.
bool elephant_point(Side side, Square s) {
  if (!own_half(side, s)) return false;
  int f = file_of(s), r = side == kRed ? rank_of(s) : 9 - rank_of(s);
  return (r == 0 || r == 4) ? (f == 2 || f == 6) : r == 2 && (f == 0 || f == 4 || f == 8);
}
bool advisor_point(Side side, Square s) {
  if (!in_palace(side, s)) return false;
  int f = file_of(s), r = side == kRed ? rank_of(s) : 9 - rank_of(s);
  return (f + r) % 2 == 1;  // d0 f0 e1 d2 f2 and Black's mirror
}

}  // namespace

Position::Position() {
  auto start = from_fen(kStartFen);
  *this = std::move(*start);
}

void Position::put(Piece p, Square s) {
  board_[s] = p;
  occupied_ |= bit(s);
  rotated_ |= rotated_bit(s);
  by_side_[index(color_of(p))] |= bit(s);
  by_type_[type_of(p)] |= bit(s);
  key_ ^= zobrist::keys.piece[p][s];
  if (type_of(p) == kGeneral) general_[index(color_of(p))] = s;
}

void Position::remove(Square s) {
  Piece p = board_[s];
  board_[s] = kEmpty;
  occupied_ &= ~bit(s);
  rotated_ &= ~rotated_bit(s);
  by_side_[index(color_of(p))] &= ~bit(s);
  by_type_[type_of(p)] &= ~bit(s);
  key_ ^= zobrist::keys.piece[p][s];
}

Expected<Position> Position::from_fen(std::string_view text) {
  auto fail = [](const std::string& why) { return make_error("FEN: " + why); };
  std::vector<std::string_view> fields = split_fields(text);
  if (fields.empty()) return fail("empty");
  if (fields.size() > 6) return fail("too many fields (" + std::to_string(fields.size()) + ", at most 6)");

  Position pos{Blank{}};
  pos.history_.reserve(256);
  std::string_view board = fields[0];
  if (auto ranks = std::count(board.begin(), board.end(), '/') + 1; ranks != kRanks)
    return fail("expected 10 ranks, found " + std::to_string(ranks));
  int counts[2][kPieceTypes] = {};
  int rank = 9, file = 0;
  for (std::size_t i = 0; i <= board.size(); ++i) {
    char c = i < board.size() ? board[i] : '/';
    std::string row = "rank " + std::to_string(10 - rank) + " from the top";
    if (c == '/') {
      if (rank < 0) return fail("more than 10 ranks");
      if (file != kFiles) return fail(row + " has " + std::to_string(file) + " points, not 9");
      --rank;
      file = 0;
      continue;
    }
    if (rank < 0) return fail("more than 10 ranks");
    if (c >= '1' && c <= '9') {
      file += c - '0';
      if (file > kFiles) return fail(row + " has more than 9 points");
      continue;
    }
    PieceType t = type_from_letter(c);
    if (t == kNoType) {
      // The whole character, however many bytes it takes (a byte that
      // starts none is shown as \xNN).
      const std::size_t length = std::max<std::size_t>(1, utf8_char_length(board, i));
      return fail("'" + printable(board.substr(i, length)) +
                  "' is not a xiangqi piece (use KABNRCP, lowercase for Black)");
    }
    if (file >= kFiles) return fail(row + " has more than 9 points");
    Side side = (c >= 'A' && c <= 'Z') ? kRed : kBlack;
    Square s = make_square(file, rank);
    std::string where = std::string(side_word(side)) + " " + piece_type_name(t) + " on " + square_name(s);
    if (++counts[index(side)][t] > max_count(t))
      return fail(std::string(side_title(side)) + " has more than " + std::to_string(max_count(t)) + " " +
                  piece_type_name(t) + (max_count(t) > 1 ? "s" : ""));
    switch (t) {
      case kGeneral:
        if (!in_palace(side, s)) return fail("the " + where + " is outside the palace");
        break;
      case kAdvisor:
        if (!advisor_point(side, s)) return fail("a " + where + ", a point advisors cannot reach");
        break;
      case kElephant:
        if (!elephant_point(side, s)) return fail("a " + where + ", a point elephants cannot reach");
        break;
      case kSoldier: {
        int progress = side == kRed ? rank_of(s) : 9 - rank_of(s);
        if (progress < 3) return fail("a " + where + ", behind the soldiers' start rank");
        if (progress < 5 && file_of(s) % 2 != 0)
          return fail("a " + where + ", off the soldiers' files before crossing the river");
        break;
      }
      default:
        break;
    }
    pos.put(make_piece(side, t), s);
    ++file;
  }
  if (rank != -1) return fail("expected 10 ranks, found " + std::to_string(9 - rank));
  for (Side side : {kRed, kBlack})
    if (counts[index(side)][kGeneral] == 0) return fail(std::string(side_title(side)) + " has no general");

  pos.side_ = kRed;
  if (fields.size() > 1) {
    if (fields[1] == "w" || fields[1] == "r" || fields[1] == "W" || fields[1] == "R")
      pos.side_ = kRed;
    else if (fields[1] == "b" || fields[1] == "B")
      pos.side_ = kBlack;
    else
      return fail("side to move '" + printable(fields[1]) + "' is not w, r or b");
  }
  for (std::size_t i = 2; i < 4 && i < fields.size(); ++i)
    if (fields[i] != "-") return fail("field " + std::to_string(i + 1) + " must be '-' in xiangqi");
  std::optional<int> plies = fields.size() > 4 ? parse_counter(fields[4], 100000) : 0;
  if (!plies) return fail("plies since capture '" + printable(fields[4]) + "' is not a number");
  pos.plies_since_capture_ = *plies;
  if (fields.size() > 5) {
    std::optional<int> fullmove = parse_counter(fields[5], 100000);
    if (!fullmove) return fail("move number '" + printable(fields[5]) + "' is not a number from 0 to 100000");
    pos.fullmove_ =
        std::max(*fullmove, 1);  // some writers put 0 (cchess, XQBase); chess readers take it as 1
  }
  if (pos.side_ == kBlack) pos.key_ ^= zobrist::keys.black_to_move;

  Square red = pos.general_[0], black = pos.general_[1];
  if (file_of(red) == file_of(black) && !(between(red, black) & pos.occupied_))
    return fail(std::string("the generals face each other on the ") + static_cast<char>('a' + file_of(red)) +
                " file");
  if (pos.in_check(~pos.side_))
    return fail(std::string(side_title(~pos.side_)) + " is in check but it is " + side_title(pos.side_) +
                "'s turn");
  return pos;
}

std::string Position::fen() const {
  std::string out = fen_board(kFiles, kRanks, [this](int file, int rank) {
    const Piece p = board_[make_square(file, rank)];
    return p == kEmpty ? '\0' : piece_letter(p);
  });
  out += side_ == kRed ? " w - - " : " b - - ";
  out += std::to_string(plies_since_capture_) + " " + std::to_string(fullmove_);
  return out;
}

std::uint64_t Position::null_key() { return zobrist::keys.black_to_move; }

void Position::make(Move m) {
  Piece moving = board_[m.from], captured = board_[m.to];
  history_.push_back(Undo{m, captured, static_cast<std::uint16_t>(plies_since_capture_), key_});
  if (captured) remove(m.to);
  remove(m.from);
  put(moving, m.to);
  plies_since_capture_ = captured ? 0 : plies_since_capture_ + 1;
  if (side_ == kBlack) ++fullmove_;
  side_ = ~side_;
  key_ ^= zobrist::keys.black_to_move;
}

void Position::unmake(Move m) {
  const Undo& u = history_.back();
  Piece moving = board_[m.to];
  remove(m.to);
  put(moving, m.from);
  if (u.captured) put(u.captured, m.to);
  plies_since_capture_ = u.plies_since_capture;
  key_ = u.key;
  side_ = ~side_;
  if (side_ == kBlack) --fullmove_;
  history_.pop_back();
}

bool Position::attacked(Square s, Side by, Bitboard occupied, Bitboard rotated, Bitboard theirs) const {
  if (slide_attacks(s, occupied, rotated) & theirs & (by_type_[kChariot] | by_type_[kGeneral])) return true;
  if (jump_attacks(s, occupied, rotated) & theirs & by_type_[kCannon]) return true;
  if (horse_attackers_of(s, occupied) & theirs & by_type_[kHorse]) return true;
  return tables.soldier_attackers[index(by)][s] & theirs & by_type_[kSoldier];
}

bool Position::in_check(Side side) const {
  return attacked(general_[index(side)], ~side, occupied_, rotated_, by_side_[index(~side)]);
}

Bitboard Position::attackers(Square s, Side by) const {
  Bitboard theirs = by_side_[index(by)];
  Bitboard out = slide_attacks(s, occupied_, rotated_) & theirs & by_type_[kChariot];
  // The general attacks along its file only where it could capture: inside
  // its palace orthogonally, or across the board at the other general.
  Bitboard general = theirs & by_type_[kGeneral];
  if (general) {
    Square g = lsb(general);
    if (test(tables.general_moves[g], s) ||
        (board_[s] == make_piece(~by, kGeneral) && test(slide_attacks(s, occupied_, rotated_), g)))
      out |= general;
  }
  out |= jump_attacks(s, occupied_, rotated_) & theirs & by_type_[kCannon];
  out |= horse_attackers_of(s, occupied_) & theirs & by_type_[kHorse];
  out |= tables.soldier_attackers[index(by)][s] & theirs & by_type_[kSoldier];
  Bitboard advisors = theirs & by_type_[kAdvisor];
  while (advisors) {
    Square a = pop_lsb(advisors);
    if (test(tables.advisor_moves[a], s)) out |= bit(a);
  }
  Bitboard elephants = theirs & by_type_[kElephant];
  while (elephants) {
    Square e = pop_lsb(elephants);
    if (test(elephant_attacks(e, occupied_), s)) out |= bit(e);
  }
  return out;
}

bool Position::keeps_general_safe(Move m) const {
  Side us = color_of(board_[m.from]);
  Bitboard occupied = (occupied_ ^ bit(m.from)) | bit(m.to);
  Bitboard rotated = (rotated_ ^ rotated_bit(m.from)) | rotated_bit(m.to);
  Square g = m.from == general_[index(us)] ? m.to : general_[index(us)];
  return !attacked(g, ~us, occupied, rotated, by_side_[index(~us)] & ~bit(m.to));
}

bool Position::is_pseudo_legal(Move m) const {
  if (m.from >= kSquares || m.to >= kSquares || m.from == m.to) return false;
  Piece p = board_[m.from];
  if (p == kEmpty) return false;
  Side us = color_of(p);
  if (test(by_side_[index(us)], m.to)) return false;
  Square from = m.from;
  switch (type_of(p)) {
    case kGeneral:
      return in_palace(us, m.to) && test(tables.general_moves[from], m.to);
    case kAdvisor:
      return in_palace(us, m.to) && test(tables.advisor_moves[from], m.to);
    case kElephant:
      return test(elephant_attacks(from, occupied_), m.to);
    case kHorse:
      return test(horse_attacks(from, occupied_), m.to);
    case kChariot:
      return test(slide_attacks(from, occupied_, rotated_), m.to);
    case kCannon:
      return board_[m.to] == kEmpty ? test(slide_attacks(from, occupied_, rotated_), m.to)
                                    : test(jump_attacks(from, occupied_, rotated_), m.to);
    case kSoldier:
      return test(tables.soldier_moves[index(us)][from], m.to);
    case kNoType:
      break;
  }
  return false;
}

bool Position::is_legal(Move m) const {
  return is_pseudo_legal(m) && color_of(board_[m.from]) == side_ && keeps_general_safe(m);
}

bool Position::has_legal_move() const {
  MoveList list;
  generate_legal(list);
  return !list.empty();
}

// Legal moves without testing most of them: when the side to move is not in
// check, a move can expose its general only if it leaves a point on the
// general's file or rank (a chariot, cannon or general ray opens, or a
// cannon loses one of two screens) or a diagonal neighbour of the general (a
// horse's leg), or if it lands on the general's file or rank (it may become
// a cannon's screen). Only those moves, general moves and every move out of
// check are tested by playing them on the occupancy.
template <bool kCount>
std::uint64_t Position::generate(MoveList* out) const {
  const Side us = side_, them = ~us;
  const Square g = general_[index(us)];
  const Bitboard own = by_side_[index(us)], theirs = by_side_[index(them)];
  const Bitboard targets_allowed = kAllPoints & ~own;
  const bool check = attacked(g, them, occupied_, rotated_, theirs);
  const Bitboard risky_from = check ? kAllPoints : (tables.lines[g] | tables.diagonal_near[g]);
  const Bitboard risky_to = check ? kAllPoints : tables.lines[g];
  std::uint64_t count = 0;

  auto add = [&](Square from, Square to) {
    if constexpr (kCount)
      ++count;
    else
      out->push_back(make_move(from, to));
  };
  auto emit = [&](Square from, Bitboard targets) {
    Bitboard tested = test(risky_from, from) ? targets : targets & risky_to;
    Bitboard sure = targets ^ tested;
    if constexpr (kCount)
      count += popcount(sure);
    else
      while (sure) add(from, pop_lsb(sure));
    while (tested) {
      Square to = pop_lsb(tested);
      if (keeps_general_safe(make_move(from, to))) add(from, to);
    }
  };

  for (Bitboard b = own & by_type_[kChariot]; b;) {
    Square s = pop_lsb(b);
    emit(s, slide_attacks(s, occupied_, rotated_) & targets_allowed);
  }
  for (Bitboard b = own & by_type_[kCannon]; b;) {
    Square s = pop_lsb(b);
    emit(s, (slide_attacks(s, occupied_, rotated_) & ~occupied_) |
                (jump_attacks(s, occupied_, rotated_) & theirs));
  }
  for (Bitboard b = own & by_type_[kHorse]; b;) {
    Square s = pop_lsb(b);
    emit(s, horse_attacks(s, occupied_) & targets_allowed);
  }
  for (Bitboard b = own & by_type_[kSoldier]; b;) {
    Square s = pop_lsb(b);
    emit(s, tables.soldier_moves[index(us)][s] & targets_allowed);
  }
  for (Bitboard b = own & by_type_[kElephant]; b;) {
    Square s = pop_lsb(b);
    emit(s, elephant_attacks(s, occupied_) & targets_allowed);
  }
  for (Bitboard b = own & by_type_[kAdvisor]; b;) {
    Square s = pop_lsb(b);
    emit(s, tables.advisor_moves[s] & targets_allowed);
  }
  emit(g, tables.general_moves[g] & targets_allowed);
  if constexpr (kCount)
    return count;
  else
    return out->size();
}

template std::uint64_t Position::generate<true>(MoveList*) const;
template std::uint64_t Position::generate<false>(MoveList*) const;

}  // namespace qi::xiangqi
