#include "app/ratings.h"

#include "engine/level_elo.h"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace qi::app {
namespace {

// The level -> Elo rows of docs/levels.md ("| Elo (chess, 10+0.1) | 960 | ... |"),
// by the game each names first.
std::map<std::string, std::vector<int>> documented_level_elo() {
  std::ifstream doc(std::string(QI_SOURCE_DIR) + "/docs/levels.md");
  std::map<std::string, std::vector<int>> tables;
  for (std::string line; std::getline(doc, line);) {
    if (!line.starts_with("| Elo (")) continue;
    const std::string game = line.substr(7, line.find_first_of(",)", 7) - 7);
    std::istringstream cells(line.substr(line.find('|', 1) + 1));
    std::string cell;
    while (std::getline(cells, cell, '|'))
      if (cell.find_first_of("0123456789") != std::string::npos) tables[game].push_back(std::stoi(cell));
  }
  return tables;
}

TEST(Ratings, EngineLevelsCarryTheCalibratedEloInIncreasingOrder) {
  for (const char* game : {"chess", "xiangqi", "checkers"})
    for (int level = 2; level <= 10; ++level) {
      EXPECT_GT(engine_level_elo(game, level).value(), engine_level_elo(game, level - 1).value())
          << game << " " << level;
      EXPECT_GT(engine_level_points(level), engine_level_points(level - 1));
    }
}

TEST(Ratings, EngineLevelEloIsEachGamesTableOfDocsLevels) {
  const std::map<std::string, std::vector<int>> documented = documented_level_elo();
  for (const engine::LevelTable* table : engine::level_tables()) {
    const std::string game(table->game);
    ASSERT_TRUE(documented.contains(game)) << "docs/levels.md has no level -> Elo row for " << game;
    ASSERT_EQ(documented.at(game).size(), 10u) << game;
    for (int level = 1; level <= 10; ++level)
      EXPECT_EQ(engine_level_elo(game, level).value(), documented.at(game)[level - 1])
          << game << " " << level;
  }
  EXPECT_EQ(documented.size(), engine::level_tables().size()) << "a table in docs/levels.md the code lacks";
}

// Tic-tac-toe was measured against no anchor (every good player draws): its
// levels carry no Elo rather than another game's.
TEST(Ratings, GamesWithoutAnAnchorHaveNoEloForTheirLevels) {
  EXPECT_EQ(engine::level_table("tictactoe"), nullptr);
  EXPECT_FALSE(engine_level_elo("tictactoe", 5).has_value());
  EXPECT_NE(engine::level_table("xiangqi"), engine::level_table("chess"));
  EXPECT_NE(engine::level_table("checkers"), engine::level_table("chess"));
}

TEST(Ratings, EachDraughtsGameAndChess960AreRatedApart) {
  EXPECT_EQ(rating_key("chess", ""), "chess");
  EXPECT_EQ(rating_key("chess", "chess960"), "chess960");
  EXPECT_EQ(rating_key("checkers", "english"), "checkers");
  EXPECT_EQ(rating_key("checkers", ""), "checkers");
  EXPECT_EQ(rating_key("checkers", "russian"), "draughts-russian");
  EXPECT_EQ(rating_key("checkers", "brazilian"), "draughts-brazilian");
  EXPECT_EQ(rating_key("checkers", "international"), "draughts-international");
}

TEST(Ratings, AWinRaisesBothEloAndLevelPoints) {
  EloAndLevelPoints system;
  Rating before{1, "chess", 1500, 0, level_points_json(0)};
  Rating after = system.update(before, {engine_level_elo("chess", 5).value(), engine_level_points(5)}, 1.0);
  EXPECT_GT(after.elo, before.elo);
  EXPECT_EQ(after.games, 1);
  EXPECT_GT(level_points_of(after), 0);
}

TEST(Ratings, ALossLowersBothEloAndLevelPoints) {
  EloAndLevelPoints system;
  Rating before{1, "chess", 1500, 0, level_points_json(500)};
  // The lower side (level 1: 300 points) wins: it gains d / 2 = 100, which the loser loses.
  Rating after = system.update(before, {engine_level_elo("chess", 1).value(), engine_level_points(1)}, 0.0);
  EXPECT_LT(after.elo, before.elo);
  EXPECT_EQ(level_points_of(after), 400);
}

TEST(Ratings, LevelPointsMayGoBelowZero) {
  EloAndLevelPoints system;
  Rating after = system.update({1, "chess", 1500, 0, ""}, {1500, 0}, 0.0);
  EXPECT_EQ(level_points_of(after), -10);
}

TEST(Ratings, EloFollowsFideKFactorOfFortyForNewPlayers) {
  EloAndLevelPoints system;
  // Equal ratings: expected 0.5, K = 40 for the first 30 games, so a win is +20.
  Rating after = system.update({1, "chess", 1500, 3, ""}, {1500, 0}, 1.0);
  EXPECT_NEAR(after.elo, 1520, 1e-9);
  // After 30 games K is 20.
  Rating later = system.update({1, "chess", 1500, 30, ""}, {1500, 0}, 1.0);
  EXPECT_NEAR(later.elo, 1510, 1e-9);
}

TEST(Ratings, LevelPointsJsonNamesTheLevel) {
  Rating r{1, "chess", 1500, 1, level_points_json(250)};
  EXPECT_EQ(level_points_of(r), 250);
  EXPECT_NE(r.level_points.find("\"level\":29"), std::string::npos) << r.level_points;
}

}  // namespace
}  // namespace qi::app
