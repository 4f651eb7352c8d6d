#include "app/engine_opponent.h"

#include <gtest/gtest.h>

#include "engine/registry.h"
#include "engine/time_manager.h"

namespace qi::app {
namespace {

// Small budgets: the tests check behaviour, not strength.
EngineOpponentOptions small() { return EngineOpponentOptions::minimal(); }
// The draw policy's evaluation from the first move (its move-number rule
// has tests of its own).
EngineOpponentOptions judging_from_move_one() {
  EngineOpponentOptions o = small();
  o.draw_offers_from_move = 0;
  return o;
}

std::unique_ptr<Game> game_at(const std::string& name, const std::string& fen = {},
                              const std::vector<std::string>& moves = {}) {
  auto g = make_game(name).value();
  if (!fen.empty()) {
    EXPECT_TRUE(g->set_fen(fen));
  }
  for (const std::string& m : moves) {
    auto played = g->play(m);
    EXPECT_TRUE(played) << m << ": " << (played ? "" : played.error().message);
  }
  return g;
}

bool is_legal(const Game& g, const MoveText& m) {
  for (const MoveText& l : g.legal_moves())
    if (l.id == m.id) return l.display == m.display;
  return false;
}

TEST(EngineOpponent, PlaysALegalMoveAtEveryLevelInEveryGame) {
  EngineOpponent engine(small());
  for (const char* name : {"chess", "xiangqi", "checkers", "tictactoe"})
    for (int level : {1, 5, 10}) {
      auto g = game_at(name);
      MoveRequest r;
      r.level = level;
      r.movetime_ms = level == 10 ? 20 : 0;
      MoveText m = engine.choose_move(*g, r);
      EXPECT_TRUE(is_legal(*g, m)) << name << " level " << level << ": " << m.id;
    }
}

TEST(EngineOpponent, LevelTenThinksOnTheSeatsClock) {
  EngineOpponent engine(small());
  auto g = game_at("chess", {}, {"e4"});
  MoveRequest r;
  r.level = 10;
  r.time_left_ms = 300;  // a short clock: the move still comes, and is legal
  r.increment_ms = 0;
  EXPECT_TRUE(is_legal(*g, engine.choose_move(*g, r)));
}

// No clock or fixed time the seat has makes one search longer than the
// server's ceiling: a day's clock plans 72 minutes, movetime_ms 60 s.
TEST(EngineOpponent, NoMoveIsPlannedLongerThanTheCeilingWhateverTheClock) {
  const EngineOpponentOptions options;
  constexpr std::int64_t kDay = 24LL * 60 * 60 * 1000;
  MoveRequest day_clock;
  day_clock.time_left_ms = kDay;
  day_clock.opponent_time_ms = kDay;
  MoveRequest day_increment = day_clock;
  day_increment.increment_ms = kDay;
  MoveRequest fixed;
  fixed.movetime_ms = 60'000;
  MoveRequest untimed;
  for (const MoveRequest& r : {day_clock, day_increment, fixed, untimed}) {
    const engine::TimeBudget plan = engine::plan_time(move_search_limits(r, options), 0);
    EXPECT_GT(plan.maximum, 0);
    EXPECT_LE(plan.maximum, options.max_move_ms);
    EXPECT_LE(plan.optimum, plan.maximum);
  }
  // Below the ceiling the clock plans as before: 1+1 at its start.
  MoveRequest blitz;
  blitz.time_left_ms = 60'000;
  blitz.increment_ms = 1'000;
  engine::SearchLimits clock_only = move_search_limits(blitz, options);
  clock_only.max_time = -1;
  EXPECT_EQ(engine::plan_time(move_search_limits(blitz, options), 0).optimum,
            engine::plan_time(clock_only, 0).optimum);
}

// A level-10 move on a day's clock comes (within the ceiling, here a tenth
// of a second), where it used to think for 72 minutes.
TEST(EngineOpponent, LevelTenOnADaysClockAnswersWithinTheCeiling) {
  EngineOpponentOptions options = small();
  options.max_move_ms = 100;
  EngineOpponent engine(options);
  auto g = game_at("chess", {}, {"e4"});
  MoveRequest r;
  r.level = 10;
  r.time_left_ms = 24LL * 60 * 60 * 1000;
  EXPECT_TRUE(is_legal(*g, engine.choose_move(*g, r)));
}

// A search stopped from another thread ends at once, and still names a
// legal move (the caller decides not to play it).
TEST(EngineOpponent, AStoppedSearchEndsAtOnce) {
  EngineOpponent engine(small());
  auto g = game_at("xiangqi");
  std::atomic<bool> stop{true};
  MoveRequest r;
  r.level = 10;
  r.movetime_ms = 60'000;  // capped at 10 s, and stopped before it starts
  r.stop = &stop;
  EXPECT_TRUE(is_legal(*g, engine.choose_move(*g, r)));
}

TEST(EngineOpponent, NoCentreHandicapKeepsTheEngineOutOfTheCentre) {
  EngineOpponent engine(small());
  for (const char* first : {"a1", "a2", "c3", "b1"}) {
    auto g = game_at("tictactoe", {}, {first});
    MoveRequest r;
    r.level = 10;
    r.movetime_ms = 20;
    r.handicap = "no_centre";
    EXPECT_NE(engine.choose_move(*g, r).id, "b2") << "after " << first;
  }
}

TEST(EngineOpponent, HintGivesTheMoveItsDisplayKindAndReason) {
  EngineOpponent engine(small());
  // Scholar's mate is on: Qxf7#.
  auto g = game_at("chess", {}, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6"});
  Hint h = engine.hint(*g);
  EXPECT_EQ(h.move.id, "h5f7");
  EXPECT_EQ(h.move.display, "Qxf7#");
  EXPECT_EQ(h.kind, "mate");
  EXPECT_FALSE(h.words.en.empty());
  EXPECT_FALSE(h.words.zh.empty());
}

TEST(EngineOpponent, DeclinesADrawWhenItStandsBetter) {
  EngineOpponent engine(judging_from_move_one());
  // Black (the engine) has a queen more.
  auto g = game_at("chess", "q3k3/8/8/8/8/8/7P/4K3 w - - 0 1", {"h3"});
  EXPECT_FALSE(engine.answer_draw(*g, Side::Second).accept);
}

TEST(EngineOpponent, AcceptsADrawWhenItStandsWorse) {
  EngineOpponent engine(judging_from_move_one());
  // Black (the engine) is a queen down but could still win in theory.
  auto g = game_at("chess", "4k3/7p/8/8/8/8/8/Q3K3 w - - 0 1", {"Qa2"});
  EXPECT_TRUE(engine.answer_draw(*g, Side::Second).accept);
}

TEST(EngineDrawPolicy, DeclinesEveryOfferBeforeMoveThirtyWithItsReason) {
  EngineOpponent engine(small());
  // A queen down, the engine would accept later; before move 30 it plays on.
  auto g = game_at("chess", "4k3/7p/8/8/8/8/8/Q3K3 w - - 0 1", {"Qa2"});
  DrawDecision d = engine.answer_draw(*g, Side::Second);
  EXPECT_FALSE(d.accept);
  EXPECT_NE(d.reason.en.find("30"), std::string::npos) << d.reason.en;
  EXPECT_NE(d.reason.zh.find("30"), std::string::npos) << d.reason.zh;
  EngineOpponentOptions later = judging_from_move_one();
  EXPECT_TRUE(EngineOpponent(later).answer_draw(*g, Side::Second).accept);
}

TEST(EngineDrawPolicy, AcceptsADeadPositionAtAnyMove) {
  EngineOpponent engine(small());
  auto g = game_at("chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1", {"Rh2"});
  DrawDecision d = engine.answer_draw(*g, Side::Second);
  EXPECT_TRUE(d.accept);
  EXPECT_FALSE(d.reason.zh.empty());
}

TEST(EngineDrawPolicy, StatesTheScoreAgainstTheMargin) {
  auto g = game_at("chess");
  EXPECT_FALSE(draw_decision_from_score(*g, 125, 20).accept);
  EXPECT_NE(draw_decision_from_score(*g, 125, 20).reason.en.find("+1.25"), std::string::npos);
  EXPECT_TRUE(draw_decision_from_score(*g, 20, 20).accept);
  EXPECT_TRUE(draw_decision_from_score(*g, -300, 20).accept);
  EXPECT_NE(draw_decision_from_score(*g, -40, 20).reason.zh.find("-0.40"), std::string::npos);
}

TEST(EngineOpponent, ReviewScoresEveryPositionFromTheFirstPlayersSide) {
  EngineOpponent engine(small());
  // White a queen up; the review covers the start and both moves.
  auto g = game_at("chess", "4k3/7p/8/8/8/8/8/Q3K3 w - - 0 1", {"Qa2", "h5"});
  std::vector<PositionReview> r = engine.review(*g, nullptr);
  ASSERT_EQ(r.size(), 3u);
  for (const PositionReview& p : r) {
    ASSERT_TRUE(p.cp || p.mate);
    if (p.cp) {
      EXPECT_GT(*p.cp, 300) << "White stands better whoever is to move";
    }
    EXPECT_GT(p.win, p.loss);
    EXPECT_NEAR(p.win + p.draw + p.loss, 1.0, 1e-9);
    ASSERT_TRUE(p.best);
  }
  EXPECT_EQ(r[0].best->id.size(), 4u);  // a UCI move of the position at ply 0
}

TEST(EngineOpponent, ReviewOfAMateEndsWithTheWinner) {
  EngineOpponent engine(small());
  auto g = game_at("chess", {}, {"f3", "e5", "g4", "Qh4#"});  // Black mates
  std::vector<PositionReview> r = engine.review(*g, nullptr);
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r.back().mate, 0);
  EXPECT_EQ(r.back().loss, 1.0);
  EXPECT_FALSE(r.back().best);
  // Before Black's last move the engine sees the mate: negative for White.
  ASSERT_TRUE(r[3].mate);
  EXPECT_LT(*r[3].mate, 0);
  EXPECT_EQ(r[3].best->display, "Qh4#");
}

}  // namespace
}  // namespace qi::app
