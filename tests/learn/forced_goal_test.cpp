// A step's moves off its script judged by what they still force
// (learn/forced_goal.h): another good move is on the way and the other side
// defends, a move that lets it escape is taken back naming the escape, the
// script keeps its replies, and a spent budget falls back on the script.
// The steps are the courses' own.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <stdexcept>

#include "engine/registry.h"
#include "learn/forced_goal.h"
#include "learn/lessons_json.h"
#include "learn/step_run.h"

namespace qi::learn {
namespace {

// A course's step started; a step the courses no longer have fails the test
// (gtest reports the exception).
StepRun start(std::string_view game, std::string_view variant, std::string_view id) {
  const GameRegistration* g = find_game(game);
  const LessonStep* step = g ? find_step(*g, variant, id) : nullptr;
  if (!step) throw std::runtime_error(std::string(game) + " has no step " + std::string(id));
  Expected<StepRun> run = StepRun::start(*g, variant, *step);
  if (!run) throw std::runtime_error(run.error().message);
  return std::move(*run);
}

// Every step of every course whose judgments are searched (a win, capture
// or check of two moves or more), started: visit(game, course, step, run).
template <class Visit>
void each_searched_step(Visit&& visit) {
  for (const GameRegistration* game : registered_games())
    for_each_step(game->lessons, [&](const LessonCourse& course, const LessonStep& step) {
      Expected<StepRun> run = StepRun::start(*game, course.variant, step);
      ASSERT_TRUE(run) << step.id;
      if (run->searched() && run->moves_allowed() >= 2) visit(*game, course, step, *run);
    });
}

// The learner's other move is on the way: the other side answers `reply`,
// and `finish` reaches the goal in par, for three stars.
void expect_other_way(StepRun run, const char* other, const char* reply, const char* finish) {
  const std::vector<std::string> line = StepRun::learner_line(run.step());
  ASSERT_NE(line.front(), other) << "the test's move must be off the script";
  const StepAnswer going = run.play(other);
  ASSERT_EQ(going.kind, StepAnswer::Kind::Going) << going.missed.en;
  ASSERT_EQ(going.replies.size(), 1u);
  EXPECT_EQ(going.replies[0].id, reply);
  EXPECT_GT(run.last_search_nodes(), 0u);
  const StepAnswer done = run.play(finish);
  EXPECT_EQ(done.kind, StepAnswer::Kind::Done);
  EXPECT_EQ(done.stars, 3);
}

TEST(StepRunForced, ChessAcceptsAnotherMateInTwo) {
  // The script closes the seventh row with the a-rook; the b-rook does as well.
  expect_other_way(start("chess", "", "mate-in-two-rooks"), "b2b7", "h8g8", "a1a8");
  // Any waiting rook move on the first row leaves Black only Kb8.
  expect_other_way(start("chess", "", "mate-in-two-rook"), "h1g1", "a8b8", "g1g8");
}

TEST(StepRunForced, XiangqiAcceptsAnotherMateInTwo) {
  // The chariot on f7 shuts the general in; the other mates on the e-file.
  expect_other_way(start("xiangqi", "", "mate-in-two-facing"), "h7f7", "e8e9", "i1e1");
}

TEST(StepRunForced, CheckersAcceptsAnotherWayToTheGoal) {
  // The king on 20 may wait on 24 as well as on 16.
  expect_other_way(start("checkers", "english", "trap-the-king"), "20-24", "4-8", "11x4");
  // A capture in two without the sacrifice: after every answer of Black's White
  // captures next, so Black answers with the first of them, 1-5, and 20x11 follows.
  expect_other_way(start("checkers", "english", "two-for-one"), "24-20", "1-5", "20x11");
}

// A win in three: after X's corner on a diagonal through the centre, O must
// block that diagonal at once (any other reply loses to the next move), then X forks.
// The other side's best defence is the one that lasts longest, here the
// block, not the first move it could play.
constexpr LessonStep kWinInThree{.id = "win-in-three",
                                 .fen = ".../.x./.o. x",
                                 .goal = LessonGoal::Ending,
                                 .en = "Win in three moves.",
                                 .zh = "三步之内赢棋。",
                                 .solution = "a1 c3 a3 a2 c1",
                                 .ending = "three_in_a_row",
                                 .within = true,
                                 .par = 3};

TEST(StepRunForced, TheOtherSideDefendsAsLongAsItCan) {
  Expected<StepRun> run = StepRun::start(*find_game("tictactoe"), "", kWinInThree);
  ASSERT_TRUE(run);
  ASSERT_TRUE(run->searched());
  // Off the script, the other corner: O's only defence is the far corner.
  const StepAnswer first = run->play("a3");
  ASSERT_EQ(first.kind, StepAnswer::Kind::Going) << first.missed.en;
  ASSERT_EQ(first.replies.size(), 1u);
  EXPECT_EQ(first.replies[0].id, "c1");
  // The fork: O blocks one line, X wins on the other.
  const StepAnswer fork = run->play("a1");
  ASSERT_EQ(fork.kind, StepAnswer::Kind::Going) << fork.missed.en;
  ASSERT_EQ(fork.replies.size(), 1u);
  const char* other_line = fork.replies[0].id == "a2" ? "c3" : "a2";
  const StepAnswer won = run->play(other_line);
  EXPECT_EQ(won.kind, StepAnswer::Kind::Done);
  EXPECT_EQ(won.stars, 3);
}

// A move that lets the other side escape is taken back, and the words name
// the escape in both languages.
void expect_escape(StepRun run, const char* move, const std::string& escape) {
  const std::string before = run.game().fen();
  const StepAnswer a = run.play(move);
  ASSERT_EQ(a.kind, StepAnswer::Kind::Missed);
  EXPECT_NE(a.missed.en.find("can escape: " + escape), std::string::npos) << a.missed.en;
  EXPECT_NE(a.missed.zh.find(escape), std::string::npos) << a.missed.zh;
  EXPECT_EQ(run.game().fen(), before) << "taken back";
  EXPECT_EQ(run.learner_moves(), 0);
}

TEST(StepRunForced, AMoveThatLetsTheOtherSideEscapeIsMissedWithWords) {
  expect_escape(start("chess", "", "mate-in-two-rooks"), "e1e2", "Kg7");
  expect_escape(start("xiangqi", "", "mate-in-two-facing"), "i1a1", "将５平６");
  expect_escape(start("checkers", "english", "trap-the-king"), "11-15", "4-8");
  expect_escape(start("checkers", "english", "two-for-one"), "23-19", "16x23");
}

TEST(StepRunForced, TheLastMoveAllowedStillMissesWithTheGoalsWords) {
  // Mate in one: no move is left to force anything with, so no search.
  StepRun run = start("chess", "", "mate-back-rank");
  const StepAnswer a = run.play("a1a7");
  ASSERT_EQ(a.kind, StepAnswer::Kind::Missed);
  EXPECT_EQ(a.missed.en.find("escape"), std::string::npos) << a.missed.en;
  EXPECT_EQ(run.last_search_nodes(), 0u);
}

// Every searched step of every course, played by its script: each reply is
// the script's (where the script's reply is among the longest defences it
// is preferred), and the same moves bring the same replies twice.
TEST(StepRunForced, TheScriptsLinesGetTheScriptsReplies) {
  int searched = 0;
  each_searched_step(
      [&](const GameRegistration& game, const LessonCourse& course, const LessonStep& step, StepRun& run) {
        ++searched;
        Expected<StepRun> again = StepRun::start(game, course.variant, step);
        const std::vector<std::string> all = split_words(step.solution);
        for (std::size_t i = 0; i + 1 < all.size(); i += 2) {
          const StepAnswer a = run.play(all[i]);
          const StepAnswer b = again->play(all[i]);
          ASSERT_EQ(a.kind, StepAnswer::Kind::Going) << step.id << " " << all[i] << ": " << a.missed.en;
          ASSERT_EQ(a.replies.size(), 1u) << step.id;
          EXPECT_EQ(a.replies[0].id, all[i + 1]) << game.descriptor().name << " " << step.id;
          EXPECT_GT(run.last_search_nodes(), 0u) << step.id << ": the script's move was searched";
          ASSERT_EQ(b.replies.size(), 1u);
          EXPECT_EQ(b.replies[0].id, a.replies[0].id);
        }
        EXPECT_EQ(run.play(all.back()).kind, StepAnswer::Kind::Done) << step.id;
      });
  EXPECT_GE(searched, 7) << "the courses' mates and captures in two";
}

// Every searched step's script is a line the other side cannot escape: the
// script's replies are defences, not mistakes the child is let off by (the
// script's own moves are trusted where the search sees an escape, so this
// is what keeps the two in agreement).
TEST(StepRunForced, EverySearchedScriptIsForced) {
  each_searched_step(
      [&](const GameRegistration& game, const LessonCourse& course, const LessonStep& step, StepRun& run) {
        Expected<std::unique_ptr<Game>> made = make_game(game.descriptor().name, course.variant);
        ASSERT_TRUE(made);
        Game& g = **made;
        ASSERT_TRUE(g.set_fen(step.fen));
        for (const std::string& m : split_words(step.before)) ASSERT_TRUE(g.play(m));
        const StepGoal goal(step, g.descriptor());
        const Side learner = g.side_to_move();
        const std::vector<std::string> all = split_words(step.solution);
        for (std::size_t i = 0; i + 1 < all.size(); i += 2) {
          ASSERT_TRUE(g.play(all[i]));
          const int left = run.moves_allowed() - static_cast<int>(i / 2) - 1;
          ForcedGoalSearch search(goal, learner, StepRun::kSearchBudget);
          const Defence d = search.defend(g, left, all[i + 1]);
          EXPECT_EQ(d.verdict, Defence::Verdict::Forced)
              << game.descriptor().name << " " << step.id << " after " << all[i] << ": " << d.reply;
          ASSERT_TRUE(g.play(all[i + 1]));
        }
      });
}

// A draw is no goal the other side defends: it would escape a full board by
// letting X make a line. Such a step keeps to its script.
TEST(StepRunForced, ADrawKeepsToItsScript) {
  StepRun run = start("tictactoe", "", "draw-with-care");
  EXPECT_FALSE(run.searched());
  const StepAnswer a = run.play("b1");
  ASSERT_EQ(a.kind, StepAnswer::Kind::Going);
  EXPECT_EQ(run.last_search_nodes(), 0u);
  ASSERT_EQ(a.replies.size(), 1u);
  EXPECT_EQ(a.replies[0].id, "a1");
}

TEST(StepRunForced, ASpentBudgetFallsBackOnTheScript) {
  StepRun run = start("chess", "", "mate-in-two-rook");
  run.set_search_budget(1);
  // Off the script, the search cannot tell in one move: today's judgment.
  const StepAnswer other = run.play("h1g1");
  EXPECT_EQ(other.kind, StepAnswer::Kind::Missed);
  EXPECT_EQ(other.missed.en.find("escape"), std::string::npos) << other.missed.en;
  EXPECT_LE(run.last_search_nodes(), 1u);
  // On the script, the script's reply.
  const StepAnswer scripted = run.play("h1h7");
  ASSERT_EQ(scripted.kind, StepAnswer::Kind::Going);
  ASSERT_EQ(scripted.replies.size(), 1u);
  EXPECT_EQ(scripted.replies[0].id, "a8b8");
  EXPECT_EQ(run.play("h7h8").kind, StepAnswer::Kind::Done);
}

TEST(StepRunForced, TheSearchStopsAtItsBudgetAndLeavesTheGameAsItCame) {
  const GameRegistration& chess = *find_game("chess");
  const LessonStep& step = *find_step(chess, "", "mate-in-two-rooks");
  Expected<std::unique_ptr<Game>> game = make_game("chess", "");
  ASSERT_TRUE(game);
  ASSERT_TRUE((*game)->set_fen(step.fen));
  ASSERT_TRUE((*game)->play("e1e2"));
  const std::string fen = (*game)->fen();
  const StepGoal goal(step, (*game)->descriptor());
  for (std::uint64_t budget : {0u, 1u, 5u, 12u}) {
    ForcedGoalSearch search(goal, Side::First, budget);
    const Defence d = search.defend(**game, 1, "");
    EXPECT_EQ(d.verdict, Defence::Verdict::Unknown) << budget;
    EXPECT_LE(d.nodes, budget);
    EXPECT_EQ((*game)->fen(), fen);
    EXPECT_EQ((*game)->moves_played().size(), 1u);
  }
  ForcedGoalSearch enough(goal, Side::First, StepRun::kSearchBudget);
  const Defence d = enough.defend(**game, 1, "");
  EXPECT_EQ(d.verdict, Defence::Verdict::Escapes);
  EXPECT_EQ((*game)->fen(), fen);
}

// The work of one judgment, over every legal move from every position of
// every step's script: the moves searched are within the budget; the worst
// time and moves are printed (a measure, not a test of speed).
TEST(StepRunForced, EveryJudgmentOfEveryCourseStaysWithinTheBudget) {
  std::uint64_t worst_nodes = 0, judgments = 0, searched = 0;
  double worst_ms = 0, total_ms = 0;
  std::string worst_nodes_at, worst_ms_at;
  for (const GameRegistration* game : registered_games())
    for_each_step(game->lessons, [&](const LessonCourse& course, const LessonStep& step) {
      const std::vector<std::string> line = StepRun::learner_line(step);
      for (std::size_t prefix = 0; prefix < line.size(); ++prefix) {
        Expected<StepRun> probe = StepRun::start(*game, course.variant, step);
        ASSERT_TRUE(probe);
        for (std::size_t i = 0; i < prefix; ++i) probe->play(line[i]);
        if (probe->done()) break;
        for (const MoveText& m : probe->game().legal_moves()) {
          Expected<StepRun> run = StepRun::start(*game, course.variant, step);
          for (std::size_t i = 0; i < prefix; ++i) run->play(line[i]);
          const auto t0 = std::chrono::steady_clock::now();
          run->play(m.id);
          const double ms =
              std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
          const std::uint64_t nodes = run->last_search_nodes();
          EXPECT_LE(nodes, StepRun::kSearchBudget) << step.id;
          const std::string at = game->descriptor().name +
                                 (course.variant.empty() ? "" : "/" + std::string(course.variant)) + " " +
                                 std::string(step.id) + " " + m.id;
          ++judgments;
          searched += nodes > 0;
          total_ms += ms;
          if (nodes > worst_nodes) {
            worst_nodes = nodes;
            worst_nodes_at = at;
          }
          if (ms > worst_ms) {
            worst_ms = ms;
            worst_ms_at = at;
          }
        }
      }
    });
  EXPECT_GT(searched, 0u);
  std::cout << judgments << " judgments (" << searched << " searched), " << total_ms
            << " ms in all; the most "
            << "moves searched " << worst_nodes << " (" << worst_nodes_at << "), the longest " << worst_ms
            << " ms (" << worst_ms_at << ")\n";
}

// A deep judgment from the start, where both sides have twenty moves and
// more: a check in three, which White forces whatever Black answers (the
// queen or a bishop reaches the king), so every reply is searched to the
// end. Its moves stay within the budget; its time is printed, not tested.
TEST(StepRunForced, ADeepJudgmentFromTheStartStaysWithinTheBudget) {
  constexpr LessonStep kCheckInThree{.id = "check-in-three",
                                     .fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                     .goal = LessonGoal::Check,
                                     .en = "Give check.",
                                     .zh = "将军。",
                                     .solution = "e2e4 e7e5 d1h5 b8c6 h5f7"};
  Expected<StepRun> run = StepRun::start(*find_game("chess"), "", kCheckInThree);
  ASSERT_TRUE(run);
  ASSERT_TRUE(run->searched());
  const auto t0 = std::chrono::steady_clock::now();
  const StepAnswer a = run->play("e2e4");
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  ASSERT_EQ(a.kind, StepAnswer::Kind::Going);
  EXPECT_GT(run->last_search_nodes(), 1000u);
  EXPECT_LE(run->last_search_nodes(), StepRun::kSearchBudget);
  std::cout << "a check in three from the start: " << run->last_search_nodes() << " moves searched in " << ms
            << " ms (the budget: " << StepRun::kSearchBudget << ")\n";
  // Spent before the end, the same judgment falls back on the script.
  Expected<StepRun> short_of_budget = StepRun::start(*find_game("chess"), "", kCheckInThree);
  short_of_budget->set_search_budget(run->last_search_nodes() - 1);
  const StepAnswer b = short_of_budget->play("e2e4");
  ASSERT_EQ(b.replies.size(), 1u);
  EXPECT_EQ(b.replies[0].id, "e7e5");
  EXPECT_EQ(short_of_budget->last_search_nodes(), run->last_search_nodes() - 1);
}

}  // namespace
}  // namespace qi::learn
