#include "app/rating_writes.h"

#include <gtest/gtest.h>

#include "../support/forwarding_store.h"
#include "app/storage/sqlite_store.h"
#include "app/storage/stored_game.h"

namespace qi::app {
namespace {

// A store whose players' ratings cannot be read (a failing disk).
class RatingsUnreadable : public test::ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  Expected<std::optional<Rating>> rating(std::int64_t, const std::string&) override {
    return store_unavailable("the disk failed");
  }
};

struct EndedRatedGame {
  std::unique_ptr<SqliteStore> store;
  Player ada, bob;
  std::unique_ptr<Session> session;
};

// A rated game between two profiles that the first has just resigned.
EndedRatedGame resigned_rated_game() {
  EndedRatedGame g;
  auto store = SqliteStore::open(":memory:");
  EXPECT_TRUE(store);
  g.store = std::move(*store);
  g.ada = g.store->add_player("Ada").value();
  g.bob = g.store->add_player("Bob").value();
  SessionSetup setup;
  setup.rated = true;
  setup.seats[0].player_id = g.ada.id;
  setup.seats[1].player_id = g.bob.id;
  auto session = Session::create("rated1", std::move(setup), 0);
  EXPECT_TRUE(session);
  g.session = std::move(*session);
  EXPECT_TRUE(g.session->move(Side::First, "e2e4", 0));
  EXPECT_TRUE(g.session->resign(Side::First, 1000));
  return g;
}

TEST(RatingWrites, AResultIsWrittenWithBothSeatsRatingChangesOnce) {
  EndedRatedGame g = resigned_rated_game();
  RatingWrites writes(*g.store);
  bool handed_over = false;
  ASSERT_TRUE(writes.save_result(*g.session, write_of(*g.session, 1000), 1000, handed_over));
  EXPECT_TRUE(handed_over);
  EXPECT_TRUE(g.store->rated_already("rated1").value());
  auto ada = g.store->rating(g.ada.id, "chess").value();
  auto bob = g.store->rating(g.bob.id, "chess").value();
  ASSERT_TRUE(ada && bob);
  EXPECT_LT(ada->elo, 1500);
  EXPECT_GT(bob->elo, 1500);
  // The same end written again (a retry) brings no second change.
  ASSERT_TRUE(writes.save_result(*g.session, write_of(*g.session, 1000), 1000, handed_over));
  EXPECT_EQ(g.store->rating_history(g.ada.id, "chess").value().size(), 1u);
  EXPECT_EQ(g.store->rating(g.bob.id, "chess").value()->games, 1);
}

TEST(RatingWrites, AResultWhoseRatingsCannotBeReadIsNotWritten) {
  EndedRatedGame g = resigned_rated_game();
  RatingsUnreadable failing(*g.store);
  RatingWrites writes(failing);
  bool handed_over = true;
  Status saved = writes.save_result(*g.session, write_of(*g.session, 1000), 1000, handed_over);
  EXPECT_FALSE(saved);
  EXPECT_FALSE(handed_over);
  // Neither the result nor any rating is in the store: the caller tries again.
  EXPECT_FALSE(g.store->load_game("rated1").value());
  EXPECT_FALSE(g.store->rated_already("rated1").value());
  EXPECT_FALSE(g.store->rating(g.ada.id, "chess").value());
}

// Tic-tac-toe's levels carry no Elo (docs/levels.md): a rated game against
// one is kept, and rates nobody, as against any level without an Elo.
TEST(RatingWrites, ARatedGameAgainstALevelWithoutEloRatesNobody) {
  auto store = SqliteStore::open(":memory:");
  ASSERT_TRUE(store);
  const Player ada = (*store)->add_player("Ada").value();
  SessionSetup setup;
  setup.game = "tictactoe";
  setup.rated = true;
  setup.seats[0].player_id = ada.id;
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 5;
  auto session = Session::create("rated2", std::move(setup), 0);
  ASSERT_TRUE(session);
  ASSERT_TRUE((*session)->resign(Side::First, 1000));
  RatingWrites writes(**store);
  bool handed_over = false;
  ASSERT_TRUE(writes.save_result(**session, write_of(**session, 1000), 1000, handed_over));
  EXPECT_TRUE(handed_over);
  EXPECT_FALSE((*store)->rating(ada.id, "tictactoe").value().has_value());
  EXPECT_TRUE((*store)->rating_history(ada.id, "tictactoe").value().empty());
}

}  // namespace
}  // namespace qi::app
