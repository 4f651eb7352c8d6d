// Playing between devices: an open seat taken once with its invite, the
// lobby's challenges accepted exactly once (two accepts racing), a rematch
// with the colours swapped, and all of it kept across a restart.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include <unistd.h>

#include "app/engine_opponent.h"
#include "app/lobby.h"
#include "app/session_manager.h"
#include "app/storage/sqlite_store.h"
#include "core/clock.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;
using nlohmann::json;

struct LobbyWorld {
  explicit LobbyWorld(const std::string& path = ":memory:") : store(SqliteStore::open(path).value()) {}
  std::unique_ptr<SqliteStore> store;
  FakeClock time;
  EngineOpponent engine{EngineOpponentOptions::minimal()};
  SessionManager manager{*store, engine, time, ManagerOptions::driven_by_caller()};
  Lobby lobby{*store, manager, time};

  json create(SessionSetup setup) {
    auto created = manager.create(std::move(setup));
    EXPECT_TRUE(created) << (created ? "" : created.error().message);
    return created ? *created : json{};
  }
  Expected<json> move(const std::string& id, const std::string& token, const std::string& move) {
    return manager.act(id, token, Action::Move, move);
  }
};

// A game of chess for two people, the second seat open for a friend.
SessionSetup with_open_seat(bool rated = false, std::optional<std::int64_t> creator = {}) {
  SessionSetup setup;
  setup.game = "chess";
  setup.seats[0].player_id = creator;
  setup.seats[1].open = true;
  setup.rated = rated;
  return setup;
}

// A file of its own for a test that restarts the server on it.
struct TempDb {
  std::string path = (std::filesystem::temp_directory_path() /
                      ("qi_lobby_" + std::to_string(::getpid()) + "_" + new_token().substr(0, 8) + ".db"))
                         .string();
  ~TempDb() {
    for (const char* tail : {"", "-wal", "-shm"}) std::filesystem::remove(path + tail);
  }
};

TEST(OpenSeat, TheCreatorGetsItsTokenAndAnInviteButNoTokenOfTheOpenSeat) {
  LobbyWorld w;
  json game = w.create(with_open_seat());
  EXPECT_TRUE(game["tokens"].contains("first"));
  EXPECT_FALSE(game["tokens"].contains("second"));
  const std::string invite = game["invites"]["second"];
  EXPECT_EQ(invite.size(), 32u);  // 128 bits in hex
  EXPECT_TRUE(game["seats"][1]["open"].get<bool>());
  EXPECT_TRUE(game["waiting_for_seat"].get<bool>());
  // The public view never carries the invite.
  EXPECT_EQ(w.manager.view(game["id"]).value().dump().find(invite), std::string::npos);
}

TEST(OpenSeat, IsTakenExactlyOnce) {
  LobbyWorld w;
  json game = w.create(with_open_seat());
  auto first = w.manager.claim_seat(game["id"], game["invites"]["second"], std::nullopt, "Mei");
  ASSERT_TRUE(first) << first.error().message;
  EXPECT_EQ((*first)["side"], "second");
  EXPECT_EQ((*first)["seats"][1]["name"], "Mei");
  EXPECT_FALSE((*first)["seats"][1]["open"].get<bool>());
  auto second = w.manager.claim_seat(game["id"], game["invites"]["second"], std::nullopt, "Li");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, "seat_taken");
  auto wrong = w.manager.claim_seat(game["id"], std::string(32, '0'), std::nullopt, "Li");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, "wrong_invite");
  // The token the claim gave plays the seat.
  ASSERT_TRUE(w.move(game["id"], game["tokens"]["first"], "e4"));
  EXPECT_TRUE(w.move(game["id"], (*first)["token"], "e5"));
}

TEST(OpenSeat, NoMoveNoClockAndNoFirstMoveRuleUntilTheSeatIsTaken) {
  LobbyWorld w;
  SessionSetup setup = with_open_seat();
  setup.time_control = TimeControl::sudden_death(60'000);
  json game = w.create(setup);
  auto early = w.move(game["id"], game["tokens"]["first"], "e4");
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().code, "seat_open");
  // Long past the first-move rule's minute, the game still waits.
  w.time.advance(5 * Session::kFirstMoveMs);
  w.manager.tick();
  json view = w.manager.view(game["id"]).value();
  EXPECT_EQ(view["outcome"]["verdict"], "ongoing");
  EXPECT_EQ(view["clock"]["remaining_ms"][0], 60'000);
  // The creator may still give up waiting.
  EXPECT_TRUE(view["leave"]["first"]["abort"].get<bool>());
  ASSERT_TRUE(w.manager.claim_seat(game["id"], game["invites"]["second"], std::nullopt, ""));
  EXPECT_TRUE(w.move(game["id"], game["tokens"]["first"], "e4"));
}

TEST(OpenSeat, ARatedSeatIsTakenWithAProfileAndNotByTheCreatorItself) {
  LobbyWorld w;
  auto a = w.store->add_player("Ann").value(), b = w.store->add_player("Bo").value();
  json game = w.create(with_open_seat(true, a.id));
  auto anonymous = w.manager.claim_seat(game["id"], game["invites"]["second"], std::nullopt, "x");
  ASSERT_FALSE(anonymous);
  EXPECT_EQ(anonymous.error().code, "rated_needs_profile");
  auto itself = w.manager.claim_seat(game["id"], game["invites"]["second"], a.id, "");
  ASSERT_FALSE(itself);
  EXPECT_EQ(itself.error().code, "own_challenge");
  auto bo = w.manager.claim_seat(game["id"], game["invites"]["second"], b.id, "");
  ASSERT_TRUE(bo) << bo.error().message;
  EXPECT_EQ((*bo)["seats"][1]["name"], "Bo");
}

TEST(OpenSeat, AnOpenSeatAndItsClaimSurviveARestart) {
  TempDb db;
  json game;
  {
    LobbyWorld w(db.path);
    game = w.create(with_open_seat());
  }
  std::string token;
  {
    LobbyWorld w(db.path);
    auto claimed = w.manager.claim_seat(game["id"], game["invites"]["second"], std::nullopt, "Mei");
    ASSERT_TRUE(claimed) << claimed.error().message;
    token = (*claimed)["token"];
  }
  LobbyWorld w(db.path);
  auto again = w.manager.claim_seat(game["id"], game["invites"]["second"], std::nullopt, "Li");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "seat_taken");
  ASSERT_TRUE(w.move(game["id"], game["tokens"]["first"], "e4"));
  EXPECT_TRUE(w.move(game["id"], token, "e5"));
}

ChallengeRequest chess_challenge(const std::string& side = "random") {
  ChallengeRequest r;
  r.game = "chess";
  r.side = side;
  r.name = "Ann";
  return r;
}

TEST(Challenges, AreListedNewestFirstWithoutTheirSecrets) {
  LobbyWorld w;
  json older = w.lobby.create(chess_challenge(), "a").value();
  w.time.advance(1000);
  json newer = w.lobby.create(chess_challenge(), "b").value();
  json list = w.lobby.list().value();
  ASSERT_EQ(list.size(), 2u);
  EXPECT_EQ(list[0]["id"], newer["id"]);
  EXPECT_EQ(list[1]["id"], older["id"]);
  EXPECT_EQ(list.dump().find(older["secret"].get<std::string>()), std::string::npos);
}

TEST(Challenges, TheAccepterPlaysTheOtherSideAndTheCreatorFindsItsSeatByPolling) {
  LobbyWorld w;
  json made = w.lobby.create(chess_challenge("second"), "a").value();
  json waiting = w.lobby.poll(made["id"], made["secret"]).value();
  EXPECT_FALSE(waiting.contains("token"));
  json accepted = w.lobby.accept(made["id"], std::nullopt, "Bo").value();
  EXPECT_EQ(accepted["side"], "first");
  json polled = w.lobby.poll(made["id"], made["secret"]).value();
  EXPECT_EQ(polled["game"], accepted["game"]);
  EXPECT_EQ(polled["side"], "second");
  ASSERT_TRUE(w.move(accepted["game"], accepted["token"], "e4"));
  EXPECT_TRUE(w.move(accepted["game"], polled["token"], "e5"));
  EXPECT_TRUE(w.lobby.list().value().empty());
  auto wrong = w.lobby.poll(made["id"], std::string(32, 'f'));
  ASSERT_FALSE(wrong);
  EXPECT_EQ(wrong.error().code, "wrong_secret");
}

TEST(Challenges, ExactlyOneOfTwoAcceptsAtOnceWins) {
  LobbyWorld w;
  for (int round = 0; round < 20; ++round) {
    json made = w.lobby.create(chess_challenge(), "a").value();
    std::atomic<int> won = 0, refused = 0;
    auto accept = [&] {
      auto r = w.lobby.accept(made["id"], std::nullopt, "");
      if (r)
        ++won;
      else if (r.error().code == "challenge_taken")
        ++refused;
    };
    std::thread one(accept), two(accept);
    one.join();
    two.join();
    EXPECT_EQ(won, 1);
    EXPECT_EQ(refused, 1);
    EXPECT_TRUE(w.lobby.poll(made["id"], made["secret"]).value().contains("game"));
  }
}

TEST(Challenges, EndWhenTheCreatorStopsPollingOrCancelsAndAreBoundedPerClient) {
  LobbyWorld w;
  LobbyOptions options;
  Lobby& lobby = w.lobby;
  json kept = lobby.create(chess_challenge(), "a").value();
  json dropped = lobby.create(chess_challenge(), "a").value();
  for (int i = 0; i < 4; ++i) {
    w.time.advance(options.keep_alive_ms / 2);
    ASSERT_TRUE(lobby.poll(kept["id"], kept["secret"]));
  }
  ASSERT_EQ(lobby.list().value().size(), 1u);
  EXPECT_EQ(lobby.list().value()[0]["id"], kept["id"]);
  auto late = lobby.accept(dropped["id"], std::nullopt, "");
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, "no_such_challenge");
  ASSERT_TRUE(lobby.cancel(kept["id"], kept["secret"]));
  EXPECT_TRUE(lobby.list().value().empty());
  // One address has a few open at most; another address still may.
  for (int i = 0; i < options.bounds.per_client; ++i) ASSERT_TRUE(lobby.create(chess_challenge(), "b"));
  auto beyond = lobby.create(chess_challenge(), "b");
  ASSERT_FALSE(beyond);
  EXPECT_EQ(beyond.error().code, "too_many_challenges");
  EXPECT_TRUE(lobby.create(chess_challenge(), "c"));
  // Even a challenge kept alive ends with its lifetime.
  json old = lobby.create(chess_challenge(), "d").value();
  for (std::int64_t t = 0; t <= options.lifetime_ms; t += options.keep_alive_ms / 2) {
    w.time.advance(options.keep_alive_ms / 2);
    (void)lobby.poll(old["id"], old["secret"]);
  }
  EXPECT_FALSE(lobby.accept(old["id"], std::nullopt, ""));
}

TEST(Challenges, BadChoicesAreRefusedWithAReason) {
  LobbyWorld w;
  ChallengeRequest r = chess_challenge();
  r.game = "go";
  EXPECT_FALSE(w.lobby.create(r, "a"));
  r = chess_challenge();
  r.side = "middle";
  EXPECT_FALSE(w.lobby.create(r, "a"));
  r = chess_challenge();
  r.rated = true;
  auto rated = w.lobby.create(r, "a");
  ASSERT_FALSE(rated);
  EXPECT_EQ(rated.error().code, "rated_needs_profile");
}

// Two people play a game to its end by a resignation.
json finished_game(LobbyWorld& w, SessionSetup setup) {
  json game = w.create(std::move(setup));
  EXPECT_TRUE(w.move(game["id"], game["tokens"]["first"], "e4"));
  EXPECT_TRUE(w.move(game["id"], game["tokens"]["second"], "e5"));
  EXPECT_TRUE(w.manager.act(game["id"], game["tokens"]["second"], Action::Resign));
  return game;
}

SessionSetup two_people(const std::string& first, const std::string& second) {
  SessionSetup setup;
  setup.game = "chess";
  setup.seats[0].name = first;
  setup.seats[1].name = second;
  return setup;
}

TEST(Rematch, IsMadeWhenBothAskWithColoursSwappedAndEachGetsOnlyItsOwnToken) {
  LobbyWorld w;
  json old = finished_game(w, two_people("Ann", "Bo"));
  json offered = w.manager.rematch(old["id"], old["tokens"]["first"]).value();
  EXPECT_EQ(offered["rematch"]["offered_by"], "first");
  EXPECT_FALSE(offered["rematch"].contains("token"));
  json made = w.manager.rematch(old["id"], old["tokens"]["second"]).value();
  const std::string next = made["rematch"]["game"];
  EXPECT_EQ(made["rematch"]["side"], "first");
  json view = w.manager.view(next).value();
  EXPECT_EQ(view["seats"][0]["name"], "Bo");
  EXPECT_EQ(view["seats"][1]["name"], "Ann");
  // Ann asks again and gets hers; the old game's view shows only the new id.
  json ann = w.manager.rematch(old["id"], old["tokens"]["first"]).value();
  EXPECT_EQ(ann["rematch"]["game"], next);
  EXPECT_EQ(ann["rematch"]["side"], "second");
  EXPECT_NE(ann["rematch"]["token"], made["rematch"]["token"]);
  json old_view = w.manager.view(old["id"]).value();
  EXPECT_EQ(old_view["rematch"], (json{{"game", next}}));
  ASSERT_TRUE(w.move(next, made["rematch"]["token"], "d4"));  // Bo now plays White
  EXPECT_TRUE(w.move(next, ann["rematch"]["token"], "d5"));
}

TEST(Rematch, TheEngineAcceptsAtOnceAndOnlyAFinishedGameHasOne) {
  LobbyWorld w;
  SessionSetup setup;
  setup.game = "tictactoe";
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 1;
  json game = w.create(setup);
  auto early = w.manager.rematch(game["id"], game["tokens"]["first"]);
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().code, "rematch_not_over");
  ASSERT_TRUE(w.manager.act(game["id"], game["tokens"]["first"], Action::Resign));
  json made = w.manager.rematch(game["id"], game["tokens"]["first"]).value();
  EXPECT_EQ(made["rematch"]["side"], "second");
  json view = w.manager.view(made["rematch"]["game"]).value();
  EXPECT_EQ(view["seats"][0]["kind"], "engine");
  EXPECT_EQ(view["seats"][1]["kind"], "human");
}

TEST(Rematch, AnOfferSurvivesARestart) {
  TempDb db;
  json old;
  {
    LobbyWorld w(db.path);
    old = finished_game(w, two_people("Ann", "Bo"));
    ASSERT_TRUE(w.manager.rematch(old["id"], old["tokens"]["second"]));
  }
  LobbyWorld w(db.path);
  EXPECT_EQ(w.manager.view(old["id"]).value()["rematch"]["offered_by"], "second");
  json made = w.manager.rematch(old["id"], old["tokens"]["first"]).value();
  EXPECT_EQ(made["rematch"]["side"], "second");
}

}  // namespace
}  // namespace qi::app
