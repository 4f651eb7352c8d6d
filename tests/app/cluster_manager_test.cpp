// Two servers sharing one store (cluster.h), in one process: the store is
// one real SQLite database, and the cluster a hub in memory that keeps
// leases and passes announcements between the two managers the way
// PostgreSQL's LISTEN/NOTIFY does between two processes (the tests with a
// real PostgreSQL server are postgres_*_test.cpp and the two-instance check
// of tests/cli). Here the managers are driven by the test: announcements
// are handled, engine moves played and clocks ticked when the test says.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "../support/forwarding_store.h"
#include "app/engine_opponent.h"
#include "app/refusal_codes.h"
#include "app/session_manager.h"
#include "app/storage/cluster.h"
#include "app/storage/sqlite_store.h"
#include "app/tournament/tournaments.h"
#include "core/clock.h"

namespace qi::app {
namespace {

using Action = SessionManager::Action;
using nlohmann::json;

// The database's side of a cluster: leases, who is alive, and the
// announcements (a change is announced when its write commits).
struct Hub {
  std::mutex mutex;
  std::map<std::string, std::string> leases;  // game -> holder
  std::set<std::string> stopped;              // instances that stopped renewing
  std::map<std::string, std::function<void(const ClusterEvent&)>> listeners;

  // The instance stops renewing its leases (it was killed).
  void stop(const std::string& instance) {
    std::lock_guard lock(mutex);
    stopped.insert(instance);
  }

  void tell_others(const ClusterEvent& event) {
    std::vector<std::function<void(const ClusterEvent&)>> to;
    {
      std::lock_guard lock(mutex);
      for (auto& [name, listener] : listeners)
        if (name != event.instance && listener) to.push_back(listener);
    }
    for (auto& listener : to) listener(event);
  }
};

class HubCluster final : public Cluster {
 public:
  HubCluster(Hub& hub, std::string name) : hub_(hub), name_(std::move(name)) {}
  const std::string& instance() const override { return name_; }
  bool claim(const std::string& id) override {
    std::lock_guard lock(hub_.mutex);
    auto it = hub_.leases.find(id);
    if (it == hub_.leases.end() || hub_.stopped.contains(it->second)) hub_.leases[id] = name_;
    return hub_.leases[id] == name_;
  }
  bool holds(const std::string& id) const override {
    std::lock_guard lock(hub_.mutex);
    auto it = hub_.leases.find(id);
    return it != hub_.leases.end() && it->second == name_;
  }
  void release(const std::string& id) override {
    std::lock_guard lock(hub_.mutex);
    if (auto it = hub_.leases.find(id); it != hub_.leases.end() && it->second == name_) hub_.leases.erase(it);
  }
  std::vector<TakenOver> take_over_orphans() override {
    std::lock_guard lock(hub_.mutex);
    std::vector<TakenOver> out;
    for (auto& [id, holder] : hub_.leases)
      if (hub_.stopped.contains(holder) && !hub_.stopped.contains(name_)) {
        holder = name_;
        out.push_back({id, 0});
      }
    return out;
  }
  void set_listener(std::function<void(const ClusterEvent&)> listener) override {
    std::lock_guard lock(hub_.mutex);
    hub_.listeners[name_] = std::move(listener);
  }
  void announce(const ClusterEvent& event) override { hub_.tell_others(event); }
  bool shared() const override { return true; }

 private:
  Hub& hub_;
  std::string name_;
};

// One server's way to the shared database: its committed game writes are
// announced to the other server (PostgreSQL: a NOTIFY in the transaction).
class AnnouncingStore final : public test::ForwardingStore {
 public:
  AnnouncingStore(Store& inner, Hub& hub, std::string name)
      : ForwardingStore(inner), hub_(hub), name_(std::move(name)) {}
  Status save_game(const GameWrite& w) override {
    Status st = inner_.save_game(w);
    if (st)
      hub_.tell_others({.kind = ClusterEvent::Kind::Changed,
                        .game_id = w.saved.id,
                        .instance = name_,
                        .version = w.remove ? 0 : w.saved.version});
    return st;
  }

 private:
  Hub& hub_;
  std::string name_;
};

struct Server {
  Server(Store& db, Hub& hub, Clock& time, Opponent& engine, const std::string& name)
      : store(db, hub, name),
        cluster(hub, name),
        manager(store, engine, time, ManagerOptions::driven_by_caller(), &cluster) {}
  AnnouncingStore store;
  HubCluster cluster;
  SessionManager manager;
};

struct TwoServers {
  std::unique_ptr<SqliteStore> db = SqliteStore::open(":memory:").value();
  Hub hub;
  FakeClock time;
  EngineOpponent engine{EngineOpponentOptions::minimal()};
  Server a{*db, hub, time, engine, "a"};
  Server b{*db, hub, time, engine, "b"};

  void deliver() {
    a.manager.handle_cluster_events();
    b.manager.handle_cluster_events();
  }
  int plies_stored(const std::string& id) {
    auto saved = db->load_game(id).value();
    return saved ? static_cast<int>(saved->moves.size()) : -1;
  }
};

SessionSetup people(const std::string& game = "chess") {
  SessionSetup setup;
  setup.game = game;
  return setup;
}

TEST(TwoServers, AMoveMadeThroughOneIsSeenThroughTheOther) {
  TwoServers w;
  json game = w.a.manager.create(people()).value();
  const std::string id = game["id"];
  json before = w.b.manager.view(id).value();  // b has it in memory now
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));
  w.deliver();
  json after = w.b.manager.view(id).value();
  EXPECT_GT(after["version"].get<std::uint64_t>(), before["version"].get<std::uint64_t>());
  EXPECT_EQ(after["moves"].size(), 1u);
}

TEST(TwoServers, TwoMovesForOneTurnAtTwoServersArePlayedOnce) {
  TwoServers w;
  json game = w.a.manager.create(people()).value();
  const std::string id = game["id"];
  (void)w.b.manager.view(id);  // both hold a copy at the same version
  // White's move reaches a; the same turn's other move reaches b before b
  // has heard of the first: the database orders them.
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));
  auto second = w.b.manager.act(id, game["tokens"]["first"], Action::Move, "d4");
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, "not_your_turn");
  EXPECT_EQ(w.plies_stored(id), 1);
  // b now shows the game as the store has it, and play goes on through it.
  ASSERT_TRUE(w.b.manager.act(id, game["tokens"]["second"], Action::Move, "e5"));
  w.deliver();
  EXPECT_EQ(w.a.manager.view(id).value()["moves"].size(), 2u);
  EXPECT_EQ(w.plies_stored(id), 2);
}

TEST(TwoServers, MovesAlternatingThroughBothAreCheckedAgainstTheStoredGameNotAStaleCopy) {
  TwoServers w;
  json game = w.a.manager.create(people()).value();
  const std::string id = game["id"];
  (void)w.b.manager.view(id);  // both hold a copy
  // White's moves go through a, Black's through b, each the moment the one
  // before it was answered: neither has heard of the other's move yet (no
  // announcement is delivered), so each one's copy is a move behind.
  const char* moves[] = {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"};
  for (int ply = 0; ply < 10; ++ply) {
    Server& through = ply % 2 == 0 ? w.a : w.b;
    auto played =
        through.manager.act(id, game["tokens"][ply % 2 == 0 ? "first" : "second"], Action::Move, moves[ply]);
    EXPECT_TRUE(played) << moves[ply] << ": " << played.error().code << " " << played.error().message;
  }
  EXPECT_EQ(w.plies_stored(id), 10);
}

TEST(TwoServers, AMoveRefusedByTheStoredGameIsStillRefused) {
  TwoServers w;
  json game = w.a.manager.create(people()).value();
  const std::string id = game["id"];
  (void)w.b.manager.view(id);
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));
  // Black's illegal move through b is refused for what it is, read against the stored game.
  auto refused = w.b.manager.act(id, game["tokens"]["second"], Action::Move, "e4");
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().code, "not_your_turn") << refused.error().message;
  EXPECT_EQ(w.b.manager.view(id).value()["moves"].size(), 1u) << "b reads the game as stored";
  EXPECT_EQ(w.plies_stored(id), 1);
}

TEST(TwoServers, TheEngineMovesOnlyAtTheServerHoldingTheLease) {
  TwoServers w;
  SessionSetup setup = people();
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 1;
  json game = w.a.manager.create(setup).value();
  const std::string id = game["id"];
  (void)w.a.manager.view(id);
  ASSERT_TRUE(w.b.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));
  w.deliver();
  ASSERT_NE(w.a.cluster.holds(id), w.b.cluster.holds(id));  // exactly one runs its engine
  Server& runner = w.a.cluster.holds(id) ? w.a : w.b;
  Server& other = w.a.cluster.holds(id) ? w.b : w.a;
  other.manager.run_engine_moves();
  EXPECT_EQ(w.plies_stored(id), 1);
  runner.manager.run_engine_moves();
  EXPECT_EQ(w.plies_stored(id), 2);
  w.deliver();
  EXPECT_EQ(other.manager.view(id).value()["moves"].size(), 2u);
}

TEST(TwoServers, AStoppedServersGamesAreTakenOverWithNothingAcknowledgedLost) {
  TwoServers w;
  SessionSetup setup = people();
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 1;
  json game = w.a.manager.create(setup).value();
  const std::string id = game["id"];
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));  // acknowledged
  // a stops before its engine replies (killed); b notices its lease lapse.
  w.hub.stop("a");
  w.time.advance(1000);
  w.b.manager.tick();
  EXPECT_TRUE(w.b.cluster.holds(id));
  EXPECT_EQ(w.b.manager.games_taken_over(), 1u);
  w.b.manager.run_engine_moves();
  json view = w.b.manager.view(id).value();
  ASSERT_EQ(view["moves"].size(), 2u);
  EXPECT_EQ(view["moves"][0]["id"], "e2e4");
}

TEST(TwoServers, ATakenOverClockIsNotChargedForTheTakeover) {
  TwoServers w;
  SessionSetup setup = people();
  setup.time_control = parse_time_control("5+0").value();
  json game = w.a.manager.create(setup).value();
  const std::string id = game["id"];
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["second"], Action::Move, "e5"));
  ASSERT_TRUE(w.a.cluster.holds(id));
  const std::int64_t left = w.a.manager.view(id).value()["clock"]["remaining_ms"][0];
  w.hub.stop("a");
  w.time.advance(4000);  // a was killed; its lease lapses and b takes over
  w.b.manager.tick();
  ASSERT_TRUE(w.b.cluster.holds(id));
  const std::int64_t after = w.b.manager.view(id).value()["clock"]["remaining_ms"][0];
  EXPECT_EQ(after, left);
  w.time.advance(1000);  // from here White's time runs again
  EXPECT_EQ(w.b.manager.view(id).value()["clock"]["remaining_ms"][0].get<std::int64_t>(), left - 1000);
}

TEST(TwoServers, TheFlagFallsAtTheLeaseHolderOnly) {
  TwoServers w;
  SessionSetup setup = people();
  setup.time_control = parse_time_control("1+0").value();
  json game = w.a.manager.create(setup).value();
  const std::string id = game["id"];
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Move, "e4"));
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["second"], Action::Move, "e5"));
  w.deliver();
  (void)w.b.manager.view(id);
  w.time.advance(61'000);
  w.b.manager.tick();
  EXPECT_EQ(w.db->load_game(id).value()->adjudication, std::nullopt);  // b does not run its clock
  w.a.manager.tick();
  ASSERT_TRUE(w.db->load_game(id).value()->adjudication.has_value());
  w.deliver();
  EXPECT_EQ(w.b.manager.view(id).value()["outcome"]["verdict"], "win");
}

TEST(TwoServers, PresenceAtOneServerIsSeenAtTheOther) {
  TwoServers w;
  json game = w.a.manager.create(people()).value();
  const std::string id = game["id"];
  (void)w.b.manager.view(id);
  w.time.advance(40'000);
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Presence));
  w.deliver();
  json view = w.b.manager.view(id).value();
  EXPECT_TRUE(view["presence"]["first"]["here"].get<bool>());
  EXPECT_FALSE(view["presence"]["second"]["here"].get<bool>());
}

TEST(TwoServers, AGameRemovedThroughOneServerIsGoneAtTheOther) {
  TwoServers w;
  json game = w.a.manager.create(people()).value();
  const std::string id = game["id"];
  (void)w.b.manager.view(id);
  ASSERT_TRUE(w.a.manager.act(id, game["tokens"]["first"], Action::Remove));
  w.deliver();
  EXPECT_FALSE(w.b.manager.view(id));
}

}  // namespace
}  // namespace qi::app

namespace qi::app {
namespace {

// A tournament shared by two servers: entries through either, the round
// paired through one and its games played through the other, the results
// brought in whichever server looks; a server killed after writing a round
// loses nothing (the other makes its games).
TEST(TwoServers, ATournamentRoundPairedThroughOneIsPlayedAndScoredThroughTheOther) {
  TwoServers w;
  Tournaments at_a{w.a.store, w.a.manager, w.time};
  Tournaments at_b{w.b.store, w.b.manager, w.time};
  const std::int64_t organiser = w.db->add_player("Organiser").value().id;
  std::vector<std::int64_t> players;
  for (int i = 0; i < 4; ++i) players.push_back(w.db->add_player("Player " + std::to_string(i)).value().id);
  TournamentSettings s;
  s.name = "Two servers";
  s.game = "chess";
  s.rounds = 2;
  Tournament t = at_a.create(organiser, s).value();
  for (int i = 0; i < 4; ++i) ASSERT_TRUE((i % 2 ? at_b : at_a).join(t.id, players[i]));
  ASSERT_TRUE(at_a.start_round(t.id, organiser));
  for (std::int64_t p : players) {
    auto seat = at_b.seat(t.id, p);
    ASSERT_TRUE(seat) << seat.error().message;
    if (seat->side == "first") {
      ASSERT_TRUE(w.b.manager.act(seat->game_id, seat->token, Action::Resign));
    }
  }
  w.deliver();
  w.time.advance(2000);
  Tournament scored = at_a.get(t.id).value();
  ASSERT_TRUE(scored.rounds[0].complete());
  for (const Board& b : scored.rounds[0].boards) EXPECT_EQ(b.result, BoardResult::SecondWins);
  EXPECT_TRUE(at_b.start_round(t.id, organiser));
}

}  // namespace
}  // namespace qi::app
