// Draw offers and claims in the app's sessions (the referee's rules, as a
// seat meets them): an offer asked for at any time is made with the
// player's next move, and the engine's answer comes with its reason.
#include <gtest/gtest.h>

#include "app/session.h"

namespace qi::app {
namespace {

std::unique_ptr<Session> chess_game(SeatKind second = SeatKind::Human) {
  SessionSetup setup;
  setup.seats[1].kind = second;
  setup.seats[1].level = second == SeatKind::Engine ? 1 : 0;
  auto s = Session::create("g", setup, 0);
  EXPECT_TRUE(s);
  return std::move(*s);
}

TEST(DrawOffer, AskedForOnOnesOwnTurnIsMadeWithTheMove) {
  auto s = chess_game();
  ASSERT_TRUE(s->offer_draw(Side::First, 0));  // before the first move, too
  EXPECT_FALSE(s->draw_offer().pending);
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  EXPECT_EQ(s->draw_offer().pending, Side::First);
}

TEST(DrawOffer, AskedForWhileTheOpponentThinksIsMadeWithTheNextMove) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw(Side::First, 0));
  EXPECT_FALSE(s->draw_offer().pending);
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 0));
  ASSERT_TRUE(s->move(Side::First, "g1f3", 0));
  EXPECT_EQ(s->draw_offer().pending, Side::First);
}

TEST(DrawOffer, AcceptingEndsTheGameByAgreement) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw_with_move(Side::First, 0));
  EXPECT_FALSE(s->answer_draw(Side::First, true, 0));  // one cannot accept one's own offer
  ASSERT_TRUE(s->answer_draw(Side::Second, true, 0));
  EXPECT_EQ(s->outcome().termination, Termination::Agreement);
  EXPECT_FALSE(s->draw_offer().pending);
}

TEST(DrawOffer, MovingDeclinesThePendingOffer) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 0));
  EXPECT_FALSE(s->draw_offer().pending);
  ASSERT_TRUE(s->draw_offer().answer);
  EXPECT_FALSE(s->draw_offer().answer->accepted);
  EXPECT_FALSE(s->referee().may_offer_draw(Side::First));
}

TEST(DrawOffer, TheEnginesAnswerKeepsItsReason) {
  auto s = chess_game(SeatKind::Engine);
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw_with_move(Side::First, 0));
  s->engine_answers_draw(false, {"Qi declines", "Qi 拒绝"}, 0);
  EXPECT_FALSE(s->draw_offer().pending);
  ASSERT_TRUE(s->engine_draw_reason());
  EXPECT_EQ(s->engine_draw_reason()->zh, "Qi 拒绝");
  // Saved and restored with the game.
  auto restored = Session::restore(s->save(0), 0);
  ASSERT_TRUE(restored);
  ASSERT_TRUE((*restored)->engine_draw_reason());
  EXPECT_EQ((*restored)->engine_draw_reason()->en, "Qi declines");
  EXPECT_EQ((*restored)->draw_offer(), s->draw_offer());
}

TEST(DrawClaim, ThreefoldRepetitionCanBeClaimedOnOwnTurn) {
  auto s = chess_game();
  const char* dance[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"};
  for (int i = 0; i < 8; ++i) ASSERT_TRUE(s->move(i % 2 ? Side::Second : Side::First, dance[i], 0));
  EXPECT_FALSE(s->claim_draw(Side::Second, 0));  // not Black's turn
  ASSERT_TRUE(s->claim_draw(Side::First, 0));
  EXPECT_EQ(s->outcome().verdict, Verdict::Draw);
}

}  // namespace
}  // namespace qi::app
