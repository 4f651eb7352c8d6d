#include "app/record_import.h"

#include "app/session.h"

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

// Without a GameType the record's squares and moves choose the variant; the
// import says what it assumed where they leave a choice.
TEST(RecordImport, CheckersPdnWithoutGameTypeIsReadAsItsSquaresShow) {
  auto russian = import_record("checkers", "", "1. c3-d4 f6-g5 2. b2-c3 *");
  ASSERT_TRUE(russian) << russian.error().message;
  EXPECT_EQ(russian->variant, "russian");
  EXPECT_EQ(russian->moves, (std::vector<std::string>{"22-18", "11-16", "25-22"}));
  EXPECT_EQ(russian->assumed,
            "no GameType tag names the variant, and the record fits russian and brazilian draughts alike; "
            "read as russian");
  auto named = import_record("checkers", "brazilian", "1. c3-d4 f6-g5 2. b2-c3 *");
  ASSERT_TRUE(named) << named.error().message;
  EXPECT_EQ(named->variant, "brazilian");
  EXPECT_TRUE(named->assumed.empty());
  auto international = import_record("checkers", "", "1. 32-28 19-23 2. 28x19 14x23 *");
  ASSERT_TRUE(international) << international.error().message;
  EXPECT_EQ(international->variant, "international");
  EXPECT_TRUE(international->assumed.empty());
  auto fen = import_record("checkers", "", "W:W31-50:B1-20.");
  ASSERT_TRUE(fen) << fen.error().message;
  EXPECT_EQ(fen->variant, "international");
  EXPECT_EQ(
      import_record("checkers", "", "[GameType \"22\"]\n1. 21-17 *").error().message,
      "the record: GameType 22 is Italian draughts; Qi plays 20 international, 21 English, 25 Russian and "
      "26 Brazilian draughts");
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

// A game has at most kMaxGamePlies plies in the app: an import of exactly
// that many is taken; one move more is refused at that move, saying the
// bound, with a code of its own (the reading stops there: the import's work
// is bounded by the bound, not by the text).
TEST(RecordImport, AnImportAtThePlyBoundIsTakenAndOneMovePastItIsRefusedNamingTheBound) {
  auto shuffle = [](std::size_t plies) {
    std::string text;
    const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (std::size_t i = 0; i < plies; ++i) text += std::string(cycle[i % 4]) + " ";
    return text + "*";
  };
  auto at_bound = import_record("chess", "", shuffle(kMaxGamePlies));
  ASSERT_TRUE(at_bound) << at_bound.error().message;
  EXPECT_EQ(at_bound->moves.size(), kMaxGamePlies);
  auto past = import_record("chess", "", shuffle(kMaxGamePlies + 1));
  ASSERT_FALSE(past);
  EXPECT_EQ(past.error().code, "game_too_long");
  EXPECT_NE(past.error().message.find(std::to_string(kMaxGamePlies) + " plies"), std::string::npos)
      << past.error().message;
  EXPECT_NE(past.error().message.find("move " + std::to_string(kMaxGamePlies / 2 + 1)), std::string::npos)
      << past.error().message;
}

}  // namespace
}  // namespace qi::app
