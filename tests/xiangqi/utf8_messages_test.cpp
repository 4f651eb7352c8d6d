// Xiangqi's parsers quote what they were given in their errors: the quote is
// valid UTF-8 whatever the bytes were, a character whole (Chinese notation
// is mostly characters of three bytes).
#include <gtest/gtest.h>

#include "../support/utf8_messages.h"
#include "games/xiangqi/position.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::xiangqi {
namespace {

using test::expect_utf8_messages;

std::optional<std::string> fen_refusal(std::string_view fen) {
  Expected<Position> p = Position::from_fen(fen);
  return p ? std::nullopt : std::optional(p.error().message);
}

TEST(XiangqiUtf8Messages, FenErrorsAreValidUtf8) {
  expect_utf8_messages({kStartFen, "3ak4/4a4/4b4/9/2p6/9/9/4B4/4A4/2R1KA3 w - - 0 40"}, fen_refusal);
}

TEST(XiangqiUtf8Messages, FenErrorQuotesTheWholeCharacter) {
  EXPECT_EQ(fen_refusal("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN中 w"),
            "FEN: '中' is not a xiangqi piece (use KABNRCP, lowercase for Black)");
  EXPECT_EQ(fen_refusal("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN\xFF w"),
            "FEN: '\\xFF' is not a xiangqi piece (use KABNRCP, lowercase for Black)");
  EXPECT_EQ(fen_refusal("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR 红"),
            "FEN: side to move '红' is not w, r or b");
}

TEST(XiangqiUtf8Messages, MoveErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game();
  expect_utf8_messages({"h2e2", "h2-e2", "C2.5", "炮二平五", "马八进七", "前炮平五", "c3c4", "Ｃ２＝５",
                        "ｈ２ｅ２", "Che2", "Cxh10", "15+1"},
                       [&](std::string_view text) -> std::optional<std::string> {
                         Expected<MoveText> m = game->parse_move(text);
                         return m ? std::nullopt : std::optional(m.error().message);
                       });
}

TEST(XiangqiUtf8Messages, MoveErrorQuotesTheCharacterItCannotRead) {
  const std::unique_ptr<Game> game = make_game();
  const Expected<MoveText> m = game->parse_move("炮二平猫");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().message, "炮二平猫: '猫' has no meaning in move notation");
}

TEST(XiangqiUtf8Messages, PgnErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game();
  expect_utf8_messages({"[Game \"Chinese Chess\"]\n[Red \"红\"]\n\n1. 炮二平五 马8进7 2. 马二进三 *\n",
                        "[Format \"ICCS\"]\n1. h2e2 h9g7 *\n"},
                       [&](std::string_view text) { return test::record_refusal(text, *game); });
}

}  // namespace
}  // namespace qi::xiangqi
