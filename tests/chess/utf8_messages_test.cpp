// Chess's parsers quote what they were given in their errors: the quote is
// valid UTF-8 whatever the bytes were, a character whole.
#include <gtest/gtest.h>

#include "../support/utf8_messages.h"
#include "games/chess/chess_game.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

using test::expect_utf8_messages;

std::optional<std::string> fen_refusal(std::string_view fen) {
  Expected<Position> p = Position::from_fen(fen);
  return p ? std::nullopt : std::optional(p.error().message);
}

TEST(ChessUtf8Messages, FenErrorsAreValidUtf8) {
  expect_utf8_messages(
      {Position::kStartFen, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
       "8/8/8/3pP3/8/8/8/K6k w - d6 0 1"},
      fen_refusal);
}

TEST(ChessUtf8Messages, FenErrorQuotesTheWholeCharacter) {
  EXPECT_EQ(fen_refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN中 w KQkq - 0 1"),
            "FEN: unknown piece letter '中' in rank 1");
  EXPECT_EQ(fen_refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xFF w KQkq - 0 1"),
            "FEN: unknown piece letter '\\xFF' in rank 1");
  EXPECT_EQ(fen_refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQk中 - 0 1"),
            "FEN: unknown castling letter '中'");
  EXPECT_EQ(fen_refusal("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR 中 KQkq - 0 1"),
            "FEN: side to move must be 'w' or 'b', not '中'");
}

TEST(ChessUtf8Messages, MoveErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game();
  ASSERT_TRUE(game->set_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"));
  expect_utf8_messages({"Nf3", "e2e4", "exd5", "O-O", "O-O-O", "e8=Q", "Qxe6+", "a7a8q"},
                       [&](std::string_view text) -> std::optional<std::string> {
                         Expected<MoveText> m = game->parse_move(text);
                         return m ? std::nullopt : std::optional(m.error().message);
                       });
  const Expected<MoveText> bad = game->parse_move("N中3");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("N中3"), std::string::npos) << bad.error().message;
}

TEST(ChessUtf8Messages, PgnErrorsAreValidUtf8) {
  const std::unique_ptr<Game> game = make_game();
  expect_utf8_messages({"[Event \"x\"]\n[Variant \"chess\"]\n\n1. e4 {a note} e5 2. Nf3 (2. f4) 1-0\n",
                        "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n1. Kb2 *\n"},
                       [&](std::string_view text) { return test::record_refusal(text, *game); });
}

}  // namespace
}  // namespace qi::chess
