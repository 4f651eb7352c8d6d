// The session manager with the engine as the opponent: ratings after rated
// games, reviews, imported records, the write-behind store, statistics.
#include <gtest/gtest.h>

#include "app/engine_opponent.h"
#include "app/ratings.h"
#include "app/session_manager.h"
#include "app/statistics.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

EngineOpponentOptions small() { return EngineOpponentOptions::minimal(); }

struct ManagerEngineWorld {
  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  FakeClock time;
  EngineOpponent engine{small()};
  SessionManager manager{*store, engine, time, ManagerOptions::driven_by_caller()};
};

// A rated game of `game` between Ada (first) and the engine at `level`, created.
nlohmann::json rated_game_against_engine(ManagerEngineWorld& w, std::int64_t ada, const std::string& game,
                                         int level) {
  SessionSetup setup;
  setup.game = game;
  setup.rated = true;
  setup.seats[0].player_id = ada;
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = level;
  auto created = w.manager.create(setup);
  EXPECT_TRUE(created) << created.error().message;
  return created ? *created : nlohmann::json{};
}

TEST(RatedGame, ALossToAnEngineLevelLowersEloAndLevelPointsAndKeepsHistory) {
  ManagerEngineWorld w;
  auto ada = w.store->add_player("Ada").value();
  // Ada starts with 500 points; the engine level 1 carries 300.
  ASSERT_TRUE(w.store->save_rating({ada.id, "chess", 1500, 0, level_points_json(500)}, "earlier", 1));
  const nlohmann::json created = rated_game_against_engine(w, ada.id, "chess", 1);
  ASSERT_FALSE(created.is_null());
  ASSERT_TRUE(w.manager.act(created["id"], created["tokens"]["first"], SessionManager::Action::Resign));
  auto rating = w.store->rating(ada.id, "chess").value();
  ASSERT_TRUE(rating);
  EXPECT_LT(rating->elo, 1500);
  EXPECT_EQ(level_points_of(*rating), 400);  // the lower side won: d / 2 = 100 points
  auto history = w.store->rating_history(ada.id, "chess").value();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history.back().points, 400);
  EXPECT_EQ(history.back().game_id, created["id"]);
}

TEST(RatedGame, AnEngineLevelIsRatedByItsOwnGamesTable) {
  for (const char* game : {"chess", "xiangqi", "checkers"}) {
    ManagerEngineWorld w;
    auto ada = w.store->add_player("Ada").value();
    const Rating before{ada.id, game, 1500, 0, level_points_json(0)};
    ASSERT_TRUE(w.store->save_rating(before, "earlier", 1));
    const nlohmann::json created = rated_game_against_engine(w, ada.id, game, 8);
    ASSERT_FALSE(created.is_null());
    ASSERT_TRUE(w.manager.act(created["id"], created["tokens"]["first"], SessionManager::Action::Resign));
    const Rating expected =
        EloAndLevelPoints().update(before, {engine_level_elo(game, 8).value(), engine_level_points(8)}, 0.0);
    EXPECT_DOUBLE_EQ(w.store->rating(ada.id, game).value()->elo, expected.elo) << game;
  }
}

TEST(RatedGame, BothPeopleAreRatedFromTheirRatingsBeforeTheGame) {
  ManagerEngineWorld w;
  auto ada = w.store->add_player("Ada").value();
  auto bo = w.store->add_player("Bo").value();
  SessionSetup setup;
  setup.rated = true;
  setup.seats[0].player_id = ada.id;
  setup.seats[1].player_id = bo.id;
  auto created = w.manager.create(setup);
  ASSERT_TRUE(created);
  ASSERT_TRUE(
      w.manager.act((*created)["id"], (*created)["tokens"]["second"], SessionManager::Action::Resign));
  auto a = w.store->rating(ada.id, "chess").value().value();
  auto b = w.store->rating(bo.id, "chess").value().value();
  EXPECT_NEAR(a.elo - 1500, 1500 - b.elo, 1e-9);
  EXPECT_EQ(level_points_of(a), 10);
  EXPECT_EQ(level_points_of(b), -10);
}

TEST(EngineSeat, AnswersADrawOfferByItsEvaluation) {
  for (bool engine_better : {true, false}) {
    // The policy's evaluation from the first move (its move-number rule is
    // tested on its own).
    EngineOpponentOptions judging = small();
    judging.draw_offers_from_move = 0;
    auto store = SqliteStore::open(":memory:").value();
    FakeClock time;
    EngineOpponent engine(judging);
    SessionManager manager(*store, engine, time, ManagerOptions::driven_by_caller());
    struct {
      SessionManager& manager;
    } w{manager};
    SessionSetup setup;
    setup.seats[1].kind = SeatKind::Engine;
    setup.seats[1].level = 3;
    setup.fen = engine_better ? "q3k3/8/8/8/8/8/7P/4K3 w - - 0 1" : "4k3/7p/8/8/8/8/8/Q3K3 w - - 0 1";
    auto created = w.manager.create(setup);
    ASSERT_TRUE(created) << created.error().message;
    auto view = w.manager.act((*created)["id"], (*created)["tokens"]["first"], SessionManager::Action::Move,
                              engine_better ? "h3" : "Qa2", /*offer_draw_with_move=*/true);
    ASSERT_TRUE(view) << view.error().message;
    if (engine_better) {
      EXPECT_EQ((*view)["outcome"]["verdict"], "ongoing");
      EXPECT_FALSE((*view)["draw_offer"]["may_offer"]["first"]) << "declined: no new offer for ten moves";
      EXPECT_TRUE((*view)["draw_offer"]["answer"]["engine"]);
      EXPECT_NE((*view)["draw_offer"]["answer"]["words"]["en"].get<std::string>().find("better"),
                std::string::npos);
    } else {
      EXPECT_EQ((*view)["outcome"]["termination"], "agreement");
    }
  }
}

TEST(EngineSeat, HintComesWithKindReasonAndDisplay) {
  ManagerEngineWorld w;
  auto created = w.manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  auto hint = w.manager.act((*created)["id"], (*created)["tokens"]["first"], SessionManager::Action::Hint);
  ASSERT_TRUE(hint) << hint.error().message;
  EXPECT_FALSE((*hint)["move"]["id"].get<std::string>().empty());
  EXPECT_FALSE((*hint)["move"]["display"].get<std::string>().empty());
  EXPECT_FALSE((*hint)["kind"].get<std::string>().empty());
  EXPECT_FALSE((*hint)["reason"].get<std::string>().empty());
}

TEST(EngineSeat, PlaysItsMoveOnAClock) {
  ManagerEngineWorld w;
  SessionSetup setup;
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 10;
  setup.time_control = TimeControl::increment(2'000, 0);
  auto created = w.manager.create(setup);
  ASSERT_TRUE(created);
  std::string id = (*created)["id"];
  ASSERT_TRUE(w.manager.act(id, (*created)["tokens"]["first"], SessionManager::Action::Move, "e4"));
  w.manager.run_engine_moves();
  EXPECT_EQ((*w.manager.view(id))["moves"].size(), 2u);
}

TEST(Review, HasOneEntryPerPositionAndIsCached) {
  ManagerEngineWorld w;
  auto created = w.manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  std::string id = (*created)["id"];
  for (const char* m : {"e4", "e5", "Nf3"})
    ASSERT_TRUE(w.manager.act(id, (*created)["tokens"][std::string(m) == "e5" ? "second" : "first"],
                              SessionManager::Action::Move, m));
  auto review = w.manager.review(id);
  ASSERT_TRUE(review) << review.error().message;
  const auto& plies = (*review)["plies"];
  ASSERT_EQ(plies.size(), 4u);
  EXPECT_TRUE(plies[0]["move"].is_null());
  EXPECT_EQ(plies[1]["display"], "e4");
  EXPECT_EQ(plies[3]["move"], "g1f3");
  EXPECT_EQ((*review)["first_player"], "White");
  for (const auto& p : plies) {
    EXPECT_TRUE(p["score"].contains("cp") || p["score"].contains("mate"));
    EXPECT_NEAR(p["win"].get<double>() + p["draw"].get<double>() + p["loss"].get<double>(), 1.0, 1e-9);
    EXPECT_TRUE(p["best"].is_string());
  }
  EXPECT_EQ(*w.manager.review(id), *review);
  EXPECT_FALSE(w.manager.review("nosuchgame"));
}

TEST(Review, AGameResignedBeforeAnyMoveReviewsItsStartAsInPlay) {
  ManagerEngineWorld w;
  auto created = w.manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  std::string id = (*created)["id"];
  ASSERT_TRUE(w.manager.act(id, (*created)["tokens"]["first"], SessionManager::Action::Resign));
  auto review = w.manager.review(id);
  ASSERT_TRUE(review) << review.error().message;
  ASSERT_EQ((*review)["plies"].size(), 1u);
  EXPECT_TRUE((*review)["plies"][0]["best"].is_string());
}

TEST(Import, AGameStartsFromTheRecordWithItsMovesPlayed) {
  ManagerEngineWorld w;
  SessionSetup setup;
  auto created = w.manager.create(setup, "1. e4 e5 2. Nf3 *");
  ASSERT_TRUE(created) << created.error().message;
  EXPECT_EQ((*created)["moves"].size(), 3u);
  EXPECT_EQ((*created)["side_to_move"], "second");
  auto record = w.manager.record((*created)["id"]);
  ASSERT_TRUE(record);
  EXPECT_NE((*record)["record"].get<std::string>().find("2. Nf3"), std::string::npos);
}

TEST(Import, ABadRecordIsRefusedAndNoGameIsMade) {
  ManagerEngineWorld w;
  auto created = w.manager.create(SessionSetup{}, "1. e4 e5 2. Qxf7 *");
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().message.find("Qxf7"), std::string::npos) << created.error().message;
  EXPECT_EQ(w.manager.active_games(), 0u);
}

TEST(GroupCommit, AMoveIsInTheDatabaseWhenItsRequestIsAnswered) {
  auto sqlite = SqliteStore::open(":memory:").value();
  FakeClock time;
  BuiltinOpponent opponent;
  GroupCommitStore store(*sqlite);
  SessionManager manager(store, opponent, time, ManagerOptions::driven_by_caller());
  auto created = manager.create(SessionSetup{});
  ASSERT_TRUE(created);
  const std::string id = (*created)["id"];
  ASSERT_TRUE(manager.act(id, (*created)["tokens"]["first"], SessionManager::Action::Move, "e4"));
  // Read past the queue, from the database itself: the answer came after the commit.
  auto direct = sqlite->load_game(id).value();
  ASSERT_TRUE(direct);
  EXPECT_EQ(direct->moves.size(), 1u);
  EXPECT_EQ(store.list_games(10, std::nullopt).value().size(), 1u);
  EXPECT_GE(store.written(), 2u);  // the creation, then the move
}

TEST(Statistics, CountsByGameAndOpponentWithStreaks) {
  ManagerEngineWorld w;
  auto ada = w.store->add_player("Ada").value();
  auto bo = w.store->add_player("Bo").value();
  auto play = [&](bool ada_wins, bool against_engine) {
    ASSERT_FALSE(ada_wins && against_engine);
    SessionSetup setup;
    setup.seats[0].player_id = ada.id;
    if (against_engine) {
      setup.seats[1].kind = SeatKind::Engine;
      setup.seats[1].level = 2;
    } else {
      setup.seats[1].player_id = bo.id;
    }
    auto created = w.manager.create(setup).value();
    w.time.advance(60'000);
    std::string loser = ada_wins ? "second" : "first";  // against the engine Ada can only lose by resigning
    ASSERT_TRUE(w.manager.act(created["id"], created["tokens"][loser], SessionManager::Action::Resign));
    w.time.advance(1'000);
  };
  play(true, false);
  play(true, false);
  play(false, true);
  nlohmann::json s = player_statistics(*w.store, ada.id).value();
  EXPECT_EQ(s["total"]["wins"], 2);
  EXPECT_EQ(s["total"]["losses"], 1);
  EXPECT_EQ(s["by_opponent"]["person"]["wins"], 2);
  EXPECT_EQ(s["by_opponent"]["engine level 2"]["losses"], 1);
  EXPECT_EQ(s["by_person"]["Bo"]["wins"], 2);
  EXPECT_EQ(s["by_game"]["chess"]["games"], 3);
  EXPECT_EQ(s["streaks"]["longest_win"], 2);
  EXPECT_EQ(s["streaks"]["current"]["result"], "loss");
  EXPECT_EQ(s["streaks"]["current"]["length"], 1);
  EXPECT_EQ(s["time_played_ms"], 3 * 60'000);
}

}  // namespace
}  // namespace qi::app
