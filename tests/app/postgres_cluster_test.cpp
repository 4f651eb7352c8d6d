// Several instances on one PostgreSQL database (a real server, see
// tests/support/postgres_server.h): leases held while renewed and taken over
// once not, and what one instance announces or commits heard by the others.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "../support/game_writes.h"
#include "../support/postgres_server.h"
#include "app/storage/postgres_cluster.h"
#include "app/storage/postgres_store.h"

namespace qi::app {
namespace {

// Generous: the lease TTL is 3 s; these only bound a wait that normally
// ends far sooner.
constexpr auto kPatience = std::chrono::seconds(20);

// What a cluster's listener heard.
class Heard {
 public:
  void operator()(const ClusterEvent& e) {
    std::lock_guard lock(mutex_);
    events_.push_back(e);
    cv_.notify_all();
  }
  // Waits (up to kPatience) for an event that `match` accepts.
  std::optional<ClusterEvent> wait_for(const std::function<bool(const ClusterEvent&)>& match) {
    std::unique_lock lock(mutex_);
    std::optional<ClusterEvent> found;
    cv_.wait_for(lock, kPatience, [&] {
      for (const ClusterEvent& e : events_)
        if (match(e)) {
          found = e;
          return true;
        }
      return false;
    });
    return found;
  }
  std::vector<ClusterEvent> all() {
    std::lock_guard lock(mutex_);
    return events_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable cv_;
  std::vector<ClusterEvent> events_;
};

class PostgresClusterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db = test::fresh_postgres_database();
    ASSERT_TRUE(db) << db.error().message;
    uri = *db;
    auto s = PostgresStore::open(uri, "a");  // migrates
    ASSERT_TRUE(s) << s.error().message;
    store_a = std::move(*s);
    a = open_cluster("a");
    b = open_cluster("b");
    ASSERT_TRUE(a && b);
  }
  std::unique_ptr<PostgresCluster> open_cluster(const std::string& name) {
    auto c = PostgresCluster::open(uri, name);
    EXPECT_TRUE(c) << c.error().message;
    return c ? std::move(*c) : nullptr;
  }
  std::string uri;
  std::unique_ptr<PostgresStore> store_a;
  std::unique_ptr<PostgresCluster> a, b;
};

TEST_F(PostgresClusterTest, ALeaseIsHeldWhileItsHolderRenewsIt) {
  EXPECT_TRUE(a->shared());
  EXPECT_TRUE(a->claim("g1"));
  EXPECT_TRUE(a->holds("g1"));
  EXPECT_TRUE(a->claim("g1")) << "claiming again what it holds";
  EXPECT_FALSE(b->claim("g1"));
  EXPECT_FALSE(b->holds("g1"));
  EXPECT_TRUE(b->take_over_orphans().empty());
  a->release("g1");
  EXPECT_FALSE(a->holds("g1"));
  // b remembers for 2 s that a held it (a game's every change asks), then
  // asks the database again.
  bool taken = false;
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (!(taken = b->claim("g1")) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_TRUE(taken);
  EXPECT_FALSE(a->claim("g1"));
}

TEST_F(PostgresClusterTest, AnInstanceThatStopsRenewingHasItsGamesTakenOver) {
  ASSERT_TRUE(a->claim("g1"));
  ASSERT_TRUE(a->claim("g2"));
  const std::int64_t before = std::chrono::duration_cast<std::chrono::milliseconds>(
                                  std::chrono::system_clock::now().time_since_epoch())
                                  .count();
  a->stop_heartbeat();  // as if killed
  std::vector<TakenOver> taken;
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (taken.size() < 2 && std::chrono::steady_clock::now() < deadline) {
    for (TakenOver& t : b->take_over_orphans()) taken.push_back(std::move(t));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(taken.size(), 2u);
  for (const TakenOver& t : taken) {
    EXPECT_TRUE(t.game_id == "g1" || t.game_id == "g2") << t.game_id;
    EXPECT_TRUE(b->holds(t.game_id));
    // Last seen at its last renewal: about when it stopped (clocks of one
    // machine; a margin for rounding and the database's clock).
    EXPECT_LE(t.holder_last_seen_ms, before + 1000);
    EXPECT_GE(t.holder_last_seen_ms, before - 3000);
  }
  EXPECT_FALSE(a->claim("g1")) << "b is alive and holds it";
  EXPECT_TRUE(b->take_over_orphans().empty()) << "taken once";
}

TEST_F(PostgresClusterTest, AnInstanceLeavingInGoodOrderLeavesItsGamesAtOnce) {
  ASSERT_TRUE(a->claim("g1"));
  a.reset();
  std::vector<TakenOver> taken;
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (taken.empty() && std::chrono::steady_clock::now() < deadline) {
    taken = b->take_over_orphans();
    if (taken.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_EQ(taken[0].game_id, "g1");
}

TEST_F(PostgresClusterTest, SurvivorsShareTheGamesOfADeadInstance) {
  auto c = open_cluster("c");
  ASSERT_TRUE(c);
  for (int i = 0; i < 2 * PostgresCluster::kTakeOverBatch; ++i)
    ASSERT_TRUE(a->claim("g" + std::to_string(i)));
  a->stop_heartbeat();
  std::set<std::string> by_b, by_c;
  const auto deadline = std::chrono::steady_clock::now() + kPatience;
  while (by_b.size() + by_c.size() < 2u * PostgresCluster::kTakeOverBatch &&
         std::chrono::steady_clock::now() < deadline) {
    std::thread other([&] {
      for (auto& t : c->take_over_orphans()) by_c.insert(t.game_id);
    });
    for (auto& t : b->take_over_orphans()) by_b.insert(t.game_id);
    other.join();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  EXPECT_EQ(by_b.size() + by_c.size(), 2u * PostgresCluster::kTakeOverBatch);
  for (const std::string& id : by_b) EXPECT_EQ(by_c.count(id), 0u) << id << " taken twice";
}

TEST_F(PostgresClusterTest, CommitsAndAnnouncementsReachTheOthers) {
  Heard heard_by_a, heard_by_b;
  a->set_listener([&](const ClusterEvent& e) { heard_by_a(e); });
  b->set_listener([&](const ClusterEvent& e) { heard_by_b(e); });
  ASSERT_TRUE(store_a->save_game(test::game_write("g1", 7)));
  auto changed =
      heard_by_b.wait_for([](const ClusterEvent& e) { return e.kind == ClusterEvent::Kind::Changed; });
  ASSERT_TRUE(changed.has_value());
  EXPECT_EQ(changed->game_id, "g1");
  EXPECT_EQ(changed->version, 7u);
  EXPECT_EQ(changed->instance, "a");

  ClusterEvent presence;
  presence.kind = ClusterEvent::Kind::Presence;
  presence.game_id = "g1";
  presence.side = Side::Second;
  presence.at_ms = 123456789;
  a->announce(presence);
  ClusterEvent spectators;
  spectators.kind = ClusterEvent::Kind::Spectators;
  spectators.game_id = "g1";
  spectators.count = 3;
  a->announce(spectators);
  auto p = heard_by_b.wait_for([](const ClusterEvent& e) { return e.kind == ClusterEvent::Kind::Presence; });
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->side, Side::Second);
  EXPECT_EQ(p->at_ms, 123456789);
  EXPECT_EQ(p->instance, "a");
  auto s =
      heard_by_b.wait_for([](const ClusterEvent& e) { return e.kind == ClusterEvent::Kind::Spectators; });
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->count, 3);

  // b's own word comes back to a, never to b itself; so once a has heard
  // it, b has had every chance to hear its own.
  b->announce(spectators);
  ASSERT_TRUE(heard_by_a.wait_for([](const ClusterEvent& e) { return e.instance == "b"; }).has_value());
  for (const ClusterEvent& e : heard_by_b.all()) EXPECT_NE(e.instance, "b");
  for (const ClusterEvent& e : heard_by_a.all()) EXPECT_NE(e.instance, "a");
}

// Announcements are sent by a thread of their own, several a statement:
// more than one batch, with game ids (no spaces, as ids are) that need
// quoting in an array, all
// reach the others in the order they were made.
TEST_F(PostgresClusterTest, AnnouncementsSentInBatchesArriveWholeAndInOrder) {
  Heard heard_by_b;
  b->set_listener([&](const ClusterEvent& e) { heard_by_b(e); });
  const int n = static_cast<int>(PostgresCluster::kAnnouncementBatch) * 2 + 7;
  auto id_of = [](int i) { return "g\"" + std::to_string(i) + "\\{x},棋"; };
  for (int i = 0; i < n; ++i) {
    ClusterEvent spectators;
    spectators.kind = ClusterEvent::Kind::Spectators;
    spectators.game_id = id_of(i);
    spectators.count = i;
    a->announce(spectators);
  }
  ASSERT_TRUE(heard_by_b.wait_for([&](const ClusterEvent& e) { return e.count == n - 1; }).has_value());
  std::vector<ClusterEvent> heard;
  for (const ClusterEvent& e : heard_by_b.all())
    if (e.kind == ClusterEvent::Kind::Spectators) heard.push_back(e);
  ASSERT_EQ(heard.size(), static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    EXPECT_EQ(heard[i].count, i);
    EXPECT_EQ(heard[i].game_id, id_of(i));
  }
}

TEST(ClusterPayloads, ATextArrayQuotesWhatTheArraySyntaxWouldRead) {
  EXPECT_EQ(pg_text_array({}), "{}");
  EXPECT_EQ(pg_text_array({"a", "b c", "{\"q\"}", "back\\slash", ""}),
            R"({"a","b c","{\"q\"}","back\\slash",""})");
}

TEST(ClusterPayloads, RoundTripAndBadOnesAreRefused) {
  ClusterEvent p;
  p.kind = ClusterEvent::Kind::Presence;
  p.instance = "host:12:abcd";
  p.game_id = "0123abcd";
  p.side = Side::Second;
  p.at_ms = 42;
  auto back = parse_event_payload(event_payload(p));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(back->kind, ClusterEvent::Kind::Presence);
  EXPECT_EQ(back->instance, p.instance);
  EXPECT_EQ(back->game_id, p.game_id);
  EXPECT_EQ(back->side, Side::Second);
  EXPECT_EQ(back->at_ms, 42);
  for (const char* bad : {"", "P", "P x 2 5 g", "S x -1 g", "X x 1 g", "S x 1"})
    EXPECT_FALSE(parse_event_payload(bad).has_value()) << bad;
  auto game = parse_game_payload("g1 12 host:1:ab");
  ASSERT_TRUE(game.has_value());
  EXPECT_EQ(game->game_id, "g1");
  EXPECT_EQ(game->version, 12u);
  EXPECT_EQ(game->instance, "host:1:ab");
  for (const char* bad : {"", "g1", "g1 12", " 12 x", "g1 x1 y", "g1 99999999999999999999 y"})
    EXPECT_FALSE(parse_game_payload(bad).has_value()) << bad;
  EXPECT_NE(new_instance_name(), new_instance_name());
}

}  // namespace
}  // namespace qi::app
