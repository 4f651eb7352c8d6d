// What the move reader accepts besides what Qi writes: the forms real
// records and other programs use (full-width characters, traditional and
// variant characters, the WXF rules' tandem soldiers beside
// Fairy-Stockfish's, WinBoard's SAN), and the errors it gives when it
// cannot read a text.
#include <gtest/gtest.h>

#include "../support/positions.h"
#include "games/xiangqi/notation.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::xiangqi {
namespace {

// The ICCS of the move a text names, or its error.
std::string read(const Position& pos, std::string_view text) {
  auto m = parse_move(pos, text);
  return m ? to_iccs(*m) : "error: " + m.error().message;
}

Position after(std::string_view iccs) {
  Position pos;
  pos.make(*parse_move(pos, iccs));
  return pos;
}

TEST(XiangqiNotationReading, FullWidthWxfIccsAndChinese) {
  Position start;
  for (const char* text :
       {"Ｃ２＝５", "Ｃ２．５", "ｃ２＝５", "Ｃ２・５", "ｈ２ｅ２", "Ｈ２－Ｅ２", "H2\u2013E2", "Ｃｈｅ２",
        "\u3000炮二平五\u3000", "Ｃ２＝５！", "炮２平５", "炮二平５"})
    EXPECT_EQ(read(start, text), "h2e2") << text;
  Position black = after("h2e2");
  EXPECT_EQ(read(black, "Ｈ８＋７"), "h9g7");
  EXPECT_EQ(read(black, "马８进７"), "h9g7");
  EXPECT_EQ(read(black, "炮８平５"), "h7e7");
  // A sign before the letter for two soldiers on a file, as full-width records write it.
  Position pair = test::valid_position<Position>(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1");
  EXPECT_EQ(read(pair, "＋Ｐ＋１"), "e5e6");
  EXPECT_EQ(read(pair, "－Ｐ＋１"), "e3e4");
  EXPECT_EQ(read(pair, "Ｐ＋＋１"), "e5e6");
}

TEST(XiangqiNotationReading, ChineseVariantCharacters) {
  Position start;
  for (const char* text : {"炮二平五", "砲二平五", "包二平五", "炮2平5", "炮二平5"})
    EXPECT_EQ(read(start, text), "h2e2");
  for (const char* text : {"马二进三", "馬二進三", "傌二進三", "㐷二进三", "马2进3"})
    EXPECT_EQ(read(start, text), "h0g2");
  for (const char* text : {"车一进一", "車一進一", "俥一進一", "伡一进一"})
    EXPECT_EQ(read(start, text), "i0i1");
  for (const char* text : {"帅五进一", "帥五進一", "帥5進1"}) EXPECT_EQ(read(start, text), "e0e1");
  for (const char* text : {"仕四进五", "士四进五"}) EXPECT_EQ(read(start, text), "f0e1");
  for (const char* text : {"相三进五", "象三进五"}) EXPECT_EQ(read(start, text), "g0e2");
  for (const char* text : {"兵七进一", "卒七进一"}) EXPECT_EQ(read(start, text), "c3c4");
  // A sideways move written without its sign, as some WXF texts do.
  EXPECT_EQ(read(start, "C25"), "h2e2");
  Position black = after("h2e2");
  for (const char* text : {"將5進1", "将５进１", "將五進一"}) EXPECT_EQ(read(black, text), "e9e8");
  for (const char* text : {"車９進１", "车9进1", "車９进一"}) EXPECT_EQ(read(black, text), "i9i8");
  for (const char* text : {"卒３進１", "卒3进1"}) EXPECT_EQ(read(black, text), "c6c5");
  // Tandem pieces: 前/後/后 before or after the piece, 中, and 一二三四五.
  Position chariots = test::valid_position<Position>("3k5/9/9/9/9/R8/9/R8/9/4K4 w - - 0 1");
  for (const char* text : {"前车退一", "前車退一", "車前退一"}) EXPECT_EQ(read(chariots, text), "a4a3");
  for (const char* text : {"后车平八", "後車平八", "車後平八"}) EXPECT_EQ(read(chariots, text), "a2b2");
  Position five = test::valid_position<Position>("P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(read(five, "一兵平八"), "a9b9");
  EXPECT_EQ(read(five, "三兵平八"), "a7b7");
  EXPECT_EQ(read(five, "五兵平八"), "a5b5");
  Position three = test::valid_position<Position>("3k5/9/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(read(three, "中兵平八"), "a6b6");
}

TEST(XiangqiNotationReading, ErrorsQuoteTheCharactersTheyCannotRead) {
  Position start;
  EXPECT_EQ(read(start, "Ｃ２＝Ｘ"), "error: Ｃ２＝Ｘ: 'Ｘ' has no meaning in move notation");
  EXPECT_EQ(read(start, "炮二平\xFF"), "error: 炮二平\\xFF: '\\xFF' is not UTF-8");
  EXPECT_EQ(read(start, "Ｃ９＝５"), "error: Ｃ９＝５: Red has no cannon on file 9");
  EXPECT_EQ(read(start, "Ｃ２＋６"),
            "error: Ｃ２＋６: a cannon moves only over empty points; h7 is in the way");
  EXPECT_EQ(read(start, "Cxe9"), "error: Cxe9: no red cannon can move to e9");
  EXPECT_EQ(read(start, "Hd2"), "error: Hd2: no red horse can move to d2");
  EXPECT_EQ(read(start, "Kd1"), "error: Kd1: the general moves one point along a line");
}

// Three soldiers on file 3 and two on file 7, read by the WXF rules and as
// Fairy-Stockfish writes them. "33" is the middle soldier by the WXF rules
// and the third by Fairy-Stockfish's: a '.' says the first, '=' the second.
TEST(XiangqiNotationReading, WxfRulesAndFairyStockfishTandemSoldiersBothRead) {
  Position pos = test::valid_position<Position>("3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1");
  const struct {
    const char *wxf_rules, *fairy_stockfish, *chinese, *iccs;
  } moves[] = {{"3+.4", "13=4", "前三平四", "g7f7"},
               {"33.4", "23=4", "中三平四", "g6f6"},
               {"3-.4", "33=4", "后三平四", "g5f5"},
               {"7+.6", "17=6", "前七平六", "c7d7"},
               {"7-.6", "27=6", "后七平六", "c6d6"}};
  for (const auto& m : moves) {
    EXPECT_EQ(read(pos, m.wxf_rules), m.iccs) << m.wxf_rules;
    EXPECT_EQ(read(pos, m.fairy_stockfish), m.iccs) << m.fairy_stockfish;
    EXPECT_EQ(read(pos, m.chinese), m.iccs) << m.chinese;
    const Move move = *parse_move(pos, m.iccs);
    EXPECT_EQ(to_wxf(pos, move), m.fairy_stockfish);
    EXPECT_EQ(to_chinese(pos, move), m.chinese);
  }
  // Either reading of "33.4" is offered to a reader that can decide by what follows.
  std::vector<Move> both = moves_named(pos, "33.4");
  ASSERT_EQ(both.size(), 2u);
  EXPECT_EQ(to_iccs(both[0]), "g6f6");
  EXPECT_EQ(to_iccs(both[1]), "g5f5");
}

// Two files each holding two or more soldiers: the Chinese rules number them
// together, the right file first as their side sees it, each front to back.
// Red's soldiers on f7 f6 (file 四) and e8 e4 (file 五): 一兵 is f7, 四兵 e4.
TEST(XiangqiNotationReading, SoldiersOfTwoCrowdedFilesAreNumberedRightToLeft) {
  const Position pos = test::valid_position<Position>("3k5/4P4/5P3/3P1P3/9/4P4/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(read(pos, "四兵进一"), "e4e5");
  EXPECT_EQ(read(pos, "一兵平三"), "f7g7");
  EXPECT_EQ(read(pos, "三兵平四"), "e8f8");
  EXPECT_NE(read(pos, "五兵进一").find("has only 4 soldiers"), std::string::npos) << read(pos, "五兵进一");
  // Front and rear stay ambiguous across two files.
  EXPECT_NE(read(pos, "前兵进一").find("name the file"), std::string::npos) << read(pos, "前兵进一");
}

TEST(XiangqiNotationReading, WinBoardSan) {
  Position start;
  EXPECT_EQ(read(start, "Che2"), "h2e2");
  EXPECT_EQ(read(start, "Ch2e2"), "h2e2");
  EXPECT_EQ(read(start, "Ch2-e2"), "h2e2");
  EXPECT_EQ(read(start, "Hg2"), "h0g2");
  EXPECT_EQ(read(start, "Nc2"), "b0c2");
  EXPECT_EQ(read(start, "Ece2"), "c0e2");
  EXPECT_EQ(read(start, "Ade1"), "d0e1");
  EXPECT_EQ(read(start, "Ke1"), "e0e1");
  EXPECT_EQ(read(start, "Ri1"), "i0i1");
  EXPECT_EQ(read(start, "c4"), "c3c4");
  EXPECT_EQ(read(start, "Cxh9"), "h2h9");
  EXPECT_EQ(read(start, "Cxh9+"), "h2h9");
  EXPECT_EQ(read(start, "Ce2"),
            "error: Ce2: ambiguous: 2 cannons can move to e2; name the file or rank it leaves");
  // A soldier names the file it leaves unless it goes straight on.
  Position soldier = test::valid_position<Position>("3k5/9/9/9/6P2/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(read(soldier, "g6"), "g5g6");
  EXPECT_EQ(read(soldier, "gf5"), "g5f5");
  Position capture = test::valid_position<Position>("3k5/9/9/6p2/6P2/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(read(capture, "gxg6"), "g5g6");
  // Fairy-Stockfish's SAN counts ranks 1-10: a rank 10 says so, and a
  // text no move fits in ranks 0-9 is read in 1-10.
  EXPECT_EQ(read(start, "Cxh10"), "h2h9");
  EXPECT_EQ(read(start, "Hg3"), "h0g2");
  // Both points and no letter: coordinates, whatever piece stands there.
  EXPECT_EQ(read(start, "h2-e2+"), "h2e2");
  EXPECT_EQ(read(after("h2e2"), "h10g8"), "h9g7");
}

TEST(XiangqiNotationReading, MovesMatchingOffersEveryReading) {
  XiangqiGame game;
  ASSERT_TRUE(game.set_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
  // WinBoard's a2 (ranks 0-9) first, Fairy-Stockfish's a2 (ranks 1-10) second.
  std::vector<MoveText> moves = game.moves_matching("Ra2");
  ASSERT_EQ(moves.size(), 2u);
  EXPECT_EQ(moves[0].id, "a0a2");
  EXPECT_EQ(moves[1].id, "a0a1");
  EXPECT_EQ(game.parse_move("Ra2")->id, "a0a2");
  EXPECT_EQ(game.moves_matching("Ra0").size(), 0u);
  EXPECT_EQ(game.moves_matching("a0a3").size(), 1u);
  EXPECT_EQ(game.moves_matching("nonsense").size(), 0u);
}

}  // namespace
}  // namespace qi::xiangqi
