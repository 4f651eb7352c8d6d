#include "games/chess/chess_game.h"

#include <vector>

#include "core/perft.h"
#include "games/chess/draw_rules.h"
#include "games/chess/pgn.h"
#include "games/chess/position.h"
#include "games/chess/san.h"
#include "games/chess/simple_player.h"

namespace qi::chess {
namespace {

// Outlined figures for White, solid for Black, as Unicode names them.
const char* figure(Piece p) {
  static const char* const white[] = {"", "♙", "♘", "♗", "♖", "♕", "♔"};
  static const char* const black[] = {"", "♟", "♞", "♝", "♜", "♛", "♚"};
  if (p == NoPiece) return "·";
  return color_of(p) == White ? white[type_of(p)] : black[type_of(p)];
}

class ChessGame final : public qi::Game {
 public:
  ChessGame() = default;

  std::string_view name() const override { return "chess"; }
  std::unique_ptr<qi::Game> clone() const override { return std::make_unique<ChessGame>(*this); }

  void reset() override {
    start_ = Position();
    pos_ = start_;
    moves_.clear();
    clear_adjudication();
  }

  Status set_fen(std::string_view fen) override {
    Expected<Position> pos = Position::from_fen(fen);
    if (!pos) return pos.error();
    start_ = std::move(*pos);
    pos_ = start_;
    moves_.clear();
    clear_adjudication();
    return Ok{};
  }

  std::string fen() const override { return pos_.fen(); }
  std::string start_fen() const override { return std::string(Position::kStartFen); }
  Side side_to_move() const override { return pos_.side_to_move(); }
  std::string side_name(Side side) const override { return side == Side::First ? "White" : "Black"; }

  // None once the game is over: by FIDE 5 and 9.6 it ends at once, even
  // where the pieces could still move (dead position, fivefold, 75 moves).
  std::vector<MoveText> legal_moves() const override {
    if (outcome().over()) return {};
    Position::MoveList moves;
    pos_.generate_legal(moves);
    std::vector<MoveText> out;
    out.reserve(moves.size());
    for (Move m : moves) out.push_back({to_uci(m), to_san(pos_, m)});
    return out;
  }

  Expected<MoveText> parse_move(std::string_view text) const override {
    if (Outcome o = outcome(); o.over())
      return make_error("game_over", printable_move_text(text) + ": the game is over (" + o.reason + ")");
    MoveTextError why;
    Expected<Move> move = parse_move_text(pos_, text, &why, moves_);
    if (!move) {
      if (why.kind == MoveTextError::Illegal) return make_error(why.code, why.text + ": " + why.reason);
      return move.error();
    }
    return MoveText{to_uci(*move), to_san(pos_, *move)};
  }

  std::vector<MoveText> moves_played() const override {
    std::vector<MoveText> out;
    Position replay = start_;
    for (Move m : moves_) {
      out.push_back({to_uci(m), to_san(replay, m)});
      replay.make(m);
    }
    return out;
  }

  std::vector<DrawClaim> draw_claims() const override { return chess::draw_claims(pos_); }

  MoveText builtin_move() const override {
    if (outcome().over()) return {};
    Move m = simple_best_move(pos_);
    if (m.is_none()) return {};
    return {to_uci(m), to_san(pos_, m)};
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

  std::string record() const override {
    PgnGame game;
    if (std::string fen = start_.fen(); fen != Position::kStartFen) game.start_fen = fen;
    game.moves = moves_;
    Outcome o = outcome();
    game.result = score_text(o);
    if (o.over()) game.final_comment = o.reason;
    return write_pgn(game);
  }

  std::uint64_t perft(int depth) const override {
    Position pos = pos_;
    return qi::perft(pos, depth);
  }

  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    Position pos = pos_;
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [move, nodes] : qi::perft_divide(pos, depth)) out.emplace_back(to_uci(move), nodes);
    return out;
  }

 protected:
  void push(const MoveText& move) override {
    Expected<Move> m = pos_.parse_uci(move.id);
    if (!m) return;  // cannot happen: the move came from parse_move
    pos_.make(*m);
    moves_.push_back(*m);
  }

  bool pop() override {
    if (moves_.empty()) return false;
    pos_.unmake(moves_.back());
    moves_.pop_back();
    return true;
  }

  Outcome rules_outcome() const override { return chess::rules_outcome(pos_); }

 private:
  Position start_;
  Position pos_;
  std::vector<Move> moves_;  // played since start_, oldest first
};

}  // namespace

std::unique_ptr<qi::Game> make_game() { return std::make_unique<ChessGame>(); }

}  // namespace qi::chess
