// One test per rule of the four variants, on hand-made positions. Squares are
// PDN numbers; Black moves toward the high numbers.
#include <gtest/gtest.h>
#include "games/checkers/endings.h"

#include "core/referee.h"
#include "games/checkers/refusal_codes.h"
#include "test_helpers.h"

namespace qi::checkers {
namespace {

using testing::error_of;
using testing::game_at;
using testing::move_ids;
using testing::sorted;

TEST(CheckersRules, EnglishStartHasSevenMovesAndBlackMovesFirst) {
  auto g = make_game("english");
  EXPECT_EQ(g->side_name(g->side_to_move()), "Black");
  EXPECT_EQ(move_ids(*g), sorted({"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
}

TEST(CheckersRules, WhiteMovesFirstInTheFlyingKingVariants) {
  for (const char* v : {"russian", "brazilian", "international"}) {
    auto g = make_game(v);
    EXPECT_EQ(g->side_name(g->side_to_move()), "White") << v;
  }
  EXPECT_EQ(make_game("international")->legal_moves().size(), 9u);
}

TEST(CheckersRules, CaptureIsCompulsory) {
  auto g = game_at("english", "B:W18:B14,9");
  EXPECT_EQ(move_ids(*g), std::vector<std::string>{"14x23"});
  EXPECT_EQ(error_of(*g, "9-13"), "9-13: capturing is compulsory: 14x23 must be played");
  auto two = game_at("english", "B:W18,19:B14,15,1");
  EXPECT_EQ(error_of(*two, "1-5"), "1-5: capturing is compulsory: one of 14x23, 15x22, 15x24 must be played");
}

// A plain move refused because a capture is compulsory says so, quoting the
// move as the player gave it (typed, or clicked: clicks that pass over no
// piece are a plain move, not a capture), in English and by its code in
// Chinese. Russian draughts: White's 22 must take 18 and 10.
TEST(CheckersRules, CaptureIsCompulsoryEvenForAPlainMoveElsewhere) {
  auto g = game_at("russian", "W:W22,25:B18,10");
  ASSERT_EQ(move_ids(*g), std::vector<std::string>{"22x6"});
  // Typed, the capture is named as Russian records write one (22:6).
  for (std::string_view typed : {"25-21", "2521", "25-21!"}) {
    Expected<MoveText> m = g->parse_move(typed);
    ASSERT_FALSE(m);
    EXPECT_EQ(m.error().message, std::string(typed) + ": capturing is compulsory: 22:6 must be played");
    EXPECT_EQ(m.error().code, "capture_compulsory");
  }
  // Clicked, as the page lists the move (22x6).
  Expected<MoveText> clicked = g->parse_squares({"25", "21"});
  ASSERT_FALSE(clicked);
  EXPECT_EQ(clicked.error().message, "25-21: capturing is compulsory: 22x6 must be played");
  EXPECT_EQ(clicked.error().code, "capture_compulsory");
  // Clicks over a piece are a capture: here one stopped half-way.
  Expected<MoveText> half = g->parse_squares({"22", "15"});
  ASSERT_FALSE(half);
  EXPECT_EQ(half.error().message, "22x15: a capture must be completed: 22x15 can continue to 6");
  EXPECT_EQ(chinese_of(kRefusalCodes, "capture_compulsory").find("有子必吃"), 0u)
      << "and its Chinese sentence";
}

TEST(CheckersRules, MenMoveOnlyForward) {
  auto g = game_at("english", "B:W30:B14");
  EXPECT_EQ(error_of(*g, "14-9"), "14-9: the man on 14 moves only forward");
  EXPECT_EQ(error_of(*g, "14-23"), "14-23: the man on 14 moves one square at a time");
  EXPECT_EQ(error_of(*g, "14-22"), "14-22: 22 is not on a diagonal from 14");
}

TEST(CheckersRules, EnglishMenCaptureOnlyForwardOthersBothWays) {
  // White man 22 can take 18 then 11 forward (22x15x8), White 30 can take 25
  // (30x21), and 22 could take 25 backwards (22x29).
  const char* fen = "W:W22,30:B18,11,25";
  EXPECT_EQ(move_ids(*game_at("english", fen)), sorted({"22x8", "30x21"}));
  EXPECT_EQ(move_ids(*game_at("russian", fen)), sorted({"22x8", "30x21", "22x29"}));
}

TEST(CheckersRules, CaptureSequenceMustBeCompleted) {
  auto g = game_at("english", "W:W22,30:B18,11,25");
  EXPECT_EQ(error_of(*g, "22x15"), "22x15: a capture must be completed: 22x15 can continue to 8");
  EXPECT_TRUE(g->parse_move("22x15x8"));
}

TEST(CheckersRules, MajorityCaptureIsCompulsory) {
  auto g = game_at("brazilian", "W:W22,30:B18,11,25");
  EXPECT_EQ(move_ids(*g), std::vector<std::string>{"22x8"});
  EXPECT_EQ(error_of(*g, "30x21"), "30x21: the majority capture rule requires taking 2 pieces, not 1");
  auto i = game_at("international", "W:W32,47:B27,17,41");  // the same shape on 10x10
  EXPECT_EQ(move_ids(*i), std::vector<std::string>{"32x12"});
}

TEST(CheckersRules, EnglishManCrownedByCaptureEndsTheMove) {
  // Black 22 takes 26 and lands on 31, the crowning row: the move stops there
  // although a king on 31 could go on over 27.
  auto g = game_at("english", "B:W26,27:B22");
  EXPECT_EQ(move_ids(*g), std::vector<std::string>{"22x31"});
  ASSERT_TRUE(g->play("22x31"));
  EXPECT_EQ(g->fen(), "W:W27:BK31");
}

TEST(CheckersRules, RussianManCrownedDuringCaptureContinuesAsKing) {
  auto g = game_at("russian", "B:W26,27:B22");
  EXPECT_EQ(move_ids(*g), sorted({"22x24", "22x20"}));
  ASSERT_TRUE(g->play("22x31x20"));
  EXPECT_EQ(g->fen(), "W:W:BK20");
}

TEST(CheckersRules, BrazilianManPassingTheCrowningRowIsNotCrowned) {
  auto g = game_at("brazilian", "B:W26,27:B22");
  EXPECT_EQ(move_ids(*g), std::vector<std::string>{"22x24"});
  ASSERT_TRUE(g->play("22x24"));
  EXPECT_EQ(g->fen(), "W:W:B24");
}

TEST(CheckersRules, ManEndingOnTheCrowningRowIsCrowned) {
  auto g = game_at("international", "W:W7:B45");
  ASSERT_TRUE(g->play("7-2"));
  EXPECT_EQ(g->fen(), "B:WK2:B45");
}

TEST(CheckersRules, FlyingKingChoosesAnyLandingSquare) {
  // King on 29 takes 22 on the long diagonal and may stop on 18, 15, 11, 8 or 4.
  auto g = game_at("russian", "W:WK29:B22");
  EXPECT_EQ(move_ids(*g), sorted({"29x18", "29x15", "29x11", "29x8", "29x4"}));
  auto quiet = game_at("russian", "W:WK29:B1");  // 1 is off the king's diagonal
  EXPECT_EQ(quiet->legal_moves().size(), 7u);
}

TEST(CheckersRules, FlyingKingMustLandWhereTheCaptureContinues) {
  // After taking 22 only 15 lets the king go on (over 10 to 6 or 1).
  auto g = game_at("russian", "W:WK29:B22,10");
  EXPECT_EQ(move_ids(*g), sorted({"29x6", "29x1"}));
  EXPECT_EQ(error_of(*g, "29x18"), "29x18: not a legal capture here; one of 29x1, 29x6 must be played");
}

TEST(CheckersRules, EnglishKingMovesOneSquare) {
  auto g = game_at("english", "B:W5:BK22");
  EXPECT_EQ(move_ids(*g), sorted({"22-17", "22-18", "22-25", "22-26"}));
  EXPECT_EQ(error_of(*g, "22-15"), "22-15: the king on 22 moves one square at a time");
}

TEST(CheckersRules, KingCaptureLoopCountsEachPathInEnglish) {
  // The White king on 26 can take 22, 14, 15 and 23 round square 18 in either
  // direction and come back to 26: two moves in English.
  auto g = game_at("english", "W:WK26:B22,23,14,15");
  EXPECT_EQ(move_ids(*g), sorted({"26x17x10x19x26", "26x19x10x17x26"}));
  EXPECT_NE(error_of(*g, "26x26").find("ambiguous"), std::string::npos);
  ASSERT_TRUE(g->play("26x19x10x17x26"));
  EXPECT_EQ(g->fen(), "B:WK26:B");
}

TEST(CheckersRules, FullPathNamesOneMoveWhenAShorterRouteSharesItsEnds) {
  // The Russian king on 10 may take 14 alone and land on 17, or go round by
  // 19, 12 and 3 and land on 17 too. Both are written in full, and "10x17" is
  // the first of them, not an abbreviation of the second.
  auto g = game_at("russian", "W:W9,K10,25,K30:BK6,8,13,14,15,16");
  for (const qi::MoveText& m : g->legal_moves()) {
    auto parsed = g->parse_move(m.id);
    ASSERT_TRUE(parsed) << m.id << ": " << parsed.error().message;
    EXPECT_EQ(parsed->id, m.id);
  }
  ASSERT_TRUE(g->play("10x17"));
  EXPECT_EQ(g->fen(), "B:W9,K17,25,K30:BK6,8,13,15,16");
}

TEST(CheckersRules, KingCaptureLoopIsOneMoveWhereDuplicatesMerge) {
  // The same loop with flying kings: one move back to 26 (either way round),
  // and each way may also stop beyond 26 on the line of its last jump (30 or 31).
  auto g = game_at("brazilian", "W:WK26:B22,23,14,15");
  EXPECT_EQ(move_ids(*g), sorted({"26x26", "26x30", "26x31"}));
}

TEST(CheckersRules, PieceMayNotBeJumpedTwice) {
  // After taking 22 the king on 18 faces 22 again on its way back: a piece
  // already jumped stays on the board until the move ends and cannot be taken
  // twice, so no move goes 29x18x25 (or on round and round).
  auto g = game_at("russian", "W:WK29:B22");
  for (const MoveText& m : g->legal_moves()) EXPECT_EQ(std::count(m.id.begin(), m.id.end(), 'x'), 1) << m.id;
  EXPECT_FALSE(g->parse_move("29x18x25"));
}

TEST(CheckersRules, CapturedPiecesBlockAFlyingKingUntilTheMoveEnds) {
  // The king on 29 takes 22, 14, 6, 7 and 15 round square 10 (8x8). Going
  // round one way it comes back down the long diagonal toward 22, which it
  // took first: 22 still stands, so the king stops on 18 and cannot pass on
  // to 22, 25 or its own starting square 29. Going round the other way it
  // leaves along 18-32 and may stop on 23, 27 or 32.
  for (const char* v : {"russian", "brazilian"}) {
    auto g = game_at(v, "W:WK29:B22,14,6,7,15");
    EXPECT_EQ(move_ids(*g), sorted({"29x18", "29x23", "29x27", "29x32"})) << v;
    for (const char* beyond : {"29x22", "29x25", "29x29"})
      EXPECT_FALSE(g->parse_move(beyond)) << v << " " << beyond;
    ASSERT_TRUE(g->play("29x18")) << v;
    EXPECT_EQ(g->fen(), "B:WK18:B") << v;
  }
  // The same loop on 10x10: the king on 46 stops on 32 in front of 37.
  auto i = game_at("international", "W:WK46:B37,27,17,18,28");
  EXPECT_EQ(move_ids(*i), sorted({"46x32", "46x38", "46x43", "46x49"}));
  for (const char* beyond : {"46x37", "46x41", "46x46"}) EXPECT_FALSE(i->parse_move(beyond)) << beyond;
}

TEST(CheckersRules, RussianManCrownedMidCaptureStopsBeforeAPieceItTook) {
  // Black 13 takes 17, 18, 19 and 27, is crowned on 31 and as a king takes
  // 26; 17, taken first, still stands, so the king must stop on 22. (The
  // position arises 9 plies from the start; an engine that lifts each piece
  // as it is jumped also lets the king go on to 17 and 13.)
  auto g = game_at("russian", "B:W17,18,19,21,25,26,27,28,29,30,32:B1,2,3,4,5,7,8,10,11,12,13");
  EXPECT_EQ(move_ids(*g), std::vector<std::string>{"13x22"});
  EXPECT_FALSE(g->parse_move("13x17"));
  EXPECT_FALSE(g->parse_move("13x13"));
}

TEST(CheckersRules, NoLegalMoveLoses) {
  auto blocked = game_at("english", "B:W16,19:B12");
  Outcome o = blocked->outcome();
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(blocked->side_name(o.winner), "White");
  EXPECT_EQ(o.termination, checkers::endings::NoMoves);
  auto empty = game_at("russian", "B:W26:B22");
  ASSERT_TRUE(empty->play("22x31"));  // White's last piece
  EXPECT_EQ(empty->outcome().termination, checkers::endings::NoPieces);
  EXPECT_EQ(empty->side_name(empty->outcome().winner), "Black");
}

// Resignation and agreement are the referee's (core/referee.h).
TEST(CheckersRules, ResignationAndAgreedDraw) {
  Referee g(make_game("english"));
  ASSERT_TRUE(g.resign(Side::First, 0));
  EXPECT_EQ(g.outcome().termination, Termination::Resignation);
  EXPECT_EQ(g.game().side_name(g.outcome().winner), "White");
  Referee d(make_game("international"));
  ASSERT_TRUE(d.play("32-28", 0));
  ASSERT_TRUE(d.offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(d.answer_draw(Side::Second, true, 0));
  EXPECT_EQ(d.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(d.outcome().termination, Termination::Agreement);
}

}  // namespace
}  // namespace qi::checkers
