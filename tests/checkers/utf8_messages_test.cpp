// The draughts parsers quote what they were given in their errors: the
// quote is valid UTF-8 whatever the bytes were, a character whole.
#include <gtest/gtest.h>

#include "../support/utf8_messages.h"
#include "games/checkers/checkers_game.h"

namespace qi::checkers {
namespace {

using test::expect_utf8_messages;

TEST(CheckersUtf8Messages, FenErrorsAreValidUtf8) {
  for (const char* variant : {"english", "international"}) {
    const std::unique_ptr<Game> game = make_game(variant);
    expect_utf8_messages({"B:W21-32:B1-12", "W:W18,24,K10:B12,K22", "\"B:W21,22:B1,2.\""},
                         [&](std::string_view fen) -> std::optional<std::string> {
                           Status s = game->set_fen(fen);
                           return s ? std::nullopt : std::optional(s.error().message);
                         });
  }
}

TEST(CheckersUtf8Messages, FenErrorQuotesTheWholeCharacter) {
  const std::unique_ptr<Game> game = make_game("english");
  Status s = game->set_fen("B:W21,中:B1");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().message, "FEN: '中' is not a square: expected a number 1-32");
  s = game->set_fen("中:W21:B1");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().message, "FEN: expected the side to move (W or B) before the first ':', found '中'");
}

TEST(CheckersUtf8Messages, MoveErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game("english");
  expect_utf8_messages({"11-15", "9x18", "1115", "c3-d4"},
                       [&](std::string_view text) -> std::optional<std::string> {
                         Expected<MoveText> m = game->parse_move(text);
                         return m ? std::nullopt : std::optional(m.error().message);
                       });
  const Expected<MoveText> m = game->parse_move("11-中");
  ASSERT_FALSE(m);
  EXPECT_NE(m.error().message.find("'中' is not a square"), std::string::npos) << m.error().message;
}

TEST(CheckersUtf8Messages, PdnErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game("english");
  expect_utf8_messages({"[GameType \"21\"]\n[Event \"x\"]\n1. 11-15 23-19 2. 8-11 *\n",
                        "[GameType \"21\"]\n[FEN \"B:W16,19:B12\"]\n1-0\n"},
                       [&](std::string_view text) { return test::record_refusal(text, *game); });
}

}  // namespace
}  // namespace qi::checkers
