// PGN import and export (the 1994 PGN specification).
#include "games/chess/pgn.h"

#include <gtest/gtest.h>

#include <sstream>

#include "notation_test_util.h"

namespace qi::chess {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::vector<std::string> sans(const PgnGame& game) {
  std::vector<std::string> out;
  Position pos = game.start_position();
  for (Move m : game.moves) {
    out.push_back(to_san(pos, m));
    pos.make(m);
  }
  return out;
}

PgnGame only_game(std::string_view text) {
  Expected<std::vector<PgnGame>> games = read_pgn(text);
  EXPECT_TRUE(games.has_value()) << (games ? "" : games.error().message);
  if (!games || games->size() != 1) {
    ADD_FAILURE() << "expected one game";
    return {};
  }
  return games->front();
}

TEST(ChessPgn, SevenTagRosterFirstInOrder) {
  PgnGame game;
  game.set_tag("ECO", "C20");
  game.set_tag("White", "Anderssen");
  game.set_tag("Annotator", "Qi");
  game.set_tag("Black", "Kieseritzky");
  game.set_tag("Event", "London");
  game.result = "1-0";
  std::vector<std::string> lines = lines_of(write_pgn(game));
  ASSERT_GE(lines.size(), 10u);
  EXPECT_EQ(lines[0], "[Event \"London\"]");
  EXPECT_EQ(lines[1], "[Site \"?\"]");
  EXPECT_EQ(lines[2], "[Date \"????.??.??\"]");
  EXPECT_EQ(lines[3], "[Round \"?\"]");
  EXPECT_EQ(lines[4], "[White \"Anderssen\"]");
  EXPECT_EQ(lines[5], "[Black \"Kieseritzky\"]");
  EXPECT_EQ(lines[6], "[Result \"1-0\"]");
  EXPECT_EQ(lines[7], "[ECO \"C20\"]");
  EXPECT_EQ(lines[8], "[Annotator \"Qi\"]");
  EXPECT_EQ(lines[9], "");
  EXPECT_EQ(lines[10], "1-0");
}

TEST(ChessPgn, ImportPutsTheRosterFirst) {
  PgnGame game = only_game("[White \"A\"]\n[ECO \"B01\"]\n[Event \"E\"]\n\n1. e4 d5 *\n");
  ASSERT_GE(game.tags.size(), 8u);
  EXPECT_EQ(game.tags[0], (std::pair<std::string, std::string>{"Event", "E"}));
  EXPECT_EQ(game.tags[4], (std::pair<std::string, std::string>{"White", "A"}));
  EXPECT_EQ(game.tags[5], (std::pair<std::string, std::string>{"Black", "?"}));
  EXPECT_EQ(game.tags[7], (std::pair<std::string, std::string>{"ECO", "B01"}));
}

TEST(ChessPgn, ReadsMovesNumbersAndResult) {
  PgnGame game =
      only_game("[Event \"Casual\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0\n");
  EXPECT_EQ(sans(game), (std::vector<std::string>{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}));
  EXPECT_EQ(game.result, "1-0");
  EXPECT_EQ(game.tag("Event"), "Casual");
}

TEST(ChessPgn, SkipsCommentsVariationsNagsAndEscapes) {
  PgnGame game = only_game(
      "% an escape line, ignored\n"
      "[Event \"x\"]\n"
      "{A comment before the moves} 1. e4 {best by test} e5 $1 2. Nf3 ( 2. d4 ; to the end of the line\n"
      "exd4 (2... Nc6 {nested (parens) in a comment}) 3. c3 ) 2... Nc6!? 3.Bb5 a6 4.Ba4 1/2-1/2\n");
  EXPECT_EQ(sans(game), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"}));
  EXPECT_EQ(game.result, "1/2-1/2");
  EXPECT_EQ(game.tag("Result"), "1/2-1/2");
}

TEST(ChessPgn, MultipleGames) {
  std::string text =
      "[Event \"one\"]\n\n1. d4 d5 1-0\n\n"
      "[Event \"two\"]\n\n1. e4 c5 2. Nf3 0-1\n\n"
      "[Event \"three\"]\n\n*\n";
  Expected<std::vector<PgnGame>> games = read_pgn(text);
  ASSERT_TRUE(games.has_value()) << games.error().message;
  ASSERT_EQ(games->size(), 3u);
  EXPECT_EQ((*games)[0].tag("Event"), "one");
  EXPECT_EQ((*games)[1].moves.size(), 3u);
  EXPECT_EQ((*games)[1].result, "0-1");
  EXPECT_TRUE((*games)[2].moves.empty());
  EXPECT_EQ((*games)[2].result, "*");
}

TEST(ChessPgn, MissingResultEndsAtTheNextGame) {
  Expected<std::vector<PgnGame>> games = read_pgn("[Result \"0-1\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n");
  ASSERT_TRUE(games.has_value()) << games.error().message;
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ((*games)[0].result, "0-1");
  EXPECT_EQ((*games)[0].moves.size(), 2u);
  EXPECT_EQ((*games)[1].result, "*");
}

TEST(ChessPgn, ResultAfterTheMovesWins) {
  PgnGame game = only_game("[Result \"1-0\"]\n1. e4 e5 0-1\n");
  EXPECT_EQ(game.result, "0-1");
  EXPECT_EQ(game.tag("Result"), "0-1");
}

TEST(ChessPgn, ErrorNamesGameMoveAndReason) {
  std::string text =
      "[Event \"fine\"]\n1. e4 e5 1-0\n\n"
      "[Event \"broken\"]\n"
      "1. d4 d5 2. c4 e6 3. Nc3 c6 4. e3 Bd6 5. Bd3 f5 6. Nf3 Qf6 7. O-O Bd7 8. b3 a6\n"
      "9. Bb2 a5 10. Qc2 b6 11. h3 Ra7 12. Rfe1 Kf7 13. a3 Kg6 14. b4 Nxe5 *\n";
  Expected<std::vector<PgnGame>> games = read_pgn(text);
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message,
            "PGN game 2, move 14 (black): Nxe5 is illegal: no knight can reach e5 (line 6, column 64)");
}

TEST(ChessPgn, AmbiguousMoveIsAnError) {
  Expected<std::vector<PgnGame>> games = read_pgn("1. d4 Nf6 2. c4 d6 3. Nc3 Nd7 *");
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message,
            "PGN game 1, move 3 (black): Nd7 is ambiguous: Nbd7 or Nfd7 (line 1, column 27)");
}

TEST(ChessPgn, SyntaxErrorsGiveLineAndColumn) {
  Expected<std::vector<PgnGame>> unterminated = read_pgn("[Event \"x\"]\n1. e4 {never closed\n");
  ASSERT_FALSE(unterminated.has_value());
  EXPECT_EQ(unterminated.error().message,
            "PGN game 1: line 2, column 7: unterminated comment (a '{' without its '}')");
  Expected<std::vector<PgnGame>> bad_tag = read_pgn("[Event x]\n1. e4 *\n");
  ASSERT_FALSE(bad_tag.has_value());
  EXPECT_EQ(bad_tag.error().message,
            "PGN game 1: line 1, column 8: expected the tag's value in double quotes");
  Expected<std::vector<PgnGame>> paren = read_pgn("1. e4 ( 1. d4 *\n");
  ASSERT_FALSE(paren.has_value());
  EXPECT_EQ(paren.error().message, "PGN game 1: line 1, column 15: the game ends inside a variation");
  Expected<std::vector<PgnGame>> close = read_pgn("1. e4 ) *\n");
  ASSERT_FALSE(close.has_value());
  EXPECT_EQ(close.error().message, "PGN game 1: line 1, column 7: ')' without a '(' before it");
}

TEST(ChessPgn, StreamingReaderGoesOnAfterABadGame) {
  PgnReader reader("1. e4 e5 2. Ke3 *\n\n[Event \"good\"]\n1. d4 *\n");
  Expected<std::optional<PgnGame>> first = reader.next();
  ASSERT_FALSE(first.has_value());
  EXPECT_EQ(first.error().message.rfind("PGN game 1, move 2 (white): Ke3 is illegal", 0), 0u)
      << first.error().message;
  Expected<std::optional<PgnGame>> second = reader.next();
  ASSERT_TRUE(second.has_value()) << second.error().message;
  ASSERT_TRUE(second->has_value());
  EXPECT_EQ((*second)->tag("Event"), "good");
  EXPECT_EQ(reader.games_started(), 2);
  Expected<std::optional<PgnGame>> end = reader.next();
  ASSERT_TRUE(end.has_value());
  EXPECT_FALSE(end->has_value());
}

TEST(ChessPgn, FenTagStartsTheGame) {
  PgnGame game =
      only_game("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n\n30... Kd7 31. e4 Kc6 *\n");
  EXPECT_EQ(game.start_fen, "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30");
  EXPECT_EQ(sans(game), (std::vector<std::string>{"Kd7", "e4", "Kc6"}));
  std::string text = write_pgn(game);
  EXPECT_NE(text.find("[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("\n30... Kd7 31. e4 Kc6 *\n"), std::string::npos) << text;
  EXPECT_EQ(only_game(text), game);
}

TEST(ChessPgn, BadFenTagIsAnError) {
  Expected<std::vector<PgnGame>> games = read_pgn("[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n*\n");
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message.rfind("PGN game 1: FEN tag: ", 0), 0u) << games.error().message;
}

TEST(ChessPgn, OtherVariantsAreRefused) {
  Expected<std::vector<PgnGame>> games = read_pgn("[Variant \"Crazyhouse\"]\n1. e4 *\n");
  ASSERT_FALSE(games.has_value());
  EXPECT_EQ(games.error().message,
            "PGN game 1: the variant 'Crazyhouse' is not supported (standard chess only)");
  EXPECT_TRUE(read_pgn("[Variant \"Standard\"]\n1. e4 *\n").has_value());
}

TEST(ChessPgn, TagValuesEscapeQuotesAndBackslashes) {
  PgnGame game;
  game.set_tag("Event", "The \"Immortal\" game \\ London");
  std::string text = write_pgn(game);
  EXPECT_NE(text.find("[Event \"The \\\"Immortal\\\" game \\\\ London\"]"), std::string::npos) << text;
  EXPECT_EQ(only_game(text).tag("Event"), "The \"Immortal\" game \\ London");
}

TEST(ChessPgn, ExportWrapsLinesBefore80Columns) {
  // A long random game from the start.
  PgnGame game;
  Position pos;
  SplitMix64 rng(42);
  for (int ply = 0; ply < 300; ++ply) {
    std::vector<Move> moves = testing::legal_moves(pos);
    if (moves.empty() || pos.result() != Result::None) break;
    Move m = moves[rng.below(moves.size())];
    game.moves.push_back(m);
    pos.make(m);
  }
  game.final_comment = "a long final comment that must also be wrapped at the width like everything else";
  std::string text = write_pgn(game);
  int movetext_lines = 0;
  for (const std::string& line : lines_of(text)) {
    EXPECT_LE(line.size(), 79u) << line;
    movetext_lines += !line.empty() && line[0] != '[';
  }
  EXPECT_GT(movetext_lines, 5);
  PgnGame back = only_game(text);
  EXPECT_EQ(back.moves, game.moves);
}

TEST(ChessPgn, RoundTripsRandomGames) {
  SplitMix64 rng(9);
  std::string all;
  std::vector<PgnGame> written;
  for (int g = 0; g < 20; ++g) {
    PgnGame game;
    game.set_tag("Round", std::to_string(g + 1));
    Position pos;
    if (g % 3 == 1) {
      pos = testing::position("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 3 17");
      game.start_fen = pos.fen();
    }
    for (int ply = 0; ply < 120; ++ply) {
      std::vector<Move> moves = testing::legal_moves(pos);
      if (moves.empty()) break;
      Move m = moves[rng.below(moves.size())];
      game.moves.push_back(m);
      pos.make(m);
    }
    game.result = g % 4 == 0 ? "1-0" : g % 4 == 1 ? "0-1" : g % 4 == 2 ? "1/2-1/2" : "*";
    game.set_tag("Result", game.result);
    written.push_back(game);
    all += write_pgn(game);
  }
  Expected<std::vector<PgnGame>> read = read_pgn(all);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  EXPECT_EQ(*read, written);
}

TEST(ChessPgn, EmptyTextHasNoGames) {
  Expected<std::vector<PgnGame>> games = read_pgn("  \n{just a comment}\n% escape\n");
  ASSERT_TRUE(games.has_value());
  EXPECT_TRUE(games->empty());
}

}  // namespace
}  // namespace qi::chess
