// Every registered game's lessons teach what they say, checked by the rules
// (learn/lesson_check.h), and the count of what they teach is computed from
// the rules themselves.
#include "learn/lesson_check.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/registry.h"

namespace qi::learn {
namespace {

TEST(Lessons, EveryStepOfEveryGameTeachesWhatItSays) {
  for (const GameRegistration* game : registered_games()) {
    const std::vector<std::string> problems = check_lessons(*game);
    for (const std::string& p : problems) ADD_FAILURE() << p;
  }
}

// Coverage, counted from the rules: every code a move on the board can bring
// and every ending of every registered game is taught by at least one step.
TEST(Lessons, EveryBoardRuleAndEndingOfEveryGameIsTaught) {
  for (const GameRegistration* game : registered_games()) {
    if (!game->lessons) continue;
    const Coverage c = coverage(*game);
    EXPECT_GT(c.board_codes.size() + c.endings.size(), 0u) << c.game;
    EXPECT_TRUE(c.untaught().empty())
        << c.game << " teaches none of " << ::testing::PrintToString(c.untaught());
  }
}

// The floor for each course: enough steps for a beginner to learn a
// game from (the flying-king variants count their own stages' steps).
TEST(Lessons, EachCourseHasTheStepsABeginnerNeeds) {
  auto steps_of = [](const char* game, std::string_view variant) {
    for (const LessonCourse& course : find_game(game)->lessons->courses)
      if (course.variant == variant) return step_count(course);
    return 0;
  };
  EXPECT_GE(steps_of("chess", ""), 60);
  EXPECT_GE(steps_of("xiangqi", ""), 60);
  EXPECT_GE(steps_of("checkers", "english"), 30);
  for (const char* flying : {"russian", "brazilian", "international"})
    EXPECT_GE(steps_of("checkers", flying), 15) << flying;
  EXPECT_GE(steps_of("tictactoe", ""), 10);
}

TEST(Lessons, AStepThatDoesNotTeachWhatItSaysIsAProblem) {
  const GameRegistration& chess = *find_game("chess");
  // The refused move is legal, the taught code is not shown, and the
  // solution misses the goal.
  constexpr LessonStep wrong{.id = "wrong",
                             .fen = "7k/8/8/8/8/8/8/R6K w - - 0 1",
                             .goal = LessonGoal::Check,
                             .en = "Give check.",
                             .zh = "将军。",
                             .solution = "a1a2",
                             .refused = "a1a3",
                             .teaches = "pinned"};
  const std::vector<std::string> problems = check_step(chess, "", wrong);
  auto says = [&](const std::string& words) {
    return std::any_of(problems.begin(), problems.end(),
                       [&](const std::string& p) { return p.find(words) != std::string::npos; });
  };
  EXPECT_TRUE(says("a1a3 is legal")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(says("teaches pinned but no refused move")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(says("misses the goal")) << ::testing::PrintToString(problems);
}

TEST(Lessons, NoClickBringsACodeFiledAsANotations) {
  for (const GameRegistration* game : registered_games()) {
    const Coverage c = coverage(*game);
    EXPECT_TRUE(c.misfiled.empty()) << c.game << ": " << ::testing::PrintToString(c.misfiled);
  }
}

TEST(Lessons, TheBoardsRulesAndTheNotationsAreCountedApart) {
  const Coverage c = coverage(*find_game("chess"));
  auto has = [](const std::vector<std::string>& list, const char* code) {
    return std::find(list.begin(), list.end(), code) != list.end();
  };
  EXPECT_TRUE(has(c.board_codes, "knight_move_shape"));
  EXPECT_TRUE(has(c.board_codes, "castle_through_check"));
  EXPECT_TRUE(has(c.notation_codes, "ambiguous"));
  EXPECT_TRUE(has(c.endings, "checkmate"));
}

}  // namespace
}  // namespace qi::learn
