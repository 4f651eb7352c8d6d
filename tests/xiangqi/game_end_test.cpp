// Game end by rule: mate, stalemate, repetition with perpetual check and
// chase, the natural move limit and insufficient material.
#include <gtest/gtest.h>

#include "games/xiangqi/rules.h"
#include "test_util.h"

namespace qi::xiangqi {
namespace {

using testing::at;
using testing::play;

TEST(XiangqiRules, CheckmateLoses) {
  Position pos = at("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_EQ(pos.result(), Result::Loss);
  Judgement j = judge(pos);
  EXPECT_EQ(j.termination, "checkmate");
  EXPECT_EQ(j.winner, kRed);
}

TEST(XiangqiRules, StalemateLoses) {
  // Black is not in check but every move is illegal: d8 is attacked and e9
  // would face the red general.
  Position pos = at("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(pos.count_legal(), 0u);
  EXPECT_EQ(pos.result(), Result::Loss);
  EXPECT_EQ(judge(pos).termination, "stalemate");
}

TEST(XiangqiRules, PerpetualCheckLoses) {
  Position pos = at("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1");
  play(pos, {"a8a9", "d9d8", "a9a8", "d8d9"});
  EXPECT_EQ(pos.result(), Result::None) << "a position seen twice does not end the game";
  play(pos, {"a8a9", "d9d8", "a9a8", "d8d9"});
  Judgement j = judge(pos);
  EXPECT_EQ(j.termination, "perpetual_check");
  EXPECT_EQ(j.winner, kBlack);
  EXPECT_EQ(pos.result(), Result::Loss) << "Red, to move, has lost";
}

TEST(XiangqiRules, PerpetualChaseOfAnUnprotectedPieceLoses) {
  // The red chariot follows the black horse from rank to rank.
  Position pos = at("3k5/9/8R/9/n8/9/9/9/9/4K4 w - - 0 1");
  for (int cycle = 0; cycle < 2; ++cycle) play(pos, {"i7i5", "a5b7", "i5i7", "b7a5"});
  Judgement j = judge(pos);
  EXPECT_EQ(j.termination, "perpetual_chase");
  EXPECT_EQ(j.winner, kBlack);
}

TEST(XiangqiRules, RepetitionWithoutForbiddenMovesIsADraw) {
  Position pos = at("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  for (int cycle = 0; cycle < 2; ++cycle) play(pos, {"e0e1", "d9d8", "e1e0", "d8d9"});
  EXPECT_EQ(pos.result(), Result::Draw);
  EXPECT_EQ(judge(pos).termination, "repetition");
}

TEST(XiangqiRules, OneCheckOneChaseCountsAsPerpetualChase) {
  // Red checks from a9, then chases the unprotected horse on i3 from a3;
  // Black can only step its general away and back.
  Position pos = at("5k3/9/9/9/9/9/R7n/9/9/3K5 w - - 0 1");
  for (int cycle = 0; cycle < 2; ++cycle) play(pos, {"a3a9", "f9f8", "a9a3", "f8f9"});
  Judgement j = judge(pos);
  EXPECT_EQ(j.termination, "perpetual_chase");
  EXPECT_EQ(j.winner, kBlack);
}

TEST(XiangqiRules, ChasingTwoPiecesInTurnIsNoPerpetualChase) {
  // The chariot attacks the horse on i5, then the one on i6, then i5 again:
  // no single piece is chased throughout the cycle.
  Position pos = at("5k3/9/9/R7n/8n/9/9/9/9/3K5 w - - 0 1");
  for (int cycle = 0; cycle < 2; ++cycle) play(pos, {"a6a5", "f9f8", "a5a6", "f8f9"});
  EXPECT_EQ(judge(pos).termination, "repetition");
  EXPECT_EQ(pos.result(), Result::Draw);
}

TEST(XiangqiRules, NaturalMoveLimitDraws) {
  Position pos = at("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 60");
  EXPECT_EQ(pos.result(), Result::None);
  play(pos, {"a0a1"});
  EXPECT_EQ(pos.result(), Result::Draw);
  EXPECT_EQ(judge(pos).termination, "move_limit");
}

TEST(XiangqiRules, NaturalMoveLimitIsASetting) {
  Position pos = at("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 10 6");
  pos.set_move_limit_plies(10);
  EXPECT_EQ(pos.result(), Result::Draw);
  pos.set_move_limit_plies(0);
  EXPECT_EQ(pos.result(), Result::None);
}

TEST(XiangqiRules, CaptureResetsTheMoveCount) {
  Position pos = at("3k5/9/9/9/9/9/p8/9/9/R3K4 w - - 50 30");
  play(pos, {"a0a3"});
  EXPECT_EQ(pos.plies_since_capture(), 0);
  pos.unmake(testing::iccs("a0a3"));
  EXPECT_EQ(pos.plies_since_capture(), 50);
}

TEST(XiangqiRules, NoPieceThatCanCrossTheRiverIsADraw) {
  Position pos = at("3k5/4a4/9/9/9/9/9/9/4A4/2B1K4 w - - 0 1");
  EXPECT_EQ(pos.result(), Result::Draw);
  EXPECT_EQ(judge(pos).termination, "insufficient_material");
  Position soldier = at("3k5/4a4/9/9/9/9/4P4/9/4A4/2B1K4 w - - 0 1");
  EXPECT_EQ(soldier.result(), Result::None);
}

// --- What counts as a chase (docs/rules-xiangqi.md) -------------------------

Bitboard chased(std::string_view fen, Side by) {
  Position pos = at(fen);
  return chased_by(pos, by);
}

Bitboard at_point(std::string_view name) { return bit(make_square(name[0] - 'a', name[1] - '0')); }

TEST(XiangqiChase, ChariotAttackingAnUnprotectedHorseChases) {
  EXPECT_EQ(chased("3k5/9/9/9/R3n4/9/9/9/9/4K4 w - - 0 1", kRed), at_point("e5"));
}

TEST(XiangqiChase, AttackingAProtectedPieceIsNoChase) {
  EXPECT_EQ(chased("3k5/4r4/9/9/R3n4/9/9/9/9/4K4 w - - 0 1", kRed), Bitboard(0));
}

TEST(XiangqiChase, HorseAttackingAChariotChasesEvenIfProtected) {
  EXPECT_EQ(chased("3k5/3r5/9/3r5/9/2N6/9/9/9/4K4 w - - 0 1", kRed), at_point("d6"));
}

TEST(XiangqiChase, CannonAttackingAChariotChasesEvenIfProtected) {
  EXPECT_EQ(chased("3k5/9/r1r6/9/9/2P6/9/2C6/9/4K4 w - - 0 1", kRed), at_point("c7"));
}

TEST(XiangqiChase, AdvisorAttackingACannonChasesEvenIfProtected) {
  EXPECT_EQ(chased("3k5/9/9/9/3r5/9/9/3c5/4A4/4K4 w - - 0 1", kRed), at_point("d2"));
}

TEST(XiangqiChase, GeneralsMayChase) {
  EXPECT_EQ(chased("3k5/9/9/9/9/9/9/4n4/4K4/9 w - - 0 1", kRed), Bitboard(0));
}

TEST(XiangqiChase, SoldiersMayChase) {
  EXPECT_EQ(chased("3k5/9/4n4/4P4/9/9/9/9/9/4K4 w - - 0 1", kRed), Bitboard(0));
}

TEST(XiangqiChase, UncrossedSoldiersCannotBeChasedCrossedOnesCan) {
  EXPECT_EQ(chased("3k5/9/9/R3p4/9/9/9/9/9/4K4 w - - 0 1", kRed), Bitboard(0));
  EXPECT_EQ(chased("3k5/9/9/9/9/R3p4/9/9/9/4K4 w - - 0 1", kRed), at_point("e4"));
}

TEST(XiangqiChase, MutualAttackOfLikePiecesIsNoChase) {
  EXPECT_EQ(chased("3k5/9/9/9/R3r4/9/9/9/9/4K4 w - - 0 1", kRed), Bitboard(0));
}

TEST(XiangqiChase, HorseAttackingAHorseThatCannotAttackBackChases) {
  // The black horse's leg (d4) is blocked, so only the red horse attacks.
  EXPECT_EQ(chased("3k5/9/9/9/3n5/3p5/2N6/9/9/4K4 w - - 0 1", kRed), at_point("d5"));
  EXPECT_EQ(chased("3k5/9/9/9/3n5/9/2N6/9/9/4K4 w - - 0 1", kRed), Bitboard(0));
}

TEST(XiangqiChase, APinnedPieceDoesNotChase) {
  // The red chariot on e3 shields its general from the chariot on e8.
  EXPECT_EQ(chased("3k5/4r4/9/9/9/9/n3R4/9/9/4K4 w - - 0 1", kRed), Bitboard(0));
}

TEST(XiangqiChase, AProtectorThatIsPinnedDoesNotProtect) {
  // The black chariot on d7 may not leave the d file to recapture on a7.
  EXPECT_EQ(chased("3k5/9/n2r5/9/9/9/9/R2R5/9/4K4 w - - 0 1", kRed), at_point("a7"));
}

}  // namespace
}  // namespace qi::xiangqi
