// Fair play in the app (issue "fair play people can trust"): draw offers to
// the engine at every level, ratings nobody can farm and that change with
// their result in one transaction, clocks that start with the first moves,
// overruns seen at once, and the life of a game: abort, leaving, removal,
// expiry.
#include <gtest/gtest.h>

#include "app/engine_opponent.h"
#include "app/ratings.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;
using nlohmann::json;

struct FairPlayWorld {
  std::unique_ptr<SqliteStore> store = SqliteStore::open(":memory:").value();
  FakeClock time;
  EngineOpponent engine{EngineOpponentOptions::minimal()};
  SessionManager manager{*store, engine, time, ManagerOptions::driven_by_caller()};

  json create(SessionSetup setup) {
    auto created = manager.create(std::move(setup));
    EXPECT_TRUE(created) << (created ? "" : created.error().message);
    return created ? *created : json{};
  }
  json act(const json& game, const char* seat, Action action, const std::string& move = {},
           bool offer = false) {
    auto v = manager.act(game["id"], game["tokens"][seat], action, move, offer);
    EXPECT_TRUE(v) << (v ? "" : v.error().message);
    return v ? *v : json{};
  }
  std::string refusal(const json& game, const char* seat, Action action) {
    auto v = manager.act(game["id"], game["tokens"][seat], action);
    return v ? "" : v.error().code;
  }
  json view(const json& game) { return manager.view(game["id"]).value(); }
};

SessionSetup against_engine(const std::string& game, int level, std::optional<std::int64_t> player = {}) {
  SessionSetup setup;
  setup.game = game;
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = level;
  setup.seats[0].player_id = player;
  setup.rated = player.has_value();
  return setup;
}

double elo_of(FairPlayWorld& w, std::int64_t player, const std::string& game) {
  auto r = w.store->rating(player, game).value();
  return r ? r->elo : 1500;
}

TEST(FairRatings, NoRatingRisesFromOfferedDrawsAgainstAnyLevel) {
  FairPlayWorld w;
  auto ada = w.store->add_player("Ada").value();
  for (const char* game : {"chess", "xiangqi", "checkers", "tictactoe"}) {
    for (int level = 1; level <= 10; ++level) {
      const double before = elo_of(w, ada.id, game);
      json g = w.create(against_engine(game, level, ada.id));
      // A draw offered with the person's first move, and again as soon as
      // the rules allow (ten moves after the refusal): the engine declines
      // each before move 30, and nothing is rated.
      int offers = 0;
      for (int move = 1; move <= 1 + DrawOffers::kMovesBetweenOffers; ++move) {
        json v = w.view(g);
        if (v["outcome"]["verdict"] != "ongoing") break;
        const bool offer = v["draw_offer"]["may_offer"]["first"].get<bool>();
        v = w.act(g, "first", Action::Move, v["legal_moves"][0]["id"], offer);
        if (v["outcome"]["verdict"] != "ongoing") break;
        if (offer) {
          ++offers;
          EXPECT_FALSE(v["draw_offer"]["answer"]["accepted"]) << game << " level " << level;
          EXPECT_TRUE(v["draw_offer"]["answer"]["engine"]);
        }
        EXPECT_EQ(elo_of(w, ada.id, game), before) << game << " level " << level << ": a rating changed";
        w.manager.run_engine_moves();
      }
      EXPECT_GE(offers, 1) << game << " level " << level;
      // The game may have ended over the board (tic-tac-toe's are short);
      // never by an agreed draw.
      const json outcome = w.view(g)["outcome"];
      EXPECT_NE(outcome["termination"], "agreement") << game << " level " << level;
      if (outcome["verdict"] == "ongoing") {
        EXPECT_EQ(elo_of(w, ada.id, game), before);
      }
    }
  }
}

TEST(FairRatings, ARatingChangesInTheSameTransactionAsItsResult) {
  auto store = SqliteStore::open(":memory:").value();
  auto ada = store->add_player("Ada").value();
  auto created = Session::create("g1", SessionSetup{}, 0).value();
  ASSERT_TRUE(created->resign(Side::First, 0));
  GameWrite write{created->save(0), created->outcome(), created->game().words(created->outcome()), 0};
  write.ratings = {{Rating{ada.id, "chess", 1510, 1, level_points_json(10)}, 0},
                   {Rating{9999, "chess", 1490, 1, level_points_json(0)}, 0}};  // no such player: fails
  EXPECT_FALSE(store->save_game(write));
  EXPECT_FALSE(store->load_game("g1").value()) << "the result was written without its ratings";
  EXPECT_FALSE(store->rating(ada.id, "chess").value()) << "a rating was written without its result";
  write.ratings.pop_back();
  ASSERT_TRUE(store->save_game(write));
  EXPECT_TRUE(store->load_game("g1").value());
  EXPECT_EQ(store->rating(ada.id, "chess").value()->elo, 1510);
}

TEST(EngineDraw, AnOfferAskedForBeforeTheMoveIsAnsweredWithTheMove) {
  FairPlayWorld w;
  json g = w.create(against_engine("chess", 1));
  json v = w.act(g, "first", Action::OfferDraw);
  EXPECT_TRUE(v["draw_offer"]["held"]["first"]);
  EXPECT_TRUE(v["draw_offer"]["answer"].is_null());
  v = w.act(g, "first", Action::Move, "e2e4");
  EXPECT_FALSE(v["draw_offer"]["held"]["first"]);
  EXPECT_TRUE(v["draw_offer"]["pending"].is_null()) << "the engine answered at once";
  EXPECT_EQ(v["draw_offer"]["answer"]["by"], "second");
  EXPECT_FALSE(v["draw_offer"]["answer"]["accepted"]);
  EXPECT_NE(v["draw_offer"]["answer"]["words"]["zh"].get<std::string>().find("30"), std::string::npos);
}

TEST(EngineDraw, AnOfferAskedForWhileTheEngineThinksWaitsForTheNextMove) {
  FairPlayWorld w;
  json g = w.create(against_engine("chess", 2));
  w.act(g, "first", Action::Move, "e2e4");
  json v = w.act(g, "first", Action::OfferDraw);  // the engine is to move
  EXPECT_TRUE(v["draw_offer"]["held"]["first"]);
  w.manager.run_engine_moves();
  v = w.view(g);
  EXPECT_TRUE(v["draw_offer"]["held"]["first"]) << "still held: made with the person's next move";
  v = w.act(g, "first", Action::Move, v["legal_moves"][0]["id"]);
  EXPECT_EQ(v["draw_offer"]["answer"]["by"], "second");
}

TEST(AppClock, ATimedGamesClockStartsWithEachSidesFirstMove) {
  FairPlayWorld w;
  SessionSetup setup;
  setup.time_control = TimeControl::sudden_death(60'000);
  json g = w.create(setup);
  w.time.advance(5'000);
  json v = w.view(g);
  EXPECT_FALSE(v["clock"]["started"]);
  EXPECT_EQ(v["clock"]["remaining_ms"][0], 60'000);
  w.act(g, "first", Action::Move, "e2e4");
  w.time.advance(3'000);
  EXPECT_EQ(w.view(g)["clock"]["remaining_ms"][1], 60'000);
  w.act(g, "second", Action::Move, "e7e5");
  w.time.advance(2'000);
  v = w.view(g);
  EXPECT_TRUE(v["clock"]["started"]);
  EXPECT_EQ(v["clock"]["remaining_ms"][0], 58'000);
}

TEST(AppClock, EachOverrunIsAChangeClientsSeeAtOnce) {
  FairPlayWorld w;
  SessionSetup setup;
  setup.game = "xiangqi";
  setup.time_control = TimeControl::per_move(1'000, 3);
  json g = w.create(setup);
  w.act(g, "first", Action::Move, "h2e2");
  w.act(g, "second", Action::Move, "h9g7");
  const std::uint64_t version = w.view(g)["version"];
  w.time.advance(1'100);
  w.manager.tick();
  json v = w.view(g);
  EXPECT_GT(v["version"].get<std::uint64_t>(), version);
  EXPECT_EQ(v["clock"]["overruns"][0], 1);
  EXPECT_EQ(v["outcome"]["verdict"], "ongoing");
}

TEST(Leaving, EitherPersonMayAbortBeforeTheFirstMovesWithNoResult) {
  FairPlayWorld w;
  auto ada = w.store->add_player("Ada").value();
  json g = w.create(against_engine("chess", 10, ada.id));
  EXPECT_TRUE(w.view(g)["leave"]["first"]["abort"]);
  json v = w.act(g, "first", Action::Abort);
  EXPECT_EQ(v["outcome"]["verdict"], "aborted");
  EXPECT_EQ(v["outcome"]["termination"], "aborted");
  EXPECT_EQ(v["outcome"]["score"], "*");
  EXPECT_FALSE(w.store->rating(ada.id, "chess").value()) << "an aborted game is not rated";
  EXPECT_TRUE(w.store->list_games(10, std::nullopt).value().empty()) << "nor listed";
}

TEST(Leaving, NoAbortOnceBothSidesHaveMoved) {
  FairPlayWorld w;
  json g = w.create(SessionSetup{});
  w.act(g, "first", Action::Move, "e2e4");
  EXPECT_TRUE(w.view(g)["leave"]["second"]["abort"]);
  w.act(g, "second", Action::Move, "e7e5");
  EXPECT_FALSE(w.view(g)["leave"]["first"]["abort"]);
  EXPECT_EQ(w.refusal(g, "first", Action::Abort), "abort_too_late");
}

TEST(Leaving, AGameWhoseSideNeverMakesItsFirstMoveIsAborted) {
  FairPlayWorld w;
  auto ada = w.store->add_player("Ada").value();
  json g = w.create(against_engine("chess", 3, ada.id));
  w.time.advance(Session::kFirstMoveMs - 1);
  w.manager.tick();
  EXPECT_EQ(w.view(g)["outcome"]["verdict"], "ongoing");
  w.time.advance(1);
  w.manager.tick();
  json v = w.view(g);
  EXPECT_EQ(v["outcome"]["verdict"], "aborted");
  EXPECT_EQ(v["outcome"]["termination"], "no_first_move");
  EXPECT_FALSE(w.store->rating(ada.id, "chess").value());
}

TEST(Leaving, TheWinOrADrawIsClaimedWhenTheOpponentHasGone) {
  FairPlayWorld w;
  json g = w.create(SessionSetup{});
  w.act(g, "first", Action::Move, "e2e4");
  w.act(g, "second", Action::Move, "e7e5");
  w.time.advance(Session::kGoneAfterMs / 2);
  w.act(g, "first", Action::Presence);
  EXPECT_EQ(w.refusal(g, "first", Action::ClaimAbandonedWin), "opponent_present");
  w.time.advance(Session::kGoneAfterMs / 2);
  w.act(g, "first", Action::Presence);  // White's page is still there; Black's is not
  json v = w.view(g);
  EXPECT_TRUE(v["presence"]["first"]["here"]);
  EXPECT_FALSE(v["presence"]["second"]["here"]);
  EXPECT_TRUE(v["leave"]["first"]["claim_win"]);
  EXPECT_FALSE(v["leave"]["second"]["claim_win"]);
  v = w.act(g, "first", Action::ClaimAbandonedWin);
  EXPECT_EQ(v["outcome"]["verdict"], "win");
  EXPECT_EQ(v["outcome"]["termination"], "abandoned");
  EXPECT_EQ(v["outcome"]["winner"], "first");
}

TEST(Leaving, APlayerRemovesTheirOwnUnratedGameButNotARatedOne) {
  FairPlayWorld w;
  json g = w.create(SessionSetup{});
  w.act(g, "first", Action::Move, "e2e4");
  json removed = w.act(g, "first", Action::Remove);
  EXPECT_EQ(removed["removed"], g["id"]);
  EXPECT_FALSE(w.manager.view(g["id"]));
  EXPECT_TRUE(w.store->list_games(10, std::nullopt).value().empty());

  auto ada = w.store->add_player("Ada").value();
  json rated = w.create(against_engine("chess", 1, ada.id));
  EXPECT_EQ(w.refusal(rated, "first", Action::Remove), "remove_rated");
}

TEST(Leaving, UnratedGamesNobodyTouchesExpire) {
  FairPlayWorld w;
  ManagerOptions defaults;
  json g = w.create(SessionSetup{});
  w.act(g, "first", Action::Move, "e2e4");
  w.time.advance(defaults.expire_after_ms + 1);
  w.manager.tick();
  EXPECT_FALSE(w.manager.view(g["id"]));
  EXPECT_TRUE(w.store->list_games(10, std::nullopt).value().empty());
}

TEST(GamesList, TellsWhoseMoveItIs) {
  FairPlayWorld w;
  json g = w.create(SessionSetup{});
  w.act(g, "first", Action::Move, "e2e4");
  auto list = w.store->list_games(10, std::nullopt).value();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].to_move, "second");
  EXPECT_EQ(list[0].status, "ongoing");
}

TEST(Import, TheRecordsPlayersNameTheSeats) {
  FairPlayWorld w;
  auto created =
      w.manager.create(SessionSetup{}, "[White \"Morphy, Paul\"]\n[Black \"Duke Karl\"]\n\n1. e4 e5 *\n");
  ASSERT_TRUE(created) << created.error().message;
  EXPECT_EQ((*created)["seats"][0]["name"], "Morphy, Paul");
  EXPECT_EQ((*created)["seats"][1]["name"], "Duke Karl");
}

}  // namespace
}  // namespace qi::app
