#include <gtest/gtest.h>

#include "app/session.h"

namespace qi::app {
namespace {

std::unique_ptr<Session> chess_game() {
  SessionSetup setup;
  auto s = Session::create("g", setup, 0);
  EXPECT_TRUE(s);
  return std::move(*s);
}

TEST(DrawOffer, OnlyJustAfterMakingOneself_sMove) {
  auto s = chess_game();
  EXPECT_FALSE(s->offer_draw(Side::First, 0));  // no move made yet
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  EXPECT_FALSE(s->offer_draw(Side::Second, 0));  // Black is to move: moves first, then offers
  EXPECT_TRUE(s->offer_draw(Side::First, 0));
  EXPECT_EQ(s->draw_offer().pending, Side::First);
}

TEST(DrawOffer, OnceAMove) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw(Side::First, 0));
  EXPECT_FALSE(s->offer_draw(Side::First, 0));
}

TEST(DrawOffer, AcceptingEndsTheGameByAgreement) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw(Side::First, 0));
  EXPECT_FALSE(s->answer_draw(Side::First, true, 0));  // one cannot accept one's own offer
  ASSERT_TRUE(s->answer_draw(Side::Second, true, 0));
  EXPECT_EQ(s->outcome().termination, Termination::Agreement);
}

TEST(DrawOffer, NotRepeatedAfterRefusalUntilTheOpponentHasOffered) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw(Side::First, 0));
  ASSERT_TRUE(s->answer_draw(Side::Second, false, 0));
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 0));
  ASSERT_TRUE(s->move(Side::First, "g1f3", 0));
  auto again = s->offer_draw(Side::First, 0);
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("declined"), std::string::npos);
  // Black offers (and White declines by moving): now White may offer again.
  ASSERT_TRUE(s->move(Side::Second, "b8c6", 0));
  ASSERT_TRUE(s->offer_draw(Side::Second, 0));
  ASSERT_TRUE(s->move(Side::First, "f1b5", 0));
  EXPECT_TRUE(s->offer_draw(Side::First, 0));
}

TEST(DrawOffer, MovingDeclinesThePendingOffer) {
  auto s = chess_game();
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->offer_draw(Side::First, 0));
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 0));
  EXPECT_FALSE(s->draw_offer().pending);
  EXPECT_FALSE(s->draw_offer().may_offer[0]);
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
