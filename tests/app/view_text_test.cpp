#include "app/view_text.h"

#include <gtest/gtest.h>

#include <random>

#include "app/session_json.h"

namespace qi::app {
namespace {

using nlohmann::json;

std::unique_ptr<Session> two_people(const std::string& game) {
  SessionSetup setup;
  setup.game = game;
  auto s = Session::create("g1", std::move(setup), 0);
  EXPECT_TRUE(s) << (s ? "" : s.error().message);
  return std::move(*s);
}

// Each side plays a random legal move, now and then taking back its last
// one or playing again what was taken back: the moves the session keeps are
// the game's, and the kept view text says what public_view says.
void play_and_compare(const std::string& game, unsigned seed) {
  SCOPED_TRACE(game + ", seed " + std::to_string(seed));
  auto s = two_people(game);
  ViewText writer;
  std::mt19937 random(seed);
  std::int64_t now = 0;
  for (int step = 0; step < 120 && !s->over(); ++step) {
    now += 1000;
    const Side mover = s->game().side_to_move();
    const int roll = std::uniform_int_distribution<int>(0, 9)(random);
    if (roll == 0 && s->may_undo(~mover)) {
      ASSERT_TRUE(s->undo(~mover, now));
    } else if (roll == 1 && s->can_redo()) {
      ASSERT_TRUE(s->redo(mover, now));
    } else {
      const std::vector<MoveText> legal = s->game().legal_moves();
      ASSERT_FALSE(legal.empty());
      const MoveText& m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random)];
      ASSERT_TRUE(s->move(mover, m.id, now));
    }
    const std::vector<MoveText> played = s->game().moves_played();
    ASSERT_EQ(s->moves().size(), played.size());
    for (std::size_t i = 0; i < played.size(); ++i)
      ASSERT_EQ(json(move_json(s->moves()[i])), move_json(played[i]));
    ASSERT_EQ(json::parse(writer.write(*s, now)), public_view(*s, now)) << "after step " << step;
  }
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
  auto s = two_people("chess");
  ViewText writer;
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  (void)writer.write(*s, 0);
  ASSERT_TRUE(s->undo(Side::First, 0));
  ASSERT_TRUE(s->move(Side::First, "d2d4", 0));
  const json view = json::parse(writer.write(*s, 0));
  EXPECT_EQ(view, public_view(*s, 0));
  ASSERT_EQ(view["moves"].size(), 1u);
  EXPECT_EQ(view["moves"][0]["id"], "d2d4");
}

TEST(ViewText, AGameReadAgainFromItsSavedFormContinuesTheKeptText) {
  auto s = two_people("chess");
  ViewText writer;
  for (const char* m : {"e2e4", "e7e5", "g1f3"}) ASSERT_TRUE(s->move(s->game().side_to_move(), m, 0));
  (void)writer.write(*s, 0);
  ASSERT_TRUE(s->move(Side::Second, "b8c6", 0));
  auto again = Session::restore(s->save(0), 0);
  ASSERT_TRUE(again);
  EXPECT_EQ((*again)->moves().size(), 4u);
  EXPECT_EQ(json::parse(writer.write(**again, 0)), public_view(**again, 0));
}

TEST(ViewText, AnotherGameIsWrittenFromItsOwnStart) {
  ViewText writer;
  auto chess = two_people("chess");
  ASSERT_TRUE(chess->move(Side::First, "e2e4", 0));
  (void)writer.write(*chess, 0);
  auto xiangqi = two_people("xiangqi");
  EXPECT_EQ(json::parse(writer.write(*xiangqi, 0)), public_view(*xiangqi, 0));
}

}  // namespace
}  // namespace qi::app
