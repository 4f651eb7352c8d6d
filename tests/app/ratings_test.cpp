#include "app/ratings.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace qi::app {
namespace {

// The level -> Elo row of docs/levels.md ("| Elo (chess, ...) | 970 | ... |").
std::vector<double> documented_level_elo() {
  std::ifstream doc(std::string(QI_SOURCE_DIR) + "/docs/levels.md");
  std::string line;
  while (std::getline(doc, line)) {
    if (!line.starts_with("| Elo (")) continue;
    std::vector<double> elo;
    std::istringstream cells(line.substr(line.find('|', 1) + 1));
    std::string cell;
    while (std::getline(cells, cell, '|'))
      if (cell.find_first_of("0123456789") != std::string::npos) elo.push_back(std::stod(cell));
    return elo;
  }
  return {};
}

TEST(Ratings, EngineLevelsCarryTheCalibratedEloInIncreasingOrder) {
  for (int level = 2; level <= 10; ++level) {
    EXPECT_GT(engine_level_elo(level), engine_level_elo(level - 1));
    EXPECT_GT(engine_level_points(level), engine_level_points(level - 1));
  }
}

TEST(Ratings, EngineLevelEloIsTheTableOfDocsLevels) {
  const std::vector<double> documented = documented_level_elo();
  ASSERT_EQ(documented.size(), 10u) << "docs/levels.md has no level -> Elo row of ten levels";
  for (int level = 1; level <= 10; ++level)
    EXPECT_EQ(engine_level_elo(level), documented[level - 1]) << level;
}

TEST(Ratings, AWinRaisesBothEloAndLevelPoints) {
  ArenaRatingSystem system;
  Rating before{1, "chess", 1500, 0, level_points_json(0)};
  Rating after = system.update(before, {engine_level_elo(5), engine_level_points(5)}, 1.0);
  EXPECT_GT(after.elo, before.elo);
  EXPECT_EQ(after.games, 1);
  EXPECT_GT(level_points_of(after), 0);
}

TEST(Ratings, ALossLowersBothEloAndLevelPoints) {
  ArenaRatingSystem system;
  Rating before{1, "chess", 1500, 0, level_points_json(500)};
  // The lower side (level 1: 300 points) wins: it gains d / 2 = 100, which the loser loses.
  Rating after = system.update(before, {engine_level_elo(1), engine_level_points(1)}, 0.0);
  EXPECT_LT(after.elo, before.elo);
  EXPECT_EQ(level_points_of(after), 400);
}

TEST(Ratings, LevelPointsMayGoBelowZero) {
  ArenaRatingSystem system;
  Rating after = system.update({1, "chess", 1500, 0, ""}, {1500, 0}, 0.0);
  EXPECT_EQ(level_points_of(after), -10);
}

TEST(Ratings, EloFollowsFideKFactorOfFortyForNewPlayers) {
  ArenaRatingSystem system;
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
