// Forsyth-Edwards Notation in and out. The reader fills a fresh Position and
// hands it back only when every check has passed, so a bad FEN never leaves
// a half-set position behind.
#include <charconv>
#include <vector>

#include "core/fen_text.h"
#include "core/utf8.h"
#include "games/chess/movegen.h"
#include "games/chess/position.h"

namespace qi::chess {

namespace {

std::string quoted(std::string_view text) { return "'" + printable(text) + "'"; }

// The character starting at byte `i`: all its bytes, or one that starts none.
std::string_view character_at(std::string_view text, std::size_t i) {
  return text.substr(i, std::max<std::size_t>(1, utf8_char_length(text, i)));
}

const char* color_name(Color c) { return c == White ? "white" : "black"; }

std::string counted(int n, const char* noun) { return std::to_string(n) + " " + noun + (n == 1 ? "" : "s"); }

}  // namespace

class FenReader {
 public:
  static Expected<Position> read(std::string_view text, Variant variant, std::vector<std::string>* warnings);

 private:
  static Status read_board(Position& pos, std::string_view board);
  static Status check_material(const Position& pos);
  static Status read_castling(Position& pos, std::string_view field, std::vector<std::string>& warnings);
  static Status read_en_passant(Position& pos, std::string_view field);
};

Expected<Position> Position::from_fen(std::string_view fen, Variant variant,
                                      std::vector<std::string>* warnings) {
  return FenReader::read(fen, variant, warnings);
}

Expected<Position> FenReader::read(std::string_view text, Variant variant,
                                   std::vector<std::string>* warnings) {
  const std::vector<std::string_view> fields = split_fields(text);
  if (fields.empty()) return make_error("FEN: empty");
  if (fields.size() < 2)
    return make_error("FEN: 1 field, expected at least 2 (the board and the side to move)");
  if (fields.size() > 6)
    return make_error("FEN: " + std::to_string(fields.size()) + " fields, expected at most 6");

  Position pos{Position::Empty{}};
  pos.chess960_ = variant == Variant::Chess960;

  if (Status s = read_board(pos, fields[0]); !s) return s.error();
  if (Status s = check_material(pos); !s) return s.error();

  if (fields[1] == "w")
    pos.side_ = White;
  else if (fields[1] == "b")
    pos.side_ = Black;
  else
    return make_error("FEN: side to move must be 'w' or 'b', not " + quoted(fields[1]));
  if (pos.attacked_by(pos.king_square(~pos.side_), pos.side_, pos.pieces()))
    return make_error("FEN: the side not to move is in check");

  // What chess.js and chessops put for the fields left out: no castling, no
  // en passant square, clocks 0 and 1.
  std::vector<std::string> dropped;
  if (Status s = read_castling(pos, fields.size() >= 3 ? fields[2] : "-", dropped); !s) return s.error();
  if (Status s = read_en_passant(pos, fields.size() >= 4 ? fields[3] : "-"); !s) return s.error();

  pos.st_.halfmove_clock = 0;
  pos.fullmove_at_start_ = 1;
  if (fields.size() >= 5) {
    std::optional<int> clock = parse_counter(fields[4]);
    if (!clock)
      return make_error("FEN: halfmove clock " + quoted(fields[4]) + " is not a number from 0 to 1000000");
    pos.st_.halfmove_clock = *clock;
  }
  if (fields.size() >= 6) {
    std::optional<int> number = parse_counter(fields[5]);
    if (!number)
      return make_error("FEN: fullmove number " + quoted(fields[5]) + " is not a number from 1 to 1000000");
    pos.fullmove_at_start_ = std::max(*number, 1);  // some writers put 0; python-chess reads it as 1
  }
  pos.side_at_start_ = pos.side_;
  pos.st_.key = pos.compute_hash();
  if (warnings) *warnings = std::move(dropped);
  return pos;
}

Status FenReader::read_board(Position& pos, std::string_view board) {
  std::vector<std::string_view> ranks;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= board.size(); ++i)
    if (i == board.size() || board[i] == '/') {
      ranks.push_back(board.substr(start, i - start));
      start = i + 1;
    }
  if (ranks.size() != 8)
    return make_error("FEN: board has " + std::to_string(ranks.size()) + " ranks, expected 8");

  for (int r = 0; r < 8; ++r) {
    const int rank = 7 - r;  // FEN lists rank 8 first
    const std::string rank_name = "rank " + std::to_string(rank + 1);
    int file = 0;
    bool after_digit = false;
    for (std::size_t i = 0; i < ranks[r].size(); ++i) {
      const char c = ranks[r][i];
      if (c >= '0' && c <= '9') {
        if (c == '0' || c == '9') return make_error("FEN: digit '" + std::string(1, c) + "' in " + rank_name);
        if (after_digit) return make_error("FEN: two digits in a row in " + rank_name);
        file += c - '0';
        after_digit = true;
        continue;
      }
      after_digit = false;
      const Piece p = piece_from_char(c);
      if (p == NoPiece)
        return make_error("FEN: unknown piece letter " + quoted(character_at(ranks[r], i)) + " in " +
                          rank_name);
      if (file < 8) pos.put_piece(p, make_square(file, rank));
      ++file;
    }
    if (file != 8) return make_error("FEN: " + rank_name + " has " + std::to_string(file) + " squares");
  }
  return Ok{};
}

Status FenReader::check_material(const Position& pos) {
  for (Color c : {White, Black}) {
    const int kings = popcount(pos.pieces(c, King));
    if (kings == 0) return make_error(std::string("FEN: no ") + color_name(c) + " king");
    if (kings > 1)
      return make_error("FEN: " + (kings == 2 ? std::string("two") : std::to_string(kings)) + " " +
                        color_name(c) + " kings");
  }
  for (int rank : {0, 7})
    if (pos.pieces(Pawn) & rank_bb(rank)) return make_error("FEN: pawn on rank " + std::to_string(rank + 1));
  for (Color c : {White, Black}) {
    const int all = popcount(pos.pieces(c));
    if (all > 16)
      return make_error("FEN: " + std::string(color_name(c)) + " has " + std::to_string(all) + " pieces");
    const int pawns = popcount(pos.pieces(c, Pawn));
    if (pawns > 8)
      return make_error("FEN: " + std::string(color_name(c)) + " has " + std::to_string(pawns) + " pawns");
    // Pieces beyond the starting set must be promoted pawns.
    int extra = 0;
    const int start_count[7] = {0, 8, 2, 2, 2, 1, 1};
    for (PieceType pt : {Knight, Bishop, Rook, Queen})
      extra += std::max(0, popcount(pos.pieces(c, pt)) - start_count[pt]);
    if (extra > 8 - pawns)
      return make_error("FEN: " + std::string(color_name(c)) + " has " + counted(extra, "piece") +
                        " beyond the starting set but only " + counted(8 - pawns, "missing pawn"));
  }
  return Ok{};
}

// Each letter is read as FEN, X-FEN or Shredder-FEN: K and Q name the
// outermost rook on that side of the king, a file letter the rook on that
// file. A right the board cannot have is dropped with a warning.
Status FenReader::read_castling(Position& pos, std::string_view field, std::vector<std::string>& warnings) {
  pos.st_.castling = NoCastling;
  if (field == "-") return Ok{};
  const bool standard = !pos.chess960_;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const char c = field[i];
    const bool white = c >= 'A' && c <= 'Z';
    const char letter = white ? c : static_cast<char>(c - 'a' + 'A');
    const bool known = letter == 'K' || letter == 'Q' || (letter >= 'A' && letter <= 'H');
    if (!known || !(white || (c >= 'a' && c <= 'z')))
      return make_error("FEN: unknown castling letter " + quoted(character_at(field, i)));
    const Color color = white ? White : Black;
    const int back = color == White ? 0 : 7;
    const Piece rook = make_piece(color, Rook);
    const Square king = pos.king_square(color);
    auto drop = [&](const std::string& why) {
      warnings.push_back("FEN: castling right " + std::string(1, c) + " dropped: " + why);
    };
    if (standard && king != relative_square(color, E1)) {
      drop(std::string("the ") + color_name(color) + " king is not on " +
           square_name(relative_square(color, E1)));
      continue;
    }
    if (rank_of(king) != back) {
      drop(std::string("the ") + color_name(color) + " king is not on its first rank");
      continue;
    }
    // The rook the letter names, and on which side of the king it stands.
    Square rook_square = NoSquare;
    bool king_side = letter == 'K';
    if (letter == 'K' || letter == 'Q') {
      // The outermost rook on that side (in standard chess, the corner's).
      const int step = king_side ? -1 : 1;
      for (int file = king_side ? 7 : 0; file != file_of(king); file += step) {
        if (pos.piece_on(make_square(file, back)) == rook) {
          rook_square = make_square(file, back);
          break;
        }
        if (standard) break;
      }
      if (rook_square == NoSquare) {
        drop(standard ? std::string("there is no ") + color_name(color) + " rook on " +
                            square_name(make_square(king_side ? 7 : 0, back))
                      : std::string("there is no ") + color_name(color) + " rook on the " +
                            (king_side ? "king's" : "queen's") + " side of the king");
        continue;
      }
    } else {
      const Square named = make_square(letter - 'A', back);
      if (pos.piece_on(named) != rook || named == king) {
        drop(std::string("there is no ") + color_name(color) + " rook on " + square_name(named));
        continue;
      }
      rook_square = named;
      king_side = file_of(named) > file_of(king);
    }
    if (standard && file_of(rook_square) != (king_side ? 7 : 0)) {
      drop("in standard chess only the rooks on " + square_name(relative_square(color, A1)) + " and " +
           square_name(relative_square(color, H1)) + " castle");
      continue;
    }
    const CastlingRights right = castling_right(color, king_side);
    if (pos.st_.castling & right) {
      const Square given = pos.castling_rook_square(color, king_side);
      if (given != rook_square)
        drop(std::string("the ") + color_name(color) +
             " king already castles on that side with the rook on " + square_name(given));
      continue;  // the same right written twice ("KH") is that right
    }
    pos.add_castling_right(color, king_side, king, rook_square);
  }
  return Ok{};
}

Status FenReader::read_en_passant(Position& pos, std::string_view field) {
  pos.st_.ep_square = NoSquare;
  pos.st_.ep_legal = false;
  if (field == "-") return Ok{};
  const std::optional<Square> ep = parse_square(field);
  if (!ep) return make_error("FEN: en passant square " + quoted(field) + " is not a square");
  const Color us = pos.side_, them = ~us;
  // The square a pawn of the side that just moved skipped: rank 3 for White's
  // pawns, rank 6 for Black's.
  if (relative_rank(them, *ep) != 2)
    return make_error("FEN: en passant square " + square_name(*ep) + " does not fit the side to move");
  const Square pawn = static_cast<Square>(*ep + pawn_push(them));
  const Square origin = static_cast<Square>(*ep - pawn_push(them));
  if (pos.piece_on(pawn) != make_piece(them, Pawn))
    return make_error("FEN: en passant square " + square_name(*ep) + " but no " + color_name(them) +
                      " pawn on " + square_name(pawn));
  if (pos.piece_on(*ep) != NoPiece || pos.piece_on(origin) != NoPiece)
    return make_error("FEN: en passant square " + square_name(*ep) + " but the pawn on " + square_name(pawn) +
                      " cannot have just come from " + square_name(origin));
  pos.st_.ep_square = *ep;
  pos.st_.ep_legal = en_passant_capture_possible(pos, *ep);
  return Ok{};
}

std::string Position::fen(CastlingLetters letters) const {
  std::string out = fen_board(8, 8, [this](int file, int rank) {
    const Piece p = board_[make_square(file, rank)];
    return p == NoPiece ? '\0' : piece_char(p);
  });
  out += side_ == White ? " w " : " b ";
  if (st_.castling == NoCastling) out += '-';
  for (Color c : {White, Black})
    for (bool king_side : {true, false}) {
      if (!(st_.castling & castling_right(c, king_side))) continue;
      const Square rook = castling_rook_square(c, king_side);
      // X-FEN's K and Q stand for the outermost rook on their side; a rook
      // with another one further out is named by its file.
      const Bitboard beyond = king_side ? ~((square_bb(rook) << 1) - 1) : (square_bb(rook) - 1);
      const bool outermost = !(pieces(c, Rook) & rank_bb(rank_of(rook)) & beyond);
      char letter = letters == CastlingLetters::XFen && outermost ? (king_side ? 'K' : 'Q')
                                                                  : static_cast<char>('A' + file_of(rook));
      out += c == White ? letter : static_cast<char>(letter - 'A' + 'a');
    }
  out += ' ';
  out += st_.ep_legal ? square_name(st_.ep_square) : "-";
  out += ' ' + std::to_string(st_.halfmove_clock) + ' ' + std::to_string(fullmove_number());
  return out;
}

}  // namespace qi::chess
