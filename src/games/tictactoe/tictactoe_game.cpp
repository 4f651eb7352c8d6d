#include "games/tictactoe/tictactoe_game.h"

#include <bit>
#include <vector>

#include "core/perft.h"
#include "games/tictactoe/board.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/player.h"

namespace qi::tictactoe {
namespace {

MoveText move_text(Move m) {
  const std::string square = square_name(m.square);
  return {square, square};
}

class TicTacToeGame final : public qi::Game {
 public:
  std::string_view name() const override { return "tictactoe"; }
  std::unique_ptr<qi::Game> clone() const override { return std::make_unique<TicTacToeGame>(*this); }

  void reset() override { replace_position(Board{}); }
  Status set_fen(std::string_view fen) override {
    Expected<Board> board = parse_position(fen);
    if (!board) return board.error();
    replace_position(*board);
    return Ok{};
  }
  std::string fen() const override { return position_text(board_); }
  std::string start_fen() const override { return std::string(kStartPosition); }
  Side side_to_move() const override { return board_.side_to_move(); }
  std::string side_name(Side side) const override { return tictactoe::side_name(side); }

  std::vector<MoveText> legal_moves() const override {
    Board::MoveList moves;
    board_.generate_legal(moves);
    std::vector<MoveText> out;
    for (Move m : moves) out.push_back(move_text(m));
    return out;
  }
  Expected<MoveText> parse_move(std::string_view text) const override {
    if (Outcome o = outcome(); o.over()) return make_error("game_over", "the game is over: " + o.reason);
    Expected<Move> move = tictactoe::parse_move(board_, text);
    if (!move) return move.error();
    return move_text(*move);
  }
  std::vector<MoveText> moves_played() const override {
    std::vector<MoveText> out;
    for (Move m : history_) out.push_back(move_text(m));
    return out;
  }

  MoveText builtin_move() const override {
    std::optional<Move> best = perfect_move(board_);
    return best ? move_text(*best) : MoveText{};
  }

  std::string board_text(bool flipped) const override;
  std::string record() const override;

  std::uint64_t perft(int depth) const override {
    Board board = board_;
    return qi::perft(board, depth);
  }
  std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const override {
    Board board = board_;
    std::vector<std::pair<std::string, std::uint64_t>> out;
    for (const auto& [move, nodes] : qi::perft_divide(board, depth))
      out.emplace_back(square_name(move.square), nodes);
    return out;
  }

 protected:
  void push(const MoveText& move) override {
    Expected<Move> m = parse_square(move.id);
    if (!m) return;  // cannot happen: move came from parse_move
    board_.make(*m);
    history_.push_back(*m);
  }
  bool pop() override {
    if (history_.empty()) return false;
    board_.unmake(history_.back());
    history_.pop_back();
    return true;
  }
  Outcome rules_outcome() const override {
    switch (board_.result()) {
      case Result::Loss:
        return Outcome::win(~board_.side_to_move(), "three_in_a_row", game_over_reason(board_));
      case Result::Draw:
        return Outcome::draw("board_full", game_over_reason(board_));
      default:
        return Outcome::ongoing();
    }
  }

 private:
  void replace_position(const Board& board) {
    board_ = board;
    start_ = board;
    history_.clear();
    clear_adjudication();
  }

  Board board_;
  Board start_;
  std::vector<Move> history_;
};

// A grid of box-drawing characters, rank 3 at the top (rank 1 when flipped),
// with the file letters below and the rank digits on the left.
std::string TicTacToeGame::board_text(bool flipped) const {
  std::string out = "  ┌───┬───┬───┐\n";
  for (int row = 0; row < 3; ++row) {
    const int rank = flipped ? row : 2 - row;
    out += std::to_string(rank + 1) + " │";
    for (int column = 0; column < 3; ++column) {
      const int file = flipped ? 2 - column : column;
      const Mask b = bit(square_of(file, rank));
      const char* mark = board_.marks(Side::First) & b ? "X" : board_.marks(Side::Second) & b ? "O" : " ";
      out += std::string(" ") + mark + " │";
    }
    out += row < 2 ? "\n  ├───┼───┼───┤\n" : "\n  └───┴───┴───┘\n";
  }
  out += flipped ? "    c   b   a\n" : "    a   b   c\n";
  return out;
}

// The game as a numbered list of moves, X's and O's on one line, then the
// result; a game from a set-up position names it first.
std::string TicTacToeGame::record() const {
  std::string out = "Tic-tac-toe\n";
  if (!(start_ == Board{})) out += "Start: " + position_text(start_) + "\n";
  Board board = start_;
  bool line_open = false;
  for (Move m : history_) {
    const int x_marks = std::popcount(static_cast<unsigned>(board.marks(Side::First)));
    if (board.side_to_move() == Side::First) {
      out += std::to_string(x_marks + 1) + ". " + square_name(m.square);
      line_open = true;
    } else {
      out += line_open ? " " : std::to_string(x_marks) + ". ... ";
      out += square_name(m.square) + "\n";
      line_open = false;
    }
    board.make(m);
  }
  if (line_open) out += "\n";
  const Outcome o = outcome();
  out += "Result: " + score_text(o);
  if (o.over()) out += " (" + o.reason + ")";
  out += "\n";
  return out;
}

}  // namespace

std::unique_ptr<qi::Game> make_game() { return std::make_unique<TicTacToeGame>(); }

}  // namespace qi::tictactoe
