// Fuzzes tic-tac-toe's position text and move text. Input: a position on the
// first line, then moves separated by spaces. Checks that nothing crashes,
// that an accepted position prints back to text that parses to the same
// position, that a refused move or position changes nothing, and that
// undoing every move played returns to the position set up.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/record.h"
#include "core/referee.h"
#include "core/utf8.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/player.h"
#include "games/tictactoe/tictactoe_game.h"

namespace {

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::tictactoe;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  const std::string_view fen = input.substr(0, newline);
  std::string_view moves = newline == std::string_view::npos ? std::string_view{} : input.substr(newline + 1);

  (void)parse_square(input);
  qi::Expected<Board> board = parse_position(fen);
  if (board) {
    const std::string text = position_text(*board);
    qi::Expected<Board> again = parse_position(text);
    check(again && *again == *board && position_text(*again) == text);
  } else {
    check(!board.error().message.empty() && qi::is_valid_utf8(board.error().message) &&
          board.error().message.find('\n') == std::string::npos);
  }

  std::unique_ptr<qi::Game> game = make_game();
  const qi::Status set = game->set_fen(fen);
  check(static_cast<bool>(set) == static_cast<bool>(board));
  if (!set) check(game->fen() == game->start_fen());
  const std::string start = game->fen();

  int played = 0;
  for (int tokens = 0; tokens < 32 && !moves.empty(); ++tokens) {
    const std::size_t end = moves.find(' ');
    const std::string_view token = moves.substr(0, end);
    moves = end == std::string_view::npos ? std::string_view{} : moves.substr(end + 1);
    const std::string before = game->fen();
    qi::Expected<qi::MoveText> move = game->play(token);
    if (move) {
      ++played;
      check(game->moves_played().back() == *move);
    } else {
      check(game->fen() == before);
      check(!move.error().message.empty() && qi::is_valid_utf8(move.error().message) &&
            move.error().message.find('\n') == std::string::npos);
    }
  }
  (void)game->board_text(played % 2 == 1);
  (void)qi::write_record(qi::record_of(qi::Referee(game->clone())), *game);
  qi::Expected<Board> now = parse_position(game->fen());
  check(now.has_value());
  check(perfect_move(*now).has_value() == !game->legal_moves().empty());
  for (int i = 0; i < played; ++i) check(game->undo());
  check(!game->undo());
  check(game->fen() == start);
  return 0;
}
