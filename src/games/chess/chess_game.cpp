#include "games/chess/chess_game.h"

#include <vector>

#include "core/fen_text.h"
#include "core/perft.h"
#include "games/chess/chess960.h"
#include "games/chess/draw_rules.h"
#include "games/chess/position.h"
#include "games/chess/san.h"

namespace qi::chess {
namespace {

// Outlined figures for White, solid for Black, as Unicode names them.
const char* figure(Piece p) {
  static const char* const white[] = {"", "♙", "♘", "♗", "♖", "♕", "♔"};
  static const char* const black[] = {"", "♟", "♞", "♝", "♜", "♛", "♚"};
  if (p == NoPiece) return "·";
  return color_of(p) == White ? white[type_of(p)] : black[type_of(p)];
}

Color color_of_side(Side s) { return s == Side::First ? White : Black; }

MoveText move_text(const Position& pos, Move m) {
  if (m.is_none()) return {"0000", "--", {}, {}, {{"san", "--"}, {"uci", "0000"}}};  // a record's null move
  const std::string uci = to_uci(pos, m);
  const std::string san = to_san(pos, m);
  // From and to as the id names them: castling in Chess960 goes from the
  // king to its rook, so that a click on the rook castles.
  MoveText t{uci, san, {uci.substr(0, 2), uci.substr(2, 2)}};
  // The piece the promotion makes, by its code on the board (upper case for White).
  if (uci.size() > 4)
    t.choice = std::string(1, pos.us() == White ? static_cast<char>(uci[4] - 'a' + 'A') : uci[4]);
  t.notations = {{"san", san}, {"uci", uci}};
  return t;
}

void make_move(Position& pos, Move m) {
  if (m.is_none())
    pos.make_null();
  else
    pos.make(m);
}

class ChessGame final : public qi::Game {
 public:
  explicit ChessGame(Variant variant)
      : variant_(variant), start_(*Position::from_fen(Position::kStartFen, variant)), pos_(start_) {}

  std::string_view name() const override { return "chess"; }
  std::string_view variant() const override { return variant_ == Variant::Chess960 ? kChess960Name : ""; }
  const VariantDescriptor& descriptor() const override {
    return chess::descriptor().variants[variant_ == Variant::Chess960 ? 1 : 0];
  }
  std::unique_ptr<qi::Game> clone() const override { return std::make_unique<ChessGame>(*this); }

  void reset() override {
    start_ = *Position::from_fen(Position::kStartFen, variant_);
    pos_ = start_;
    moves_.clear();
    warnings_.clear();
  }

  Status set_fen(std::string_view fen) override {
    std::vector<std::string> warnings;
    Expected<Position> pos = Position::from_fen(fen, variant_, &warnings);
    if (!pos) return pos.error();
    start_ = std::move(*pos);
    pos_ = start_;
    moves_.clear();
    warnings_ = std::move(warnings);
    return Ok{};
  }
  std::vector<std::string> fen_warnings() const override { return warnings_; }

  std::string fen() const override { return pos_.fen(); }
  std::string start_fen() const override { return std::string(Position::kStartFen); }
  std::string initial_fen() const override { return start_.fen(); }
  Side side_to_move() const override { return pos_.side_to_move(); }
  int move_number() const override { return pos_.fullmove_number(); }
  std::string board_cells() const override {
    std::string cells(64, '.');
    for (int s = 0; s < 64; ++s)
      if (Piece p = pos_.piece_on(static_cast<Square>(s)); p != NoPiece) cells[s] = piece_char(p);
    return cells;
  }
  std::optional<std::string> checked_square() const override {
    if (!pos_.in_check()) return std::nullopt;
    return square_name(pos_.king_square(pos_.us()));
  }

  std::optional<std::string> fen_after_pass() const override {
    if (pos_.in_check()) return std::nullopt;
    const std::string fen = pos_.fen();  // the fields are views into it
    std::vector<std::string_view> fields = split_fields(fen);
    std::string out;
    for (std::size_t i = 0; i < fields.size(); ++i) {
      std::string field(fields[i]);
      if (i == 1) field = pos_.us() == White ? "b" : "w";
      if (i == 3) field = "-";
      out += (i ? " " : "") + field;
    }
    return out;
  }

  std::vector<MoveText> legal_moves() const override {
    Position::MoveList moves;
    pos_.generate_legal(moves);
    std::vector<MoveText> out;
    out.reserve(moves.size());
    for (Move m : moves) out.push_back(move_text(pos_, m));
    return out;
  }

  Expected<MoveText> parse_move(std::string_view text) const override {
    MoveTextError why;
    Expected<Move> move =
        parse_move_text(pos_, text, &why, moves_, record_mode() ? Reading::Record : Reading::Play);
    if (!move) {
      if (why.kind == MoveTextError::Illegal) return make_error(why.code, why.text + ": " + why.reason);
      return move.error();
    }
    return move_text(pos_, *move);
  }

  std::vector<MoveText> moves_played() const override {
    std::vector<MoveText> out;
    Position replay = start_;
    for (Move m : moves_) {
      out.push_back(move_text(replay, m));
      make_move(replay, m);
    }
    return out;
  }

  Outcome outcome() const override { return chess::rules_outcome(pos_); }
  std::vector<Outcome> draw_claims() const override { return chess::draw_claims(pos_); }
  bool can_win(Side side) const override { return pos_.can_checkmate(color_of_side(side)); }

  // The odds of rule document 002, from the giver's side: the f-pawn, the
  // queen's knight, the queen's rook (and its castling right), the queen.
  // Chess960 has none.
  Expected<std::string> handicap_fen(std::string_view name, Side giver) const override {
    if (variant_ == Variant::Chess960) return Game::handicap_fen(name, giver);
    struct Odds {
      std::string_view name;
      int file, rank;
      char piece;
    };
    static constexpr Odds kOdds[] = {
        {"pawn", 5, 1, 'p'}, {"knight", 1, 0, 'n'}, {"rook", 0, 0, 'r'}, {"queen", 3, 0, 'q'}};
    for (const Odds& o : kOdds) {
      if (o.name != name) continue;
      const bool white = giver == Side::First;
      const int rank = white ? o.rank : 7 - o.rank;
      const char piece = white ? static_cast<char>(o.piece - 'a' + 'A') : o.piece;
      std::optional<std::string> fen = fen_without(Position::kStartFen, {{o.file, rank, piece}});
      if (!fen)
        return make_error("handicap '" + std::string(name) + "' needs the piece in its starting place");
      if (name == "rook") {  // the queen's rook is gone, and with it that castling right
        std::vector<std::string_view> fields = split_fields(*fen);
        std::string castling(fields[2]);
        std::erase(castling, white ? 'Q' : 'q');
        std::string out;
        for (std::size_t i = 0; i < fields.size(); ++i) {
          if (i) out += ' ';
          out += i == 2 ? std::string_view(castling) : fields[i];
        }
        return out;
      }
      return *fen;
    }
    return Game::handicap_fen(name, giver);
  }

  std::string board_text(bool flipped) const override {
    std::string out;
    for (int row = 0; row < 8; ++row) {
      const int rank = flipped ? row : 7 - row;
      out += std::to_string(rank + 1);
      for (int column = 0; column < 8; ++column) {
        const int file = flipped ? 7 - column : column;
        out += ' ';
        out += figure(pos_.piece_on(make_square(file, rank)));
      }
      out += '\n';
    }
    out += flipped ? "  h g f e d c b a\n" : "  a b c d e f g h\n";
    return out;
  }

  // PGN as the 1994 standard writes it; a Variant tag naming anything but
  // this variant is refused (Crazyhouse is another game; standard chess and
  // Chess960 are each other's). Chess960 records carry [Variant "Chess960"].
  RecordDialect record_dialect() const override {
    RecordDialect d;
    if (variant_ == Variant::Chess960) {
      d.variant_tags = {"chess960", "chess 960", "fischerandom", "fischer random", "fischer random chess",
                        "frc"};
      d.fixed_tags = {{"Variant", "Chess960"}};
    } else {
      d.variant_tags = {"standard", "chess", "normal", "from position"};
    }
    return d;
  }

  Expected<std::string> numbered_start_fen(int number) const override {
    if (variant_ != Variant::Chess960) return Game::numbered_start_fen(number);
    if (number < 0 || number >= kChess960Starts)
      return make_error("a Chess960 start position is numbered from 0 to 959, not " + std::to_string(number));
    return chess960_fen(number);
  }

  std::uint64_t perft(int depth) const override {
    Position pos = pos_;
    return qi::perft(pos, depth);
  }

  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    Position pos = pos_;
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [move, nodes] : qi::perft_divide(pos, depth)) out.emplace_back(to_uci(pos, move), nodes);
    return out;
  }

 protected:
  void push(const MoveText& move) override {
    if (move.id == "0000") {  // a record's null move (parse_move reads it only in record mode)
      pos_.make_null();
      moves_.push_back(Move::none());
      return;
    }
    Expected<Move> m = pos_.parse_uci(move.id);
    if (!m) return;  // cannot happen: the move came from parse_move
    pos_.make(*m);
    moves_.push_back(*m);
  }

  bool pop() override {
    if (moves_.empty()) return false;
    if (moves_.back().is_none())
      pos_.unmake_null();
    else
      pos_.unmake(moves_.back());
    moves_.pop_back();
    return true;
  }

 private:
  Variant variant_;
  Position start_;
  Position pos_;
  std::vector<Move> moves_;            // played since start_, oldest first (a null move as Move::none())
  std::vector<std::string> warnings_;  // what the last set_fen dropped
};

}  // namespace

std::unique_ptr<qi::Game> make_game(std::string_view variant) {
  return std::make_unique<ChessGame>(variant == kChess960Name ? Variant::Chess960 : Variant::Standard);
}

}  // namespace qi::chess
