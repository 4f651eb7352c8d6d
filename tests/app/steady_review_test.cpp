// Reviews are steady: the same game reviewed twice gets the same scores
// (a node budget per position, a cleared table and one thread), and a move
// of the games' standard openings is flagged book and not marked unless it
// loses more than a blunder's worth.
#include <gtest/gtest.h>

#include <cmath>

#include "app/engine_opponent.h"
#include "app/review_marks.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"
#include "engine/book.h"
#include "engine/registry.h"
#include "review_budget.h"

namespace qi::app {
namespace {

std::unique_ptr<Game> game_of(const std::string& name, const std::vector<std::string>& moves) {
  auto g = std::move(make_game(name).value());
  for (const std::string& m : moves) EXPECT_TRUE(g->play(m)) << m;
  return g;
}

void expect_same(const std::vector<PositionReview>& a, const std::vector<PositionReview>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    SCOPED_TRACE("position " + std::to_string(i));
    EXPECT_EQ(a[i].cp, b[i].cp);
    EXPECT_EQ(a[i].mate, b[i].mate);
    EXPECT_EQ(a[i].win, b[i].win);
    EXPECT_EQ(a[i].draw, b[i].draw);
    EXPECT_EQ(a[i].loss, b[i].loss);
    ASSERT_EQ(a[i].best.has_value(), b[i].best.has_value());
    if (a[i].best) {
      EXPECT_EQ(a[i].best->id, b[i].best->id);
    }
    EXPECT_EQ(a[i].book, b[i].book);
  }
}

TEST(SteadyReview, TheSameGameReviewedTwiceGetsIdenticalScores) {
  auto g = game_of("xiangqi", {});
  for (int i = 0; i < 16; ++i) ASSERT_TRUE(g->play(builtin_move(*g).id));
  EngineOpponent engine(small_review_budget());
  const std::vector<PositionReview> first = engine.review(*g, nullptr);
  ASSERT_EQ(first.size(), 17u);
  (void)engine.hint(*g);  // another search on the same engines in between
  expect_same(first, engine.review(*g, nullptr));
  EngineOpponent other(small_review_budget());  // and another engine altogether
  expect_same(first, other.review(*g, nullptr));
}

TEST(SteadyReview, APositionScoresTheSameWhicheverGameItIsReviewedIn) {
  EngineOpponent engine(small_review_budget());
  const auto a = engine.review(*game_of("chess", {"e4", "e5", "Nf3"}), nullptr);
  const auto b = engine.review(*game_of("chess", {"e4", "c5"}), nullptr);
  EXPECT_EQ(a[0].cp, b[0].cp);  // the start
  EXPECT_EQ(a[1].cp, b[1].cp);  // after 1.e4
  EXPECT_EQ(a[1].best->id, b[1].best->id);
}

TEST(SteadyReview, StandardOpeningMovesAreBookMovesAndOthersAreNot) {
  // 炮二平五 马8进7 马二进三, then 卒3进1, which no line plays here.
  std::vector<bool> xiangqi = engine::book_moves(*game_of("xiangqi", {"h2e2", "h9g7", "h0g2", "c6c5"}));
  EXPECT_EQ(xiangqi, (std::vector<bool>{true, true, true, false}));
  // 1.e4 c5 2.Nf3 d6, then 1.a4 in another game.
  EXPECT_EQ(engine::book_moves(*game_of("chess", {"e4", "c5", "Nf3", "d6"})), std::vector<bool>(4, true));
  EXPECT_EQ(engine::book_moves(*game_of("chess", {"a4"})), std::vector<bool>{false});
  // 11-15 23-19 8-11: the Old Fourteenth's first moves.
  EXPECT_EQ(engine::book_moves(*game_of("checkers", {"11-15", "23-19", "8-11"})), std::vector<bool>(3, true));
}

TEST(SteadyReview, BookMovesTransposeTheSameMovesInAnotherOrder) {
  // 炮二平五 马2进3 马二进三 马8进7 reaches the position of the line 炮二平五
  // 马8进7 马二进三 马2进3, though no line plays 马8进7 after the first three.
  EXPECT_EQ(engine::book_moves(*game_of("xiangqi", {"h2e2", "b9c7", "h0g2", "h9g7"})),
            std::vector<bool>(4, true));
}

TEST(SteadyReview, NoBookWhenTheGameStartsFromAnotherPosition) {
  auto g = std::move(make_game("chess").value());
  ASSERT_TRUE(g->set_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
  ASSERT_TRUE(g->play("e4"));
  EXPECT_EQ(engine::book_moves(*g), std::vector<bool>{false});
}

TEST(SteadyReview, EveryBookLineReadsAsLegalMoves) {
  for (const engine::GameRegistration* r : engine::registered_games())
    for (const VariantDescriptor& v : r->descriptor().variants) {
      auto g = std::move(make_game(r->descriptor().name, v.name).value());
      EXPECT_EQ(engine::unreadable_book_moves(g->name(), g->variant()), std::vector<std::string>{})
          << r->descriptor().name << " " << v.name;
    }
}

// A position whose first player's expected score (review_marks.h: on the
// curve of human games) is this: chances whose logits differ by 4 logit(x)
// / kHumanSlopePerScale, without a draw.
PositionReview expecting(double first_expected_score) {
  const double x = first_expected_score;
  const double slope = ReviewThresholds::kHumanSlopePerScale;
  const double logit_win = std::log(x / (1 - x)) * 2 / slope;
  PositionReview p;
  p.cp = 0;
  p.win = 1 / (1 + std::exp(-logit_win));
  p.draw = 0;
  p.loss = 1 - p.win;
  return p;
}

TEST(SteadyReview, ABookMoveIsMarkedOnlyWhenItLosesMoreThanABlundersWorth) {
  const PositionReview before = expecting(0.55);
  PositionReview inaccurate = expecting(0.48), mistaken = expecting(0.43), blundered = expecting(0.35);
  EXPECT_EQ(review_mark(before, inaccurate, Side::First), "?!");
  EXPECT_EQ(review_mark(before, mistaken, Side::First), "?");
  EXPECT_EQ(review_mark(before, blundered, Side::First), "??");
  inaccurate.book = mistaken.book = blundered.book = true;
  EXPECT_EQ(review_mark(before, inaccurate, Side::First), std::nullopt);
  EXPECT_EQ(review_mark(before, mistaken, Side::First), std::nullopt);
  EXPECT_EQ(review_mark(before, blundered, Side::First), "??");
  // The second player's loss is the first player's gain.
  EXPECT_EQ(review_mark(expecting(0.40), expecting(0.47), Side::Second), "?!");
}

TEST(SteadyReview, CentralCannonAndKingsPawnAreBookAndUnmarkedAtTheDefaultBudget) {
  EngineOpponent engine;  // the app's own budget
  for (const auto& [name, moves] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"xiangqi", {"h2e2", "h9g7"}}, {"chess", {"e4", "e5"}}}) {
    SCOPED_TRACE(name);
    const std::vector<PositionReview> r = engine.review(*game_of(name, moves), nullptr);
    ASSERT_EQ(r.size(), 3u);
    EXPECT_FALSE(r[0].book);
    EXPECT_TRUE(r[1].book);
    EXPECT_TRUE(r[2].book);
    EXPECT_EQ(review_mark(r[0], r[1], Side::First), std::nullopt);
    EXPECT_EQ(review_mark(r[1], r[2], Side::Second), std::nullopt);
  }
}

TEST(SteadyReview, TheReviewJsonSendsBookLossAndMarkPerPly) {
  auto store = SqliteStore::open(":memory:").value();
  FakeClock time;
  EngineOpponent engine(small_review_budget());
  SessionManager manager{*store, engine, time, ManagerOptions::driven_by_caller()};
  auto created = manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  const std::string id = (*created)["id"];
  for (const char* m : {"e4", "e5", "Nf3", "a5"})
    ASSERT_TRUE(manager.act(
        id, (*created)["tokens"][std::string(m) == "e5" || std::string(m) == "a5" ? "second" : "first"],
        SessionManager::Action::Move, m));
  auto review = manager.review(id);
  ASSERT_TRUE(review) << review.error().message;
  const auto& plies = (*review)["plies"];
  ASSERT_EQ(plies.size(), 5u);
  EXPECT_EQ(plies[0]["book"], false);
  EXPECT_TRUE(plies[0]["mark"].is_null());
  EXPECT_FALSE(plies[0].contains("move_loss"));
  for (int i : {1, 2, 3}) {
    EXPECT_EQ(plies[i]["book"], true) << i;
    EXPECT_TRUE(plies[i]["mark"].is_null()) << i;
  }
  EXPECT_EQ(plies[4]["book"], false);
  for (int i = 1; i < 5; ++i) {
    EXPECT_TRUE(plies[i]["move_loss"].is_number()) << i;
    EXPECT_NEAR(
        plies[i]["win"].get<double>() + plies[i]["draw"].get<double>() + plies[i]["loss"].get<double>(), 1.0,
        1e-9);
    EXPECT_TRUE(plies[i]["mark"].is_null() || plies[i]["mark"].is_string()) << i;
  }
}

}  // namespace
}  // namespace qi::app
