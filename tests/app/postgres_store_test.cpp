// The PostgreSQL store against a real PostgreSQL server started for the test
// program (tests/support/postgres_server.h), each test on its own database:
// every Store method, conditional writes, migrations, and the announcement
// of each committed write.
#include <gtest/gtest.h>
#include <libpq-fe.h>

#include <atomic>
#include <thread>

#include "../support/game_writes.h"
#include "../support/postgres_server.h"
#include "app/storage/group_commit_store.h"
#include "app/storage/postgres_migrations.h"
#include "app/storage/postgres_store.h"

namespace qi::app {
namespace {

using test::game_write;

class PostgresStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db = test::fresh_postgres_database();
    ASSERT_TRUE(db) << db.error().message;
    uri = *db;
    auto opened = PostgresStore::open(uri, "test-instance");
    ASSERT_TRUE(opened) << opened.error().message;
    store = std::move(*opened);
  }
  std::string uri;
  std::unique_ptr<PostgresStore> store;
};

TEST_F(PostgresStoreTest, GamesRoundTripWithTheirSummaries) {
  GameWrite w = game_write("g1", 3);
  w.ending = {"checkmate", "将死"};
  w.to_move = Side::Second;
  w.saved.setup.rated = true;
  ASSERT_TRUE(store->save_game(w));
  auto loaded = store->load_game("g1").value();
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->id, "g1");
  EXPECT_EQ(loaded->version, 3u);
  EXPECT_EQ(loaded->setup.seats[1].name, "Grace");
  EXPECT_FALSE(store->load_game("nope").value().has_value());

  auto unfinished = store->unfinished_games().value();
  ASSERT_EQ(unfinished.size(), 1u);
  EXPECT_EQ(unfinished[0].id, "g1");

  auto list = store->list_games(10, std::nullopt).value();
  ASSERT_EQ(list.size(), 1u);
  EXPECT_EQ(list[0].game, "tictactoe");
  EXPECT_EQ(list[0].status, "ongoing");
  EXPECT_EQ(list[0].ending.zh, "将死");
  EXPECT_EQ(list[0].to_move, "second");
  EXPECT_EQ(list[0].plies, 3);
  EXPECT_TRUE(list[0].rated);
  EXPECT_EQ(list[0].names[0], "Ada");

  GameWrite aborted = game_write("g2", 1);
  aborted.outcome.verdict = Verdict::Aborted;
  ASSERT_TRUE(store->save_game(aborted));
  EXPECT_EQ(store->list_games(10, std::nullopt).value().size(), 1u) << "aborted games are not listed";
  EXPECT_EQ(store->unfinished_games().value().size(), 1u);

  GameWrite removal = game_write("g1", 3);
  removal.remove = true;
  ASSERT_TRUE(store->save_game(removal));
  EXPECT_FALSE(store->load_game("g1").value().has_value());
}

TEST_F(PostgresStoreTest, PlayersRatingsAndLoginsRoundTrip) {
  auto ada = store->add_player("Ada", "hash-a");
  ASSERT_TRUE(ada) << ada.error().message;
  EXPECT_TRUE(ada->has_password);
  auto again = store->add_player("Ada");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().code, "name_taken");
  auto bob = store->add_player("Bob");
  ASSERT_TRUE(bob);
  ASSERT_EQ(store->players().value().size(), 2u);
  EXPECT_EQ(store->players().value()[0].name, "Ada");
  EXPECT_EQ(store->player(bob->id).value()->name, "Bob");
  EXPECT_FALSE(store->player(bob->id + 100).value().has_value());

  // A game with the player in a seat is listed for that player only.
  GameWrite w = game_write("g1", 1);
  w.saved.setup.seats[0].player_id = ada->id;
  ASSERT_TRUE(store->save_game(w));
  EXPECT_EQ(store->list_games(10, ada->id).value().size(), 1u);
  EXPECT_EQ(store->list_games(10, bob->id).value().size(), 0u);

  EXPECT_FALSE(store->rating(ada->id, "chess").value().has_value());
  EXPECT_FALSE(store->rated_already("g1").value());
  Rating r{ada->id, "chess", 1512.25, 1, ""};
  ASSERT_TRUE(store->save_rating(r, "g1", 5000));
  r.elo = 1498.0625;
  r.games = 2;
  // A rating change written with a game's result.
  GameWrite result = game_write("g1", 2, 1);
  result.ratings.push_back({r, 6000});
  ASSERT_TRUE(store->save_game(result));
  auto stored = store->rating(ada->id, "chess").value();
  ASSERT_TRUE(stored.has_value());
  EXPECT_DOUBLE_EQ(stored->elo, 1498.0625);
  EXPECT_EQ(stored->games, 2);
  auto history = store->rating_history(ada->id, "chess").value();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_DOUBLE_EQ(history[0].elo, 1512.25);
  EXPECT_EQ(history[1].at_ms, 6000);
  EXPECT_TRUE(store->rated_already("g1").value());

  EXPECT_EQ(store->password_hash(ada->id).value(), "hash-a");
  EXPECT_FALSE(store->password_hash(bob->id + 100).value().has_value());
  ASSERT_TRUE(store->add_login("token-1", ada->id, 1000, 2000));
  EXPECT_EQ(store->login_player("token-1", 1500).value(), ada->id);
  EXPECT_FALSE(store->login_player("token-1", 2000).value().has_value()) << "expired";
  ASSERT_TRUE(store->remove_login("token-1"));
  EXPECT_FALSE(store->login_player("token-1", 1500).value().has_value());
  ASSERT_TRUE(store->add_login("token-2", ada->id, 1000, 9000));
  ASSERT_TRUE(store->set_password_hash(ada->id, "hash-b"));
  EXPECT_EQ(store->password_hash(ada->id).value(), "hash-b");
  EXPECT_FALSE(store->login_player("token-2", 1500).value().has_value()) << "a new password ends the logins";
  EXPECT_TRUE(store->health().last_error.empty());
}

TEST_F(PostgresStoreTest, ConditionalWritesAreStaleAgainstAnotherVersion) {
  ASSERT_TRUE(store->save_game(game_write("g1", 1)));
  ASSERT_TRUE(store->save_game(game_write("g1", 2, 1)));
  Status stale = store->save_game(game_write("g1", 3, 1));
  ASSERT_FALSE(stale);
  EXPECT_EQ(stale.error().code, "stale");
  EXPECT_EQ(store->load_game("g1").value()->version, 2u);
  Status missing = store->save_game(game_write("gone", 1, 0));
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, "stale");
  GameWrite removal = game_write("g1", 2, 1);
  removal.remove = true;
  EXPECT_EQ(store->save_game(removal).error().code, "stale");
  EXPECT_TRUE(store->load_game("g1").value().has_value());

  auto batch = store->save_games({game_write("g1", 3, 2), game_write("g1x", 1, 4), game_write("g2", 1)});
  ASSERT_TRUE(batch) << batch.error().message;
  EXPECT_EQ(*batch, StaleWrites{1});
  EXPECT_EQ(store->load_game("g1").value()->version, 3u);
  EXPECT_TRUE(store->load_game("g2").value().has_value());
}

// Writers on separate threads (so separate connections of the pool, or two
// instances' stores) expecting one version: exactly one of them writes.
TEST_F(PostgresStoreTest, OfRacingWritersExactlyOneWins) {
  auto other = PostgresStore::open(uri, "other-instance");
  ASSERT_TRUE(other) << other.error().message;
  for (int round = 0; round < 5; ++round) {
    const std::string id = "race" + std::to_string(round);
    ASSERT_TRUE(store->save_game(game_write(id, 1)));
    std::atomic<int> won{0}, stale{0}, failed{0};
    std::vector<std::thread> writers;
    for (int i = 0; i < 8; ++i)
      writers.emplace_back([&, i] {
        Store& target = i % 2 ? static_cast<Store&>(*store) : static_cast<Store&>(**other);
        Status st = target.save_game(game_write(id, 2 + static_cast<std::uint64_t>(i), 1));
        if (st)
          ++won;
        else if (st.error().code == "stale")
          ++stale;
        else
          ++failed;
      });
    for (auto& t : writers) t.join();
    EXPECT_EQ(won.load(), 1);
    EXPECT_EQ(stale.load(), 7);
    EXPECT_EQ(failed.load(), 0);
  }
}

TEST_F(PostgresStoreTest, RacingWritersThroughTheGroupCommitOneWins) {
  GroupCommitStore grouped(*store);
  ASSERT_TRUE(grouped.save_game(game_write("race", 1)));
  std::atomic<int> won{0}, stale{0};
  std::vector<std::thread> writers;
  for (int i = 0; i < 8; ++i)
    writers.emplace_back([&, i] {
      Status st = grouped.save_game(game_write("race", 2 + static_cast<std::uint64_t>(i), 1));
      if (st)
        ++won;
      else if (st.error().code == "stale")
        ++stale;
    });
  for (auto& t : writers) t.join();
  EXPECT_EQ(won.load(), 1);
  EXPECT_EQ(stale.load(), 7);
}

TEST_F(PostgresStoreTest, MigrationsRunOnceAndOpeningAgainKeepsTheData) {
  EXPECT_EQ(store->schema_version(), static_cast<int>(postgres_migrations().size()));
  ASSERT_TRUE(store->add_player("Ada"));
  store.reset();
  auto again = PostgresStore::open(uri, "again");
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ((*again)->players().value().size(), 1u);
  EXPECT_EQ((*again)->schema_version(), static_cast<int>(postgres_migrations().size()));
}

TEST(PostgresStoreMigrations, InstancesOpeningANewDatabaseTogetherMigrateIt) {
  auto db = test::fresh_postgres_database();
  ASSERT_TRUE(db) << db.error().message;
  std::vector<std::thread> openers;
  std::atomic<int> opened{0};
  std::vector<std::string> errors(4);
  for (int i = 0; i < 4; ++i)
    openers.emplace_back([&, i] {
      auto s = PostgresStore::open(*db, "instance" + std::to_string(i), 1);
      if (s)
        ++opened;
      else
        errors[static_cast<std::size_t>(i)] = s.error().message;
    });
  for (auto& t : openers) t.join();
  EXPECT_EQ(opened.load(), 4) << errors[0] << errors[1] << errors[2] << errors[3];
  auto s = PostgresStore::open(*db, "after");
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)->schema_version(), static_cast<int>(postgres_migrations().size()));
}

TEST(PostgresStoreOpen, AnUnreachableServerIsAClearError) {
  auto s = PostgresStore::open("postgresql:///nothing?host=/nonexistent-folder&connect_timeout=2", "x");
  ASSERT_FALSE(s);
  EXPECT_NE(s.error().message.find("cannot connect to PostgreSQL"), std::string::npos) << s.error().message;
}

// Each committed write is announced on qi_games with the game, its version
// and the writing instance; a stale one is not.
TEST_F(PostgresStoreTest, ACommittedWriteIsAnnounced) {
  PGconn* listener = PQconnectdb(uri.c_str());
  ASSERT_EQ(PQstatus(listener), CONNECTION_OK) << PQerrorMessage(listener);
  PQclear(PQexec(listener, "LISTEN qi_games"));
  ASSERT_TRUE(store->save_game(game_write("g1", 4)));
  ASSERT_FALSE(store->save_game(game_write("g1", 9, 1)));
  ASSERT_TRUE(store->save_game(game_write("g1", 5, 4)));
  std::vector<std::string> heard;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (heard.size() < 2 && std::chrono::steady_clock::now() < deadline) {
    PQconsumeInput(listener);
    while (PGnotify* n = PQnotifies(listener)) {
      heard.emplace_back(n->extra);
      PQfreemem(n);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  PQfinish(listener);
  ASSERT_EQ(heard.size(), 2u);
  EXPECT_EQ(heard[0], "g1 4 test-instance");
  EXPECT_EQ(heard[1], "g1 5 test-instance");
}

}  // namespace
}  // namespace qi::app

namespace qi::app {
namespace {

Challenge a_challenge(const std::string& id, const std::string& client, std::int64_t now) {
  Challenge c;
  c.id = id;
  c.secret = "s-" + id;
  c.game = "chess";
  c.time_control = parse_time_control("5+3").value();
  c.side = "first";
  c.name = "Ada";
  c.client = client;
  c.created_ms = now;
  c.expires_ms = now + 60'000;
  return c;
}

TEST_F(PostgresStoreTest, ChallengesRoundTripWithTheirBounds) {
  ASSERT_TRUE(store->add_challenge(a_challenge("c1", "10.0.0.1", 1000), {}));
  auto listed = store->open_challenges(2000, 10).value();
  ASSERT_EQ(listed.size(), 1u);
  EXPECT_EQ(listed[0].time_control.increment_ms, 3000);
  EXPECT_EQ(listed[0].name, "Ada");
  EXPECT_TRUE(store->open_challenges(70'000, 10).value().empty());  // expired
  ASSERT_TRUE(store->renew_challenge("c1", 100'000));
  EXPECT_EQ(store->open_challenges(70'000, 10).value().size(), 1u);
  Status over = store->add_challenge(a_challenge("c2", "10.0.0.1", 1000), {.total = 500, .per_client = 1});
  ASSERT_FALSE(over);
  EXPECT_EQ(over.error().code, "too_many_challenges");
}

TEST_F(PostgresStoreTest, OfTwoServersAcceptingAChallengeExactlyOneWins) {
  auto other = PostgresStore::open(uri, "other-instance");
  ASSERT_TRUE(other) << other.error().message;
  for (int round = 0; round < 5; ++round) {
    const std::string id = "ch" + std::to_string(round);
    ASSERT_TRUE(store->add_challenge(a_challenge(id, "10.0.0.2", 1000), {}));
    std::atomic<int> won{0};
    std::vector<std::thread> accepters;
    for (int i = 0; i < 6; ++i)
      accepters.emplace_back([&, i] {
        Store& target = i % 2 ? static_cast<Store&>(*store) : static_cast<Store&>(**other);
        auto taken = target.change_challenge({id, "open", "taken", 2000});
        if (taken && *taken) ++won;
      });
    for (auto& t : accepters) t.join();
    EXPECT_EQ(won.load(), 1);
    EXPECT_EQ(store->challenge(id).value()->status, "taken");
  }
}

}  // namespace
}  // namespace qi::app

namespace qi::app {
namespace {

TEST_F(PostgresStoreTest, AResultRatedFromRatingsAnotherServerHasSinceChangedIsStale) {
  auto other = PostgresStore::open(uri, "other-instance");
  ASSERT_TRUE(other) << other.error().message;
  auto ada = store->add_player("Ada");
  ASSERT_TRUE(ada);
  // Two of Ada's games end at once on two servers; each rated her from her
  // rating before either (1500 after 0 games).
  for (const char* id : {"g1", "g2"}) ASSERT_TRUE(store->save_game(test::game_write(id, 1)));
  auto ending = [&](const std::string& id, double elo) {
    GameWrite w = test::game_write(id, 2, 1);
    w.ratings.push_back({Rating{ada->id, "tictactoe", elo, 1, ""}, 5000});
    return w;
  };
  ASSERT_TRUE(store->save_game(ending("g1", 1510)));
  Status second = (*other)->save_game(ending("g2", 1490));
  ASSERT_FALSE(second);
  EXPECT_EQ(second.error().code, "stale");
  EXPECT_EQ(store->rating(ada->id, "tictactoe").value()->elo, 1510);
  EXPECT_EQ(store->load_game("g2").value()->version, 1u);  // the game's end was not written either
  // Rated again from her rating as it now is, it goes in.
  GameWrite again = ending("g2", 1500);
  again.ratings[0].rating.games = 2;
  EXPECT_TRUE((*other)->save_game(again));
  EXPECT_EQ(store->rating(ada->id, "tictactoe").value()->games, 2);
}

}  // namespace
}  // namespace qi::app

namespace qi::app {
namespace {

// Two servers on one database change a tournament one at a time: a write
// over the version it read, once another server wrote first, changes nothing.
TEST_F(PostgresStoreTest, ATournamentIsWrittenOnlyOverTheVersionItsWriterRead) {
  auto organiser = store->add_player("Organiser");
  ASSERT_TRUE(organiser) << organiser.error().message;
  StoredTournament t{"t1", organiser->id, 1, "open", "{\"name\":\"Club\"}", "{}", 10, 10};
  ASSERT_TRUE(store->save_tournament(t, 0).value());
  EXPECT_FALSE(store->save_tournament(t, 0).value());  // the id is taken
  t.version = 2;
  t.status = "running";
  ASSERT_TRUE(store->save_tournament(t, 1).value());
  t.summary = "{\"late\":true}";
  EXPECT_FALSE(store->save_tournament(t, 1).value());  // another server wrote version 2 first
  auto read = store->tournament("t1").value();
  ASSERT_TRUE(read);
  EXPECT_EQ(read->version, 2u);
  EXPECT_EQ(read->summary, "{\"name\":\"Club\"}");
  EXPECT_EQ(store->unfinished_tournaments(organiser->id).value(), 1);
  EXPECT_EQ(store->tournaments(10).value().size(), 1u);
}

}  // namespace
}  // namespace qi::app
