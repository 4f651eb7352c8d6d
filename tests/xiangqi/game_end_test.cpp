// Game end by rule: mate, stalemate, repetition with perpetual check and
// chase (a loss once the cycle is judged, at kRepetitionsToJudge
// occurrences), an idle repetition (then a draw to claim, declared at
// kRepetitionsToDraw occurrences), the natural move limit and insufficient
// material.
#include <gtest/gtest.h>
#include "games/xiangqi/endings.h"

#include "core/referee.h"
#include "engine/registry.h"
#include "games/xiangqi/rules.h"
#include "test_util.h"

namespace qi::xiangqi {
namespace {

using testing::at;
using testing::play;

// Plays `cycle` (which leads back to the position it starts from) until
// that position has occurred `occurrences` times, the first included.
void repeat(Position& pos, std::initializer_list<std::string_view> cycle, int occurrences) {
  for (int i = 1; i < occurrences; ++i) play(pos, cycle);
}

TEST(XiangqiRules, CheckmateLoses) {
  Position pos = at("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_EQ(pos.result(), Result::Loss);
  Outcome j = judge(pos);
  EXPECT_EQ(j.termination, xiangqi::endings::Checkmate);
  EXPECT_EQ(j.winner, kRed);
}

TEST(XiangqiRules, StalemateLoses) {
  // Black is not in check but every move is illegal: d8 is attacked and e9
  // would face the red general.
  Position pos = at("3k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(pos.count_legal(), 0u);
  EXPECT_EQ(pos.result(), Result::Loss);
  EXPECT_EQ(judge(pos).termination, xiangqi::endings::StalemateLoss);
}

TEST(XiangqiRules, PerpetualCheckLoses) {
  Position pos = at("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1");
  repeat(pos, {"a8a9", "d9d8", "a9a8", "d8d9"}, kRepetitionsToJudge - 1);
  EXPECT_EQ(pos.result(), Result::None) << "the cycle is not judged yet";
  play(pos, {"a8a9", "d9d8", "a9a8", "d8d9"});
  Outcome j = judge(pos);
  EXPECT_EQ(j.termination, xiangqi::endings::PerpetualCheck);
  EXPECT_EQ(j.winner, kBlack);
  EXPECT_EQ(pos.result(), Result::Loss) << "Red, to move, has lost";
}

TEST(XiangqiRules, PerpetualChaseOfAnUnprotectedPieceLoses) {
  // The red chariot follows the black horse from rank to rank.
  Position pos = at("3k5/9/8R/9/n8/9/9/9/9/4K4 w - - 0 1");
  repeat(pos, {"i7i5", "a5b7", "i5i7", "b7a5"}, kRepetitionsToJudge - 1);
  EXPECT_FALSE(judge(pos).over());
  play(pos, {"i7i5", "a5b7", "i5i7", "b7a5"});
  Outcome j = judge(pos);
  EXPECT_EQ(j.termination, xiangqi::endings::PerpetualChase);
  EXPECT_EQ(j.winner, kBlack);
}

// 不变作和: once the cycle is judged, neither side broke a rule: a draw by
// repetition, never a loss.
TEST(XiangqiRules, RepetitionWithoutForbiddenMovesIsADraw) {
  Position pos = at("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  const std::initializer_list<std::string_view> cycle = {"e0e1", "d9d8", "e1e0", "d8d9"};
  repeat(pos, cycle, kRepetitionsToJudge - 1);
  EXPECT_TRUE(claimable_draws(pos).empty()) << "nothing to claim before the cycle is judged";
  play(pos, cycle);
  EXPECT_NE(pos.result(), Result::Loss);
  EXPECT_NE(pos.result(), Result::Win);
  std::vector<Outcome> claims = claimable_draws(pos);
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].verdict, Verdict::Draw);
  EXPECT_EQ(claims[0].termination, xiangqi::endings::RepetitionDraw);
}

// The draw of an idle repetition is claimed from the fourth occurrence
// ("可由任何一方提议作和"); unclaimed, the game goes on, and the draw is declared
// when the repetition still goes on, at the sixth.
TEST(XiangqiRules, IdleRepetitionIsClaimedThenDeclared) {
  EXPECT_EQ(kRepetitionsToJudge, 4);
  EXPECT_EQ(kRepetitionsToDraw, 6);
  const std::initializer_list<std::string_view> cycle = {"e0e1", "d9d8", "e1e0", "d8d9"};
  Position pos = at("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1");
  for (int occurrence = 2; occurrence <= 6; ++occurrence) {
    play(pos, cycle);
    const std::size_t claims = claimable_draws(pos).size();
    if (occurrence < 4) {
      EXPECT_EQ(claims, 0u) << occurrence;
      EXPECT_FALSE(judge(pos).over()) << occurrence;
    } else if (occurrence < 6) {
      EXPECT_EQ(claims, 1u) << occurrence;
      EXPECT_FALSE(judge(pos).over()) << occurrence << ": a claim, not yet declared";
    } else {
      EXPECT_EQ(claims, 0u) << "nothing to claim in a finished game";
      EXPECT_EQ(judge(pos).verdict, Verdict::Draw);
      EXPECT_EQ(judge(pos).termination, xiangqi::endings::RepetitionDraw);
    }
  }
  // The claim through the game and its referee.
  auto game = qi::make_game("xiangqi").value();
  ASSERT_TRUE(game->set_fen("3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"));
  Referee referee(std::move(game));
  for (int occurrence = 2; occurrence <= 4; ++occurrence)
    for (std::string_view m : cycle) ASSERT_TRUE(referee.play(m, 0)) << m;
  EXPECT_FALSE(referee.over());
  ASSERT_EQ(referee.draw_claims().size(), 1u);
  EXPECT_FALSE(referee.claim_draw(Side::Second, 0)) << "Red is to move";
  ASSERT_TRUE(referee.claim_draw(Side::First, 0));
  EXPECT_EQ(referee.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(referee.outcome().termination, xiangqi::endings::RepetitionDraw);
}

// A forbidden cycle (here Red's perpetual check) is judged when the moves
// have gone round it three times, at the fourth occurrence, not before:
// at the third the checking side may still change its move.
TEST(XiangqiRules, ForbiddenCycleJudgedAtTheFourthOccurrence) {
  const std::initializer_list<std::string_view> cycle = {"a8a9", "d9d8", "a9a8", "d8d9"};
  Position pos = at("3k5/R8/9/9/9/9/9/9/9/4K4 w - - 0 1");
  play(pos, cycle);
  play(pos, cycle);  // the third occurrence
  EXPECT_FALSE(judge(pos).over());
  EXPECT_TRUE(claimable_draws(pos).empty());
  Position changed = pos;
  play(changed, {"a8a7"});  // Red changes its move: play goes on
  EXPECT_FALSE(judge(changed).over());
  play(pos, cycle);  // the fourth
  const Outcome o = judge(pos);
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, kBlack);
  EXPECT_EQ(o.termination, xiangqi::endings::PerpetualCheck);
}

TEST(XiangqiRules, OneCheckOneChaseCountsAsPerpetualChase) {
  // Red checks from a9, then chases the unprotected horse on i3 from a3;
  // Black can only step its general away and back.
  Position pos = at("5k3/9/9/9/9/9/R7n/9/9/3K5 w - - 0 1");
  repeat(pos, {"a3a9", "f9f8", "a9a3", "f8f9"}, kRepetitionsToJudge);
  Outcome j = judge(pos);
  EXPECT_EQ(j.termination, xiangqi::endings::CheckAndChase);  // 一将一捉, a perpetual attack
  EXPECT_EQ(j.winner, kBlack);
  EXPECT_TRUE(claimable_draws(pos).empty());
}

TEST(XiangqiRules, ChasingTwoPiecesInTurnIsNoPerpetualChase) {
  // The chariot attacks the horse on i5, then the one on i6, then i5 again:
  // no single piece is chased throughout the cycle.
  Position pos = at("5k3/9/9/R7n/8n/9/9/9/9/3K5 w - - 0 1");
  repeat(pos, {"a6a5", "f9f8", "a5a6", "f8f9"}, kRepetitionsToJudge);
  EXPECT_FALSE(judge(pos).over());
  std::vector<Outcome> claims = claimable_draws(pos);
  ASSERT_EQ(claims.size(), 1u);
  EXPECT_EQ(claims[0].termination, xiangqi::endings::RepetitionDraw);
}

TEST(XiangqiRules, NaturalMoveLimitDraws) {
  Position pos = at("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 119 60");
  EXPECT_EQ(pos.result(), Result::None);
  play(pos, {"a0a1"});
  EXPECT_EQ(pos.result(), Result::Draw);
  EXPECT_EQ(judge(pos).termination, xiangqi::endings::MoveLimit);
  EXPECT_EQ(judge(pos).n, 60);
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
  EXPECT_EQ(judge(pos).termination, xiangqi::endings::NoAttackingMaterial);
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
