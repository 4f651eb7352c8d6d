// The engine's turns shared between clients (app/engine_turns.h): the order
// they are taken in, a client's extra search giving way to another client's
// turn, and closing. No search runs here: the test starts and finishes
// turns itself, so what is checked is the order, never the time.
#include "app/engine_turns.h"

#include <gtest/gtest.h>

namespace qi::app {
namespace {

using Turn = EngineTurns::Turn;

std::string started_game(EngineTurns& turns, std::int64_t now = 0) {
  auto search = turns.start(now);
  return search ? search->turn.game : "";
}

TEST(EngineTurns, ClientsAreServedInTurnAndEachClientsTurnsInOrder) {
  EngineTurns turns(1);
  turns.push({"a1", "ann", 0}, 0);
  turns.push({"a2", "ann", 0}, 0);
  turns.push({"a3", "ann", 0}, 0);
  turns.push({"b1", "bob", 0}, 0);
  std::vector<std::string> order;
  while (auto search = turns.start(0)) {
    order.push_back(search->turn.game);
    EXPECT_FALSE(turns.finish(*search));
  }
  // Bob's one turn comes after Ann's first, not after all of hers.
  EXPECT_EQ(order, (std::vector<std::string>{"a1", "b1", "a2", "a3"}));
}

TEST(EngineTurns, AGameIsQueuedOnceAndNotSearchedTwiceAtOnce) {
  EngineTurns turns(2);
  turns.push({"g", "ann", 0}, 0);
  turns.push({"g", "ann", 0}, 0);
  EXPECT_EQ(turns.counts().waiting, 1u);
  auto first = turns.start(0);
  ASSERT_TRUE(first);
  turns.push({"g", "ann", 0}, 0);  // queued again while it is searched
  EXPECT_FALSE(turns.start(0)) << "a second worker must not search the same game";
  EXPECT_FALSE(turns.finish(*first));
  EXPECT_EQ(started_game(turns), "g");
}

TEST(EngineTurns, ATurnWaitsUntilItIsReady) {
  EngineTurns turns(1);
  turns.push({"watched", "ann", 600}, 0);
  EXPECT_FALSE(turns.start(599));
  EXPECT_EQ(started_game(turns, 600), "watched");
}

// Ann's two games take both workers while nobody else waits; when Bob's
// turn comes, Ann's newer search gives way (it is stopped and queued again,
// first of Ann's), so that Bob's turn never waits for Ann's second search.
TEST(EngineTurns, AClientsSecondSearchGivesWayToAnotherClientsTurn) {
  EngineTurns turns(2);
  turns.push({"a1", "ann", 0}, 0);
  turns.push({"a2", "ann", 0}, 0);
  auto a1 = turns.start(0);
  auto a2 = turns.start(0);
  ASSERT_TRUE(a1 && a2);
  EXPECT_EQ(turns.running_for("ann"), 2);
  EXPECT_FALSE(a1->stop->load());
  EXPECT_FALSE(a2->stop->load());

  turns.push({"b1", "bob", 0}, 0);
  EXPECT_FALSE(a1->stop->load()) << "Ann's first search goes on";
  EXPECT_TRUE(a2->stop->load()) << "Ann's newest search gives way";
  EXPECT_TRUE(turns.finish(*a2));
  EXPECT_EQ(turns.counts().gave_way, 1u);

  // The freed worker goes to Bob; Ann's turn comes back after him.
  auto b1 = turns.start(0);
  ASSERT_TRUE(b1);
  EXPECT_EQ(b1->turn.game, "b1");
  EXPECT_FALSE(turns.finish(*b1));
  EXPECT_EQ(started_game(turns), "a2");
}

// With one search each, nobody gives way: a turn then waits for a worker,
// which the ceiling on one search's time frees soon enough.
TEST(EngineTurns, NobodyGivesWayWhenEachClientRunsOneSearch) {
  EngineTurns turns(2);
  turns.push({"a1", "ann", 0}, 0);
  turns.push({"b1", "bob", 0}, 0);
  auto a1 = turns.start(0);
  auto b1 = turns.start(0);
  turns.push({"c1", "cy", 0}, 0);
  EXPECT_FALSE(a1->stop->load());
  EXPECT_FALSE(b1->stop->load());
  EXPECT_FALSE(turns.start(0));  // both workers busy
  EXPECT_FALSE(turns.finish(*a1));
  EXPECT_EQ(started_game(turns), "c1");
}

// A turn that becomes ready while every worker is busy (a watched game's
// pause) makes a search give way when time is looked at again.
TEST(EngineTurns, ATurnReadyLaterMakesASearchGiveWayOnRebalance) {
  EngineTurns turns(2);
  turns.push({"a1", "ann", 0}, 0);
  turns.push({"a2", "ann", 0}, 0);
  auto a1 = turns.start(0);
  auto a2 = turns.start(0);
  turns.push({"watched", "bob", 600}, 0);
  EXPECT_FALSE(a2->stop->load());  // not ready yet
  turns.rebalance(600);
  EXPECT_TRUE(a2->stop->load());
  EXPECT_FALSE(a1->stop->load());
}

TEST(EngineTurns, ClosingStopsEverySearchAndStartsNoMore) {
  EngineTurns turns(2);
  turns.push({"a1", "ann", 0}, 0);
  turns.push({"b1", "bob", 0}, 0);
  auto a1 = turns.start(0);
  turns.close();
  EXPECT_TRUE(a1->stop->load());
  EXPECT_FALSE(turns.start(0));
  FakeClock clock;
  EXPECT_FALSE(turns.wait_and_start(clock));  // returns at once once closed
}

}  // namespace
}  // namespace qi::app
