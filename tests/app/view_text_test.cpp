#include "app/view_text.h"

#include <gtest/gtest.h>

#include <random>

#include "../support/view_tail.h"
#include "app/session_json.h"

namespace qi::app {
namespace {

using nlohmann::json;

std::unique_ptr<Session> people_at(const std::string& game) {
  SessionSetup setup;
  setup.game = game;
  auto s = Session::create("g1", std::move(setup), 0);
  EXPECT_TRUE(s) << (s ? "" : s.error().message);
  return std::move(*s);
}

// The side to move plays a random legal move, or now and then the other
// side takes back its last one, the side to move plays again what was taken
// back, or (`offers`) offers a draw. False if what it did was refused.
testing::AssertionResult random_step(Session& s, std::mt19937& random, std::int64_t now, bool offers) {
  const Side mover = s.game().side_to_move();
  const int roll = std::uniform_int_distribution<int>(0, offers ? 11 : 9)(random);
  if (roll == 0 && s.may_undo(~mover)) {
    if (!s.undo(~mover, SeatsHeld::Both, now)) return testing::AssertionFailure() << "undo refused";
  } else if (roll == 1 && s.can_redo()) {
    if (!s.redo(mover, SeatsHeld::Both, now)) return testing::AssertionFailure() << "redo refused";
  } else if (offers && roll == 2 && s.referee().may_offer_draw(mover)) {
    (void)s.offer_draw(mover, now);
  } else {
    const std::vector<MoveText> legal = s.game().legal_moves();
    if (legal.empty()) return testing::AssertionFailure() << "no legal move in a game not over";
    const MoveText& m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
    if (!s.move(mover, m.id, now)) return testing::AssertionFailure() << m.id << " refused";
  }
  return testing::AssertionSuccess();
}

// Each side plays a random legal move, now and then taking back its last
// one or playing again what was taken back: the moves the session keeps are
// the game's, and the kept view text says what public_view says.
void play_and_compare(const std::string& game, unsigned seed) {
  SCOPED_TRACE(game + ", seed " + std::to_string(seed));
  auto s = people_at(game);
  ViewText writer;
  std::mt19937 random(seed);
  std::int64_t now = 0;
  // A client that holds each view written (sent whole, or its tail when
  // it holds the place the tail goes on from).
  json client;
  ViewPlace held;
  int tails = 0;
  for (int step = 0; step < 120 && !s->over(); ++step) {
    now += 1000;
    ASSERT_TRUE(random_step(*s, random, now, false));
    const std::vector<MoveText> played = s->game().moves_played();
    ASSERT_EQ(s->moves().size(), played.size());
    for (std::size_t i = 0; i < played.size(); ++i)
      ASSERT_EQ(json(move_json(s->moves()[i])), move_json(played[i]));
    const ViewText::Written written = writer.write(*s, now);
    const json view = public_view(*s, now);
    ASSERT_EQ(json::parse(written.text), view) << "after step " << step;
    if (!written.tail.empty() && held.line == written.place.line && held.plies == written.tail_from) {
      client = test::with_tail(client, json::parse(written.tail));
      ++tails;
    } else {
      client = json::parse(written.text);
    }
    held = written.place;
    ASSERT_EQ(client, view) << "after step " << step;
  }
  EXPECT_GT(tails, 30) << "most views went as their tails";
}

TEST(ViewText, WritesWhatPublicViewSaysThroughMovesUndoAndRedoInChess) {
  for (unsigned seed : {1u, 2u, 3u}) play_and_compare("chess", seed);
}

TEST(ViewText, WritesWhatPublicViewSaysThroughMovesUndoAndRedoInXiangqi) {
  for (unsigned seed : {1u, 2u}) play_and_compare("xiangqi", seed);
}

TEST(ViewText, WritesWhatPublicViewSaysThroughMovesUndoAndRedoInCheckers) {
  for (unsigned seed : {1u, 2u}) play_and_compare("checkers", seed);
}

TEST(ViewText, AnotherLineOfTheSameLengthIsWrittenAfresh) {
  auto s = people_at("chess");
  ViewText writer;
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  (void)writer.write(*s, 0);
  ASSERT_TRUE(s->undo(Side::First, SeatsHeld::Both, 0));
  ASSERT_TRUE(s->move(Side::First, "d2d4", 0));
  const json view = json::parse(writer.write(*s, 0).text);
  EXPECT_EQ(view, public_view(*s, 0));
  ASSERT_EQ(view["moves"].size(), 1u);
  EXPECT_EQ(view["moves"][0]["id"], "d2d4");
}

TEST(ViewText, AGameReadAgainFromItsSavedFormContinuesTheKeptText) {
  auto s = people_at("chess");
  ViewText writer;
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) ASSERT_TRUE(s->move(s->game().side_to_move(), m, 0));
  (void)writer.write(*s, 0);
  ASSERT_TRUE(s->move(Side::Second, "b8c6", 0));
  auto again = Session::restore(s->save(0), 0);
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)->moves().size(), 4u);
  EXPECT_EQ(json::parse(writer.write(**again, 0).text), public_view(**again, 0));
}

TEST(ViewText, AnotherGameIsWrittenFromItsOwnStart) {
  ViewText writer;
  auto chess = people_at("chess");
  ASSERT_TRUE(chess->move(Side::First, "e2e4", 0));
  (void)writer.write(*chess, 0);
  auto xiangqi = people_at("xiangqi");
  EXPECT_EQ(json::parse(writer.write(*xiangqi, 0).text), public_view(*xiangqi, 0));
}

// A server that had the game at an earlier version reads it again from the
// saved form starting from its own copy (Session::restore with `known`): the
// same session as one restored from nothing, whatever happened between.
TEST(SessionRestore, AGameRestoredFromAnEarlierCopyIsTheGameRestoredFromNothing) {
  for (const std::string game : {"chess", "xiangqi", "checkers"}) {
    SCOPED_TRACE(game);
    auto s = people_at(game);
    std::mt19937 random(7);
    std::vector<std::unique_ptr<Session>> earlier;
    int went_on = 0;
    std::int64_t now = 0;
    for (int step = 0; step < 80 && !s->over(); ++step) {
      now += 700;
      ASSERT_TRUE(random_step(*s, random, now, true));
      earlier.push_back(s->copy());
      const Session::Saved saved = s->save(now);
      auto from_nothing = Session::restore(saved, now);
      ASSERT_TRUE(from_nothing);
      const Session& known =
          *earlier[std::uniform_int_distribution<std::size_t>(0, earlier.size() - 1)(random)];
      bool prefix = known.moves().size() <= saved.moves.size();
      for (std::size_t i = 0; prefix && i < known.moves().size(); ++i)
        prefix = known.moves()[i].id == saved.moves[i];
      went_on += prefix;
      auto from_known = Session::restore(saved, now, &known);
      ASSERT_TRUE(from_known);
      EXPECT_EQ(to_json((*from_known)->save(now)), to_json((*from_nothing)->save(now))) << "step " << step;
      EXPECT_EQ(public_view(**from_known, now), public_view(**from_nothing, now)) << "step " << step;
      EXPECT_EQ((*from_known)->version(), (*from_nothing)->version());
    }
    EXPECT_GT(went_on, 20) << "the copies went on into the saved game that often";
  }
}

}  // namespace
}  // namespace qi::app
