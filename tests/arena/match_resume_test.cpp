// A match goes on from its PGN file: the games it holds are counted and not
// played again; a file of another match is refused, naming the record.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "arena/match.h"
#include "arena/match_resume.h"
#include "arena_test_support.h"

namespace qi::arena {
namespace {

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

GameSettings chess_at_depth_one() {
  GameSettings s;
  s.game = "chess";
  s.tc = *parse_time_control("depth=1");
  return s;
}

TEST(MatchResume, AResumedMatchPlaysOnlyTheGamesItsFileLacksAndCountsThemAll) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  const auto pgn =
      std::filesystem::temp_directory_path() / ("qi_resume_" + std::to_string(::getpid()) + ".pgn");
  std::filesystem::remove(pgn);
  MatchOptions m;
  m.players = {test::builtin("random"), test::builtin("builtin")};
  m.settings = chess_at_depth_one();
  m.pgn_path = pgn.string();
  m.games = 4;
  std::ostringstream first_part;
  ASSERT_TRUE(run_match(m, first_part));

  m.games = 10;
  m.resume = true;
  std::ostringstream rest;
  Expected<MatchResult> r = run_match(m, rest);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_NE(rest.str().find("4 games played"), std::string::npos) << rest.str();
  EXPECT_EQ(rest.str().find("Finished game 4 "), std::string::npos) << "game 4 played again";
  EXPECT_NE(rest.str().find("Finished game 10 "), std::string::npos);
  EXPECT_EQ(r->counts.games(), 10);
  int pairs = 0;
  for (int c : r->pairs) pairs += c;
  EXPECT_EQ(pairs, 5);

  // The file holds each game once, and its results are the match's counts.
  const std::array<std::string, 2> names = {m.players[0].display_name(), m.players[1].display_name()};
  auto played = games_in_file(read_text(pgn), names, m.settings);
  ASSERT_TRUE(played) << played.error().message;
  ASSERT_EQ(played->size(), 10u);
  EXPECT_EQ(played->begin()->first, 1);
  EXPECT_EQ(played->rbegin()->first, 10);
  int wins = 0, losses = 0;
  for (const auto& [number, g] : *played) {
    if (g.outcome.verdict != Verdict::Win) continue;
    ((g.outcome.winner == Side::First) == g.first_player_moved_first ? wins : losses) += 1;
  }
  EXPECT_EQ(wins, r->counts.wins);
  EXPECT_EQ(losses, r->counts.losses);

  // Resumed again with nothing left: nothing is played.
  std::ostringstream nothing;
  r = run_match(m, nothing);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->counts.games(), 10);
  EXPECT_EQ(nothing.str().find("Finished game"), std::string::npos);
  std::filesystem::remove(pgn);
}

const char* kThreeGames = R"([Event "Qi match"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[TimeControl "-"]

1. e4 {0.1s} e5 {0.1s} 1-0

[Event "Qi match"]
[Round "2"]
[White "B"]
[Black "A"]
[Result "1/2-1/2"]

1. d4 d5 1/2-1/2

[Event "Qi match"]
[Round "3"]
[White "A"]
[Black "B"]
[Result "*"]

1. c4 *
)";

TEST(MatchResume, FinishedGamesAreCountedAndAnUnfinishedOneIsPlayedAgain) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  GameSettings s = chess_at_depth_one();
  auto played = games_in_file(kThreeGames, {"A", "B"}, s);
  ASSERT_TRUE(played) << played.error().message;
  ASSERT_EQ(played->size(), 2u);
  EXPECT_TRUE(played->at(1).first_player_moved_first);
  EXPECT_EQ(played->at(1).outcome.verdict, Verdict::Win);
  EXPECT_EQ(played->at(1).outcome.winner, Side::First);
  EXPECT_FALSE(played->at(2).first_player_moved_first);
  EXPECT_EQ(played->at(2).outcome.verdict, Verdict::Draw);
  EXPECT_EQ(played->count(3), 0u);
}

TEST(MatchResume, AnotherMatchsFileIsRefusedNamingTheRecord) {
  if (!test::has_game("chess")) GTEST_SKIP() << "chess is not registered in this build";
  GameSettings s = chess_at_depth_one();
  auto swapped = games_in_file(kThreeGames, {"B", "A"}, s);
  ASSERT_FALSE(swapped);
  EXPECT_NE(swapped.error().message.find("record 1"), std::string::npos) << swapped.error().message;
  EXPECT_NE(swapped.error().message.find("another match's file"), std::string::npos);
  s.tc = *parse_time_control("10+0.1");
  auto other_clock = games_in_file(kThreeGames, {"A", "B"}, s);
  ASSERT_FALSE(other_clock);
  EXPECT_NE(other_clock.error().message.find("time control"), std::string::npos)
      << other_clock.error().message;
  auto no_round = games_in_file("[Round \"x\"]\n[White \"A\"]\n[Black \"B\"]\n\n*\n", {"A", "B"}, s);
  ASSERT_FALSE(no_round);
  EXPECT_NE(no_round.error().message.find("not a game number"), std::string::npos);
}

}  // namespace
}  // namespace qi::arena
