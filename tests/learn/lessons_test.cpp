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
