// Tic-tac-toe's parsers quote what they were given in their errors: the
// quote is valid UTF-8 whatever the bytes were, a character whole.
#include <gtest/gtest.h>

#include "../support/utf8_messages.h"
#include "games/tictactoe/notation.h"
#include "games/tictactoe/tictactoe_game.h"

namespace qi::tictactoe {
namespace {

using test::expect_utf8_messages;

TEST(TicTacToeUtf8Messages, PositionErrorsAreValidUtf8) {
  expect_utf8_messages({"x../.o./... x", ".../.../... x"},
                       [](std::string_view text) -> std::optional<std::string> {
                         Expected<Board> b = parse_position(text);
                         return b ? std::nullopt : std::optional(b.error().message);
                       });
  const Expected<Board> b = parse_position("中/.../... x");
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error().message, "position: '中' on a3 is not x, o or '.'");
}

TEST(TicTacToeUtf8Messages, MoveAndRecordErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game();
  expect_utf8_messages({"b2", "a1"}, [&](std::string_view text) -> std::optional<std::string> {
    Expected<MoveText> m = game->parse_move(text);
    return m ? std::nullopt : std::optional(m.error().message);
  });
  expect_utf8_messages({"[Game \"Tic-tac-toe\"]\n1. b2 a1 2. c3 *\n"},
                       [&](std::string_view text) { return test::record_refusal(text, *game); });
}

}  // namespace
}  // namespace qi::tictactoe
