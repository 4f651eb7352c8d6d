#include "games/tictactoe/tictactoe_game.h"
#include "games/tictactoe/endings.h"

#include <bit>
#include <vector>

#include "core/perft.h"
#include "games/tictactoe/board.h"
#include "games/tictactoe/notation.h"

namespace qi::tictactoe {
namespace {

MoveText move_text(Move m) {
  const std::string square = square_name(m.square);
  return {square, square, {square}, {}, {{"square", square}}};
}

// The first line of three of `marks`, if any.
std::optional<Mask> line_of(Mask marks) {
  for (Mask line : kLines)
    if ((marks & line) == line) return line;
  return std::nullopt;
}

class TicTacToeGame final : public qi::Game {
 public:
  std::string_view name() const override { return "tictactoe"; }
  const VariantDescriptor& descriptor() const override { return tictactoe::descriptor().variants.front(); }
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
  std::string initial_fen() const override { return position_text(start_); }
  Side side_to_move() const override { return board_.side_to_move(); }
  int move_number() const override {
    return std::popcount(static_cast<unsigned>(board_.marks(Side::First))) + (side_to_move() == Side::First);
  }
  std::string board_cells() const override {
    std::string cells(kSquares, '.');
    for (int s = 0; s < kSquares; ++s) {
      if (board_.marks(Side::First) & bit(s)) cells[s] = 'x';
      if (board_.marks(Side::Second) & bit(s)) cells[s] = 'o';
    }
    return cells;
  }

  std::vector<MoveText> legal_moves() const override {
    Board::MoveList moves;
    board_.generate_legal(moves);
    std::vector<MoveText> out;
    for (Move m : moves) out.push_back(move_text(m));
    return out;
  }
  Expected<MoveText> parse_move(std::string_view text) const override {
    Expected<Move> move = tictactoe::parse_move(board_, text);
    if (!move) return move.error();
    return move_text(*move);
  }
  std::vector<MoveText> moves_played() const override {
    std::vector<MoveText> out;
    for (Move m : history_) out.push_back(move_text(m));
    return out;
  }

  Outcome outcome() const override {
    switch (board_.result()) {
      case Result::Loss:
        return Outcome::win(~board_.side_to_move(), endings::ThreeInARow);
      case Result::Draw:
        return Outcome::draw(endings::BoardFull);
      default:
        return Outcome::ongoing();
    }
  }
  // A side can still win while some line holds none of the other's marks.
  bool can_win(Side side) const override {
    for (Mask line : kLines)
      if (!(board_.marks(~side) & line)) return true;
    return false;
  }
  std::vector<std::string> outcome_squares() const override {
    std::vector<std::string> out;
    if (!board_.someone_won()) return out;
    if (std::optional<Mask> line = line_of(board_.marks(~board_.side_to_move())))
      for (int s = 0; s < kSquares; ++s)
        if (*line & bit(s)) out.push_back(square_name(s));
    return out;
  }

  Expected<std::string> handicap_fen(std::string_view name, Side giver) const override {
    if (name != "no_centre") return Game::handicap_fen(name, giver);
    if (giver != Side::Second) return make_error("the no_centre handicap is given by the second player (O)");
    return std::string(kStartPosition);
  }

  std::string board_text(bool flipped) const override;
  RecordDialect record_dialect() const override {
    RecordDialect d;
    d.roster = {{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
                {"X", "?"},     {"O", "?"},    {"Result", "*"}};
    d.player_tags = {"X", "O"};
    d.fixed_tags = {{"Game", "Tic-tac-toe"}};
    d.variant_tags = {"tictactoe"};
    return d;
  }

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

 private:
  void replace_position(const Board& board) {
    board_ = board;
    start_ = board;
    history_.clear();
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

}  // namespace

std::unique_ptr<qi::Game> make_game() { return std::make_unique<TicTacToeGame>(); }

}  // namespace qi::tictactoe
