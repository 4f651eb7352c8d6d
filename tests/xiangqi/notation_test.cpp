#include "games/xiangqi/notation.h"

#include <gtest/gtest.h>

namespace qi::xiangqi {
namespace {

Position at(std::string_view fen) {
  auto pos = Position::from_fen(fen);
  EXPECT_TRUE(pos) << (pos ? "" : pos.error().message);
  return pos ? *pos : Position{};
}

Move parsed(const Position& pos, std::string_view text) {
  auto m = parse_move(pos, text);
  EXPECT_TRUE(m) << text << " -> " << (m ? "" : m.error().message);
  return m ? *m : Move{};
}

std::string error_of(const Position& pos, std::string_view text) {
  auto m = parse_move(pos, text);
  EXPECT_FALSE(m) << text << " parsed";
  return m ? "" : m.error().message;
}

TEST(XiangqiNotation, IccsBothForms) {
  Position pos;
  EXPECT_EQ(to_iccs(parsed(pos, "h2e2")), "h2e2");
  EXPECT_EQ(to_iccs(parsed(pos, "H2-E2")), "h2e2");
}

TEST(XiangqiNotation, OpeningMovesInAllNotations) {
  Position pos;
  Move central_cannon = parsed(pos, "h2e2");
  EXPECT_EQ(to_wxf(pos, central_cannon), "C2.5");
  EXPECT_EQ(to_chinese(pos, central_cannon), "炮二平五");
  EXPECT_EQ(parsed(pos, "炮二平五"), central_cannon);
  EXPECT_EQ(parsed(pos, "C2.5"), central_cannon);
  EXPECT_EQ(parsed(pos, "C2=5"), central_cannon);
  EXPECT_EQ(parsed(pos, "砲二平五"), central_cannon);
  pos.make(central_cannon);
  Move horse = parsed(pos, "h9g7");
  EXPECT_EQ(to_wxf(pos, horse), "H8+7");
  EXPECT_EQ(to_chinese(pos, horse), "马８进７");
  EXPECT_EQ(parsed(pos, "马8进7"), horse);
  EXPECT_EQ(parsed(pos, "马８进７"), horse);
  EXPECT_EQ(parsed(pos, "馬8進7"), horse);
  EXPECT_EQ(parsed(pos, "N8+7"), horse);
}

TEST(XiangqiNotation, ChariotStepsBackward) {
  Position pos = at("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
  Move m = parsed(pos, "a1a0");
  EXPECT_EQ(to_wxf(pos, m), "R9-1");
  EXPECT_EQ(to_chinese(pos, m), "车九退一");
}

TEST(XiangqiNotation, FrontAndRearPiecesOnOneFile) {
  Position pos = at("3k5/9/9/9/9/R8/9/R8/9/4K4 w - - 0 1");
  Move front = parsed(pos, "a4a3"), rear = parsed(pos, "a2b2");
  EXPECT_EQ(to_chinese(pos, front), "前车退一");
  EXPECT_EQ(to_wxf(pos, front), "R+-1");
  EXPECT_EQ(to_chinese(pos, rear), "后车平八");
  EXPECT_EQ(to_wxf(pos, rear), "R-.8");
  EXPECT_EQ(parsed(pos, "前车退一"), front);
  EXPECT_EQ(parsed(pos, "後車平八"), rear);
  EXPECT_EQ(parsed(pos, "R-.8"), rear);
}

TEST(XiangqiNotation, ThreeSoldiersOnAFile) {
  Position pos = at("3k5/9/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
  Move front = parsed(pos, "a7b7"), middle = parsed(pos, "a6b6"), rear = parsed(pos, "a5b5");
  EXPECT_EQ(to_chinese(pos, front), "前兵平八");
  EXPECT_EQ(to_chinese(pos, middle), "中兵平八");
  EXPECT_EQ(to_chinese(pos, rear), "后兵平八");
  EXPECT_EQ(to_wxf(pos, front), "P+.8");
  EXPECT_EQ(to_wxf(pos, middle), "P9.8");
  EXPECT_EQ(to_wxf(pos, rear), "P-.8");
  for (Move m : {front, middle, rear}) {
    EXPECT_EQ(parsed(pos, to_chinese(pos, m)), m);
    EXPECT_EQ(parsed(pos, to_wxf(pos, m)), m);
  }
}

TEST(XiangqiNotation, FiveSoldiersOnAFileUseOrdinals) {
  Position pos = at("P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
  const char* chinese[] = {"一兵平八", "二兵平八", "三兵平八", "四兵平八", "五兵平八"};
  const char* wxf[] = {"++.8", "P+.8", "P9.8", "P-.8", "--.8"};
  for (int i = 0; i < 5; ++i) {
    Move m = make_move(make_square(0, 9 - i), make_square(1, 9 - i));
    EXPECT_EQ(to_chinese(pos, m), chinese[i]);
    EXPECT_EQ(to_wxf(pos, m), wxf[i]);
    EXPECT_EQ(parsed(pos, chinese[i]), m);
    EXPECT_EQ(parsed(pos, wxf[i]), m);
  }
}

TEST(XiangqiNotation, SoldiersDoubledOnTwoFilesNameTheFile) {
  Position pos = at("3k5/9/P1P6/P1P6/9/9/9/9/9/4K4 w - - 0 1");
  Move m = parsed(pos, "c7d7");
  EXPECT_EQ(to_chinese(pos, m), "前七平六");
  EXPECT_EQ(to_wxf(pos, m), "7+.6");
  EXPECT_EQ(parsed(pos, "前七平六"), m);
  EXPECT_EQ(parsed(pos, "7+.6"), m);
}

TEST(XiangqiNotation, BlackFilesCountFromBlacksRight) {
  Position pos = at("4k4/9/9/9/9/9/9/9/9/5K3 b - - 0 1");
  Move m = parsed(pos, "e9d9");
  EXPECT_EQ(to_chinese(pos, m), "将５平４");
  EXPECT_EQ(to_wxf(pos, m), "K5.4");
}

TEST(XiangqiNotation, ExplainsHorseLeg) {
  Position pos = at("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1");
  EXPECT_EQ(error_of(pos, "马八进七"), "马八进七: the horse's leg at b1 is blocked");
}

}  // namespace
}  // namespace qi::xiangqi
