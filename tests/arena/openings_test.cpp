#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "arena/openings.h"
#include "arena_test_support.h"

namespace qi::arena {
namespace {

std::unique_ptr<Game> game_of(const char* name) {
  Expected<std::unique_ptr<Game>> g = make_game(name);
  return g ? std::move(*g) : nullptr;
}

TEST(OpeningsFile, FenLinesWithCommentsAndBlankLines) {
  auto game = game_of("tictactoe");
  ASSERT_TRUE(game);
  Expected<std::vector<Opening>> openings =
      parse_openings("# centre openings\nx../.o./... x\n\n.../.x./... o  # after b2\n", *game);
  ASSERT_TRUE(openings) << openings.error().message;
  ASSERT_EQ(openings->size(), 2u);
  EXPECT_EQ((*openings)[1].fen, ".../.x./... o");
  EXPECT_TRUE((*openings)[0].moves.empty());
  EXPECT_EQ(game->fen(), game->start_fen());  // left at the start
}

TEST(OpeningsFile, BadLineNamesItsNumber) {
  auto game = game_of("tictactoe");
  Expected<std::vector<Opening>> openings = parse_openings(".../.../... x\nxxx/.../... o\n", *game);
  ASSERT_FALSE(openings);
  EXPECT_NE(openings.error().message.find("line 2"), std::string::npos) << openings.error().message;
}

TEST(OpeningsFile, FinishedPositionsAreRefused) {
  auto game = game_of("tictactoe");
  Expected<std::vector<Opening>> openings = parse_openings("xxx/oo./... o\n", *game);
  EXPECT_FALSE(openings);
  EXPECT_FALSE(parse_openings("\n\n# nothing\n", *game));
}

// read_openings: the file's own errors and its openings' errors both name it.
TEST(OpeningsFile, ReadFromAFileWhoseErrorsNameIt) {
  auto game = game_of("tictactoe");
  const std::string path = testing::TempDir() + "qi_openings_test_" + std::to_string(::getpid()) + ".txt";
  {
    std::ofstream out(path);
    out << "x../.o./... x\n.../.x./... o\n";
  }
  Expected<std::vector<Opening>> openings = read_openings(path, *game);
  ASSERT_TRUE(openings) << openings.error().message;
  EXPECT_EQ(openings->size(), 2u);
  {
    std::ofstream out(path);
    out << ".../.../... x\nxxx/.../... o\n";
  }
  openings = read_openings(path, *game);
  ASSERT_FALSE(openings);
  EXPECT_NE(openings.error().message.find(path + ": "), std::string::npos) << openings.error().message;
  EXPECT_NE(openings.error().message.find("line 2"), std::string::npos) << openings.error().message;
  std::remove(path.c_str());
  openings = read_openings(path, *game);
  ASSERT_FALSE(openings);
  EXPECT_NE(openings.error().message.find("cannot read '" + path + "'"), std::string::npos);
}

TEST(OpeningsFile, EpdLinesDropOperations) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  auto game = game_of("chess");
  Expected<std::vector<Opening>> openings = parse_openings(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"open\";\n"
      "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq -\n",
      *game);
  ASSERT_TRUE(openings) << openings.error().message;
  ASSERT_EQ(openings->size(), 2u);
  EXPECT_EQ((*openings)[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

TEST(OpeningsFile, PgnGamesGiveTheirMoves) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  auto game = game_of("chess");
  Expected<std::vector<Opening>> openings = parse_openings(
      "[Event \"a\"]\n[Site \"?\"]\n\n1. e4 {king pawn} e5 2. Nf3 (2. f4 exf4) Nc6 $1 *\n\n"
      "[Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1.e4 Kd7 1/2-1/2\n",
      *game);
  ASSERT_TRUE(openings) << openings.error().message;
  ASSERT_EQ(openings->size(), 2u);
  EXPECT_EQ((*openings)[0].moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}));
  EXPECT_EQ((*openings)[1].fen, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  EXPECT_EQ((*openings)[1].moves.size(), 2u);
  ASSERT_TRUE(apply_opening((*openings)[0], *game));
  EXPECT_EQ(game->moves_played().size(), 4u);
}

TEST(OpeningsFile, IllegalPgnMoveIsNamed) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  auto game = game_of("chess");
  Expected<std::vector<Opening>> openings = parse_openings("1. e4 e5 2. Ke3 *\n", *game);
  ASSERT_FALSE(openings);
  EXPECT_NE(openings.error().message.find("Ke3"), std::string::npos) << openings.error().message;
}

}  // namespace
}  // namespace qi::arena
