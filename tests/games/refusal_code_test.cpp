// A refused move carries the code of the rule it breaks next to its words, so
// that the page can explain it in Chinese. One test per rule, named after it.
#include <gtest/gtest.h>

#include "core/referee.h"
#include "engine/registry.h"

namespace qi {
namespace {

std::string code_of(const std::string& game, const std::string& fen, const std::string& move,
                    const std::string& variant = "") {
  auto g = make_game(game, variant);
  EXPECT_TRUE(g.has_value());
  if (!fen.empty()) {
    EXPECT_TRUE((*g)->set_fen(fen).has_value()) << fen;
  }
  const std::string before = (*g)->fen();
  Expected<MoveText> m = (*g)->play(move);
  EXPECT_FALSE(m.has_value()) << move << " should be refused";
  EXPECT_EQ((*g)->fen(), before);
  if (m) return "";
  EXPECT_FALSE(m.error().message.empty());
  return m.error().code;
}

TEST(RefusalCodes, XiangqiHorseLegBlocked) { EXPECT_EQ(code_of("xiangqi", "", "b0d1"), "horse_leg_blocked"); }

TEST(RefusalCodes, XiangqiElephantNeverCrossesTheRiver) {
  EXPECT_EQ(code_of("xiangqi", "3k5/9/9/9/9/2B6/9/9/9/R3K4 w - - 0 1", "c4e6"), "elephant_crosses_river");
}

TEST(RefusalCodes, XiangqiGeneralsNeverFaceEachOther) {
  EXPECT_EQ(code_of("xiangqi", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", "e0d0"), "flying_general");
}

TEST(RefusalCodes, XiangqiCannonCapturesOverExactlyOneScreen) {
  EXPECT_EQ(code_of("xiangqi", "1r2k4/9/9/9/9/9/9/9/9/1C1K5 w - - 0 1", "b0b9"), "cannon_needs_screen");
}

TEST(RefusalCodes, XiangqiHorseLegBlockedInChineseNotation) {
  EXPECT_EQ(code_of("xiangqi", "", "马八进六"), "horse_leg_blocked");
}

TEST(RefusalCodes, ChessCastlingThroughCheck) {
  EXPECT_EQ(code_of("chess", "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "e1g1"), "castle_through_check");
  EXPECT_EQ(code_of("chess", "4k3/8/8/8/8/8/5r2/4K2R w K - 0 1", "O-O"), "castle_through_check");
}

TEST(RefusalCodes, ChessPinnedPieceMayNotExposeTheKing) {
  EXPECT_EQ(code_of("chess", "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2d3"), "pinned");
}

TEST(RefusalCodes, ChessKingNeverMovesIntoCheck) {
  EXPECT_EQ(code_of("chess", "4k3/3r4/8/8/8/8/8/4K3 w - - 0 1", "e1d1"), "king_into_check");
}

TEST(RefusalCodes, ChessKnightMovesInAnL) {
  EXPECT_EQ(code_of("chess", "", "g1g3"), "knight_move_shape");
  EXPECT_EQ(code_of("chess", "", "Nf4"), "no_piece_reaches");
}

TEST(RefusalCodes, CheckersCaptureIsCompulsory) {
  EXPECT_EQ(code_of("checkers", "W:W22,30:B18", "30-26", "english"), "capture_compulsory");
}

TEST(RefusalCodes, CheckersManMovesOnlyForward) {
  EXPECT_EQ(code_of("checkers", "W:W22:B1", "22-26", "english"), "man_moves_forward");
}

TEST(RefusalCodes, TicTacToeSquareAlreadyTaken) {
  auto g = make_game("tictactoe", "");
  ASSERT_TRUE((*g)->play("b2").has_value());
  Expected<MoveText> again = (*g)->play("b2");
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error().code, "occupied");
}

// Once the game is over the referee (core/referee.h) refuses every move, in
// every game, with its own code.
TEST(RefusalCodes, NoMoveOnceTheGameIsOver) {
  auto g = make_game("chess", "");
  ASSERT_TRUE((*g)->set_fen("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1").has_value());
  Referee mated(std::move(*g));
  Expected<MoveText> m = mated.play("h8g8", 0);
  ASSERT_FALSE(m.has_value());
  EXPECT_EQ(m.error().code, "game_over");
  Referee resigned(make_game("xiangqi").value());
  ASSERT_TRUE(resigned.resign(Side::First, 0).has_value());
  Expected<MoveText> after = resigned.play("h2e2", 0);
  ASSERT_FALSE(after.has_value());
  EXPECT_EQ(after.error().code, "game_over");
  EXPECT_FALSE(chinese_of(kRefereeRefusals, after.error().code).empty());
}

}  // namespace
}  // namespace qi
