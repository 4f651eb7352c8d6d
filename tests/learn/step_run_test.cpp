// A lesson's step played by the rules: refused moves come back with the
// rule's words, a legal move that misses the goal is taken back with words
// saying why, the solution's line is answered by its scripted replies, and
// stars go by the moves spent.
#include "learn/step_run.h"

#include <gtest/gtest.h>

#include "engine/registry.h"

namespace qi::learn {
namespace {

const GameRegistration& chess() { return *find_game("chess"); }

// The rook collects two stars; Black's king is alone and passes.
constexpr LessonStep kRookStars{.id = "rook-stars",
                                .fen = "7k/8/8/8/8/8/8/R6K w - - 0 1",
                                .goal = LessonGoal::Stars,
                                .en = "Move the rook onto every star.",
                                .zh = "把车走到每一颗星上。",
                                .solution = "a1a5 a5e5",
                                .stars = "a5 e5"};

TEST(StepRun, StarsAreCollectedWhileTheOtherSidePasses) {
  Expected<StepRun> run = StepRun::start(chess(), "", kRookStars);
  ASSERT_TRUE(run) << run.error().message;
  StepAnswer a = run->play("a1a5");
  EXPECT_EQ(a.kind, StepAnswer::Kind::Going);
  EXPECT_EQ(run->stars_left(), std::vector<std::string>{"e5"});
  EXPECT_EQ(run->game().side_to_move(), Side::First) << "Black passed";
  a = run->play("a5e5");
  EXPECT_EQ(a.kind, StepAnswer::Kind::Done);
  EXPECT_EQ(a.stars, 3);
}

TEST(StepRun, ARefusedMoveComesBackWithTheRulesCode) {
  Expected<StepRun> run = StepRun::start(chess(), "", kRookStars);
  ASSERT_TRUE(run);
  const StepAnswer a = run->play("a1b2");
  EXPECT_EQ(a.kind, StepAnswer::Kind::Refused);
  EXPECT_EQ(a.refusal.code, "rook_move_shape");
  EXPECT_EQ(run->learner_moves(), 0);
}

TEST(StepRun, MoreMovesThanParEarnFewerStars) {
  Expected<StepRun> run = StepRun::start(chess(), "", kRookStars);
  ASSERT_TRUE(run);
  for (const char* move : {"a1a2", "a2a3", "a3a5", "a5e5"}) run->play(move);
  ASSERT_TRUE(run->done());
  Expected<StepRun> again = StepRun::start(chess(), "", kRookStars);
  StepAnswer last;
  for (const char* move : {"a1a2", "a2a3", "a3a4", "a4a5", "a5b5", "b5e5"}) last = again->play(move);
  EXPECT_EQ(last.kind, StepAnswer::Kind::Done);
  EXPECT_EQ(last.stars, 1);
}

// Mate in one with the rook on the back rank; the move that only checks
// misses and is taken back.
constexpr LessonStep kBackRankMate{.id = "back-rank",
                                   .fen = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
                                   .goal = LessonGoal::Ending,
                                   .en = "Checkmate in one move.",
                                   .zh = "一步将死对方。",
                                   .solution = "a1a8",
                                   .ending = "checkmate",
                                   .teaches = "checkmate"};

TEST(StepRun, ALegalMoveThatMissesTheGoalIsTakenBackWithWords) {
  Expected<StepRun> run = StepRun::start(chess(), "", kBackRankMate);
  ASSERT_TRUE(run);
  const std::string before = run->game().fen();
  const StepAnswer a = run->play("a1a7");
  EXPECT_EQ(a.kind, StepAnswer::Kind::Missed);
  EXPECT_FALSE(a.missed.en.empty());
  EXPECT_FALSE(a.missed.zh.empty());
  EXPECT_EQ(run->game().fen(), before) << "taken back";
  const StepAnswer mate = run->play("a1a8");
  EXPECT_EQ(mate.kind, StepAnswer::Kind::Done);
  EXPECT_EQ(mate.stars, 2) << "one miss costs a star";
}

// Mate in two on a scripted line: the reply is the step's.
constexpr LessonStep kMateInTwo{.id = "two-rooks",
                                .fen = "7k/8/8/8/8/8/1R6/R5K1 w - - 0 1",
                                .goal = LessonGoal::Ending,
                                .en = "Checkmate in two moves.",
                                .zh = "两步将死对方。",
                                .solution = "b2b7 h8g8 a1a8",
                                .ending = "checkmate",
                                .within = true};

TEST(StepRun, TheSolutionsLineIsAnsweredByItsScriptedReplies) {
  Expected<StepRun> run = StepRun::start(chess(), "", kMateInTwo);
  ASSERT_TRUE(run);
  const StepAnswer first = run->play("b2b7");
  ASSERT_EQ(first.kind, StepAnswer::Kind::Going);
  ASSERT_EQ(first.replies.size(), 1u);
  EXPECT_EQ(first.replies[0].id, "h8g8");
  EXPECT_EQ(run->play("a1a8").kind, StepAnswer::Kind::Done);
}

TEST(StepRun, AStepWhosePositionIsOverCannotStart) {
  LessonStep over = kBackRankMate;
  over.fen = "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1";
  EXPECT_FALSE(StepRun::start(chess(), "", over));
}

}  // namespace
}  // namespace qi::learn
