#include "app/record_import.h"

#include <gtest/gtest.h>

namespace qi::app {
namespace {

TEST(RecordImport, ChessPgnGivesItsMovesAsIds) {
  auto g = import_record("chess", "", "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *");
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(g->moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}));
  EXPECT_TRUE(g->start_fen.empty());
}

TEST(RecordImport, ChessPgnWithAnIllegalMoveSaysWhichMove) {
  auto g = import_record("chess", "", "1. e4 e5 2. Ke3 *");
  ASSERT_FALSE(g);
  EXPECT_NE(g.error().message.find("Ke3"), std::string::npos) << g.error().message;
}

TEST(RecordImport, AFenStartsFromThatPosition) {
  auto g = import_record("chess", "", "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(g->start_fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_TRUE(g->moves.empty());
}

TEST(RecordImport, NeitherFenNorRecordIsRefused) {
  auto g = import_record("chess", "", "hello world");
  ASSERT_FALSE(g);
  EXPECT_NE(g.error().message.find("FEN"), std::string::npos) << g.error().message;
}

TEST(RecordImport, XiangqiPgnInIccs) {
  auto g = import_record("xiangqi", "", "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n1. H2-E2 H9-G7 *");
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(g->moves, (std::vector<std::string>{"h2e2", "h9g7"}));
}

TEST(RecordImport, CheckersPdnTakesTheVariantFromGameType) {
  auto g = import_record("checkers", "", "[GameType \"21\"]\n1. 11-15 23-19 *");
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(g->variant, "english");
  EXPECT_EQ(g->moves.size(), 2u);
}

TEST(RecordImport, CheckersPdnWithAnIllegalMoveIsRefused) {
  EXPECT_FALSE(import_record("checkers", "", "[GameType \"21\"]\n1. 11-20 *"));
}

TEST(RecordImport, TicTacToeMoveList) {
  auto g = import_record("tictactoe", "", "b2 a1 c3");
  ASSERT_TRUE(g) << g.error().message;
  EXPECT_EQ(g->moves.size(), 3u);
  EXPECT_FALSE(import_record("tictactoe", "", "b2 b2"));
}

}  // namespace
}  // namespace qi::app
