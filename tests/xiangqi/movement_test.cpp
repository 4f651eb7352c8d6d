// One test per movement rule, each with a move the rule forbids and one it
// allows.
#include <gtest/gtest.h>

#include "test_util.h"

namespace qi::xiangqi {
namespace {

using testing::at;
using testing::legal;

TEST(XiangqiRules, HorseIsBlockedByAPieceOnItsLeg) {
  Position pos = at("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1");
  EXPECT_FALSE(legal(pos, "b0c2"));
  EXPECT_FALSE(legal(pos, "b0a2"));
  EXPECT_TRUE(legal(pos, "b0d1"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("b0c2")), "the horse's leg at b1 is blocked");
}

TEST(XiangqiRules, ElephantIsBlockedByAPieceOnItsEye) {
  Position pos = at("3k5/9/9/9/9/9/9/9/3N5/2B1K4 w - - 0 1");
  EXPECT_FALSE(legal(pos, "c0e2"));
  EXPECT_TRUE(legal(pos, "c0a2"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("c0e2")), "the elephant's eye at d1 is blocked");
}

TEST(XiangqiRules, ElephantNeverCrossesTheRiver) {
  Position pos = at("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1");
  EXPECT_FALSE(legal(pos, "c4e6"));
  EXPECT_FALSE(legal(pos, "c4a6"));
  EXPECT_TRUE(legal(pos, "c4e2"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("c4e6")), "an elephant may not cross the river");
}

TEST(XiangqiRules, GeneralStaysInThePalace) {
  Position pos = at("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  EXPECT_FALSE(legal(pos, "d0c0"));
  EXPECT_TRUE(legal(pos, "d0d1"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("d0c0")), "the general may not leave the palace");
}

TEST(XiangqiRules, AdvisorStaysOnThePalaceDiagonals) {
  Position pos = at("3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1");
  EXPECT_FALSE(legal(pos, "d2c3"));
  EXPECT_TRUE(legal(pos, "d2e1"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("d2c3")), "an advisor may not leave the palace");
}

TEST(XiangqiRules, ChariotStopsAtTheFirstPiece) {
  Position pos = at("3k5/9/9/9/9/9/p8/9/9/R3K4 w - - 0 1");
  EXPECT_TRUE(legal(pos, "a0a3"));
  EXPECT_FALSE(legal(pos, "a0a4"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("a0a4")), "the chariot's path is blocked at a3");
}

TEST(XiangqiRules, CannonCapturesOnlyOverExactlyOneScreen) {
  // Screens of either colour count; none or two do not.
  Position pos = at("3k5/9/n8/P8/9/p8/9/9/9/C3K4 w - - 0 1");
  EXPECT_FALSE(legal(pos, "a0a4")) << "a cannon cannot capture without a screen";
  EXPECT_FALSE(legal(pos, "a0a6")) << "its own soldier";
  EXPECT_FALSE(legal(pos, "a0a7")) << "two screens";
  EXPECT_TRUE(legal(pos, "a0a3")) << "quiet move up to the first piece";
  Position one_screen = at("3k5/9/n8/9/9/p8/9/9/9/C3K4 w - - 0 1");
  EXPECT_TRUE(legal(one_screen, "a0a7"));
  EXPECT_FALSE(legal(one_screen, "a0a8")) << "a cannon moves quietly only over empty points";
  EXPECT_EQ(why_illegal(pos, testing::iccs("a0a7")),
            "a cannon captures only by jumping exactly one piece, and there are 2");
}

TEST(XiangqiRules, SoldierMovesSidewaysOnlyAcrossTheRiver) {
  Position home = at("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
  EXPECT_TRUE(legal(home, "e3e4"));
  EXPECT_FALSE(legal(home, "e3d3"));
  EXPECT_FALSE(legal(home, "e3e2"));
  Position crossed = at("3k5/9/9/4P4/9/9/9/9/9/4K4 w - - 0 1");
  EXPECT_TRUE(legal(crossed, "e6d6"));
  EXPECT_TRUE(legal(crossed, "e6f6"));
  EXPECT_TRUE(legal(crossed, "e6e7"));
  EXPECT_FALSE(legal(crossed, "e6e5"));
  EXPECT_EQ(why_illegal(crossed, testing::iccs("e6e5")), "a soldier never moves backward");
}

TEST(XiangqiRules, BlackSoldierMovesDownTheBoard) {
  Position pos = at("3k5/9/9/4p4/9/9/9/9/9/5K3 b - - 0 1");
  EXPECT_TRUE(legal(pos, "e6e5"));
  EXPECT_FALSE(legal(pos, "e6e7"));
  EXPECT_FALSE(legal(pos, "e6d6"));
}

TEST(XiangqiRules, GeneralsMayNotFaceEachOther) {
  // The cannon between the generals may move along the file but not off it.
  Position pos = at("4k4/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1");
  EXPECT_FALSE(legal(pos, "e5d5"));
  EXPECT_TRUE(legal(pos, "e5e6"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("e5d5")), "the generals would face each other");
  // Nor may a general step onto the other's open file.
  Position side = at("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
  EXPECT_FALSE(legal(side, "d0e0"));
}

TEST(XiangqiRules, MoveMustNotLeaveTheGeneralAttacked) {
  // The chariot checks; only moves that answer the check are legal.
  Position pos = at("3k5/4r4/9/9/9/9/9/9/9/4K3R w - - 0 1");
  EXPECT_TRUE(pos.in_check());
  EXPECT_FALSE(legal(pos, "i0i1"));
  EXPECT_FALSE(legal(pos, "e0e1")) << "still on the chariot's file";
  EXPECT_FALSE(legal(pos, "e0d0")) << "it would face the black general";
  EXPECT_TRUE(legal(pos, "e0f0"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("i0i1")), "it leaves the red general in check");
}

TEST(XiangqiRules, CannonChecksThroughAScreenAndAScreenMovingOffReleasesIt) {
  Position pos = at("3k5/9/9/9/9/4c4/9/4N4/9/4K4 w - - 0 1");
  EXPECT_TRUE(pos.in_check());
  EXPECT_TRUE(legal(pos, "e2c3")) << "moving the screen away answers the check";
  EXPECT_FALSE(legal(pos, "e0e1")) << "still one screen between";
}

TEST(XiangqiRules, PinnedCannonScreenMustStay) {
  // Two pieces between the black cannon and the red general: either moving
  // off the file gives check.
  Position pos = at("3k5/9/9/9/4c4/9/4N4/9/4A4/4K4 w - - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_FALSE(legal(pos, "e3c4"));
  EXPECT_FALSE(legal(pos, "e1d2"));
}

TEST(XiangqiRules, HorseChecksUnlessItsLegIsBlocked) {
  Position open = at("3k5/9/9/9/9/9/9/3n5/9/4K4 w - - 0 1");
  EXPECT_TRUE(open.in_check());
  Position blocked = at("3k5/9/9/9/9/9/9/3n5/3N5/4K4 w - - 0 1");
  EXPECT_FALSE(blocked.in_check()) << "the red horse on d1 is the black horse's leg";
  EXPECT_FALSE(legal(blocked, "d1b2")) << "moving the leg away exposes the general";
}

TEST(XiangqiRules, NoPieceNoMove) {
  Position pos;
  EXPECT_FALSE(legal(pos, "e4e5"));
  EXPECT_EQ(why_illegal(pos, testing::iccs("e4e5")), "there is no piece on e4");
  EXPECT_EQ(why_illegal(pos, testing::iccs("e6e5")), "the soldier on e6 is Black's");
}

}  // namespace
}  // namespace qi::xiangqi
