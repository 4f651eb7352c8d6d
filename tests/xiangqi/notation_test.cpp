#include "games/xiangqi/notation.h"
#include "../support/positions.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace qi::xiangqi {
namespace {

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
  EXPECT_EQ(to_wxf(pos, central_cannon), "C2=5");
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
  Position pos = test::valid_position<Position>("3k5/9/9/9/9/9/9/9/R8/4K4 w - - 0 1");
  Move m = parsed(pos, "a1a0");
  EXPECT_EQ(to_wxf(pos, m), "R9-1");
  EXPECT_EQ(to_chinese(pos, m), "车九退一");
}

TEST(XiangqiNotation, FrontAndRearPiecesOnOneFile) {
  Position pos = test::valid_position<Position>("3k5/9/9/9/9/R8/9/R8/9/4K4 w - - 0 1");
  Move front = parsed(pos, "a4a3"), rear = parsed(pos, "a2b2");
  EXPECT_EQ(to_chinese(pos, front), "前车退一");
  EXPECT_EQ(to_wxf(pos, front), "R+-1");
  EXPECT_EQ(to_chinese(pos, rear), "后车平八");
  EXPECT_EQ(to_wxf(pos, rear), "R-=8");
  EXPECT_EQ(parsed(pos, "前车退一"), front);
  EXPECT_EQ(parsed(pos, "後車平八"), rear);
  EXPECT_EQ(parsed(pos, "R-.8"), rear);
}

TEST(XiangqiNotation, ThreeSoldiersOnAFile) {
  Position pos = test::valid_position<Position>("3k5/9/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
  Move front = parsed(pos, "a7b7"), middle = parsed(pos, "a6b6"), rear = parsed(pos, "a5b5");
  EXPECT_EQ(to_chinese(pos, front), "前兵平八");
  EXPECT_EQ(to_chinese(pos, middle), "中兵平八");
  EXPECT_EQ(to_chinese(pos, rear), "后兵平八");
  // Fairy-Stockfish's WXF: the place from the front, then the file.
  EXPECT_EQ(to_wxf(pos, front), "19=8");
  EXPECT_EQ(to_wxf(pos, middle), "29=8");
  EXPECT_EQ(to_wxf(pos, rear), "39=8");
  for (Move m : {front, middle, rear}) {
    EXPECT_EQ(parsed(pos, to_chinese(pos, m)), m);
    EXPECT_EQ(parsed(pos, to_wxf(pos, m)), m);
  }
  // The WXF rules' own: + and - for the front and rear, the file for the middle.
  EXPECT_EQ(parsed(pos, "P+.8"), front);
  EXPECT_EQ(parsed(pos, "P9.8"), middle);
  EXPECT_EQ(parsed(pos, "P-.8"), rear);
}

TEST(XiangqiNotation, FiveSoldiersOnAFileUseOrdinals) {
  Position pos = test::valid_position<Position>("P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1");
  const char* chinese[] = {"一兵平八", "二兵平八", "三兵平八", "四兵平八", "五兵平八"};
  const char* wxf_rules[] = {"++.8", "P+.8", "P9.8", "P-.8", "--.8"};
  const char* fairy_stockfish[] = {"19=8", "29=8", "39=8", "49=8", "59=8"};
  for (int i = 0; i < 5; ++i) {
    Move m = make_move(make_square(0, 9 - i), make_square(1, 9 - i));
    EXPECT_EQ(to_chinese(pos, m), chinese[i]);
    EXPECT_EQ(to_wxf(pos, m), fairy_stockfish[i]);
    EXPECT_EQ(parsed(pos, chinese[i]), m);
    EXPECT_EQ(parsed(pos, wxf_rules[i]), m);
    EXPECT_EQ(parsed(pos, fairy_stockfish[i]), m);
  }
}

TEST(XiangqiNotation, SoldiersDoubledOnTwoFilesNameTheFile) {
  Position pos = test::valid_position<Position>("3k5/9/P1P6/P1P6/9/9/9/9/9/4K4 w - - 0 1");
  Move m = parsed(pos, "c7d7");
  EXPECT_EQ(to_chinese(pos, m), "前七平六");
  EXPECT_EQ(to_wxf(pos, m), "17=6");
  EXPECT_EQ(parsed(pos, "前七平六"), m);
  EXPECT_EQ(parsed(pos, "7+.6"), m);
  EXPECT_EQ(parsed(pos, "17=6"), m);
}

TEST(XiangqiNotation, BlackFilesCountFromBlacksRight) {
  Position pos = test::valid_position<Position>("4k4/9/9/9/9/9/9/9/9/5K3 b - - 0 1");
  Move m = parsed(pos, "e9d9");
  EXPECT_EQ(to_chinese(pos, m), "将５平４");
  EXPECT_EQ(to_wxf(pos, m), "K5=4");
}

// Fairy-Stockfish's WXF, from its own published examples (its coordinates
// count ranks 1-10; these are ICCS's 0-9).
TEST(XiangqiNotation, WxfAsFairyStockfishWritesIt) {
  Position start;
  EXPECT_EQ(to_wxf(start, parsed(start, "h0g2")), "H2+3");
  EXPECT_EQ(to_wxf(start, parsed(start, "c0e2")), "E7+5");
  EXPECT_EQ(to_wxf(start, parsed(start, "h2h9")), "C2+7");
  // No sign for check.
  Position check = test::valid_position<Position>("4k4/4a3R/9/9/9/9/9/9/4K4/9 w - - 0 1");
  EXPECT_EQ(to_wxf(check, parsed(check, "i8e8")), "R1=5");
  EXPECT_EQ(to_wxf(check, parsed(check, "i8i9")), "R1+1");
  // Advisors and elephants by their file; two horses or soldiers on a file by + and -.
  Position pairs = test::valid_position<Position>(
      "rnbakabnr/9/1c5c1/p1p1p1p1p/4P4/1NB6/P1P1P3P/1C1A3C1/9/RNBAK4 w - - 0 1");
  EXPECT_EQ(to_wxf(pairs, parsed(pairs, "c4e2")), "E7-5");
  EXPECT_EQ(to_wxf(pairs, parsed(pairs, "d0e1")), "A6+5");
  EXPECT_EQ(to_wxf(pairs, parsed(pairs, "b4c6")), "H++7");
  EXPECT_EQ(to_wxf(pairs, parsed(pairs, "e5e6")), "P++1");
  EXPECT_EQ(to_wxf(pairs, parsed(pairs, "e3e4")), "P-+1");
  // Three soldiers on a file.
  Position three =
      test::valid_position<Position>("rnbakabnr/9/1c5c1/p1p1P1p1p/4P4/9/P3P3P/1C5C1/9/RNBAKABNR w - - 0 1");
  EXPECT_EQ(to_wxf(three, parsed(three, "e6d6")), "15=6");
  EXPECT_EQ(to_wxf(three, parsed(three, "e5d5")), "25=6");
  EXPECT_EQ(to_wxf(three, parsed(three, "e3e4")), "35+1");
  // Two soldiers on each of two files.
  Position two_files = test::valid_position<Position>("5k3/9/3P5/3P1P1P1/5P3/9/9/9/9/4K4 w - - 0 1");
  EXPECT_EQ(to_wxf(two_files, parsed(two_files, "d6e6")), "26=5");
  EXPECT_EQ(to_wxf(two_files, parsed(two_files, "f5e5")), "24=5");
  // An opening, move by move.
  Position pos;
  const char* iccs[] = {"h2e2", "h9g7", "h0g2", "c9e7", "a0a2", "i9h9"};
  const char* wxf[] = {"C2=5", "H8+7", "H2+3", "E3+5", "R9+2", "R9=8"};
  for (int i = 0; i < 6; ++i) {
    Move m = parsed(pos, iccs[i]);
    EXPECT_EQ(to_wxf(pos, m), wxf[i]);
    pos.make(m);
  }
}

// Two like pieces on a file: + and - where the other one could make the
// same move by its shape (it would stay on the board), the file otherwise.
TEST(XiangqiNotation, TwinsAreToldApartByTheFileWhereTheOtherCannotMoveAlike) {
  Position chariots = test::valid_position<Position>("3k5/9/9/9/9/R8/9/9/9/R3K4 w - - 0 1");
  EXPECT_EQ(to_wxf(chariots, parsed(chariots, "a4a1")), "R9-3");  // the rear one cannot go 3 back
  EXPECT_EQ(to_wxf(chariots, parsed(chariots, "a4a5")), "R++1");
  EXPECT_EQ(to_wxf(chariots, parsed(chariots, "a0a2")), "R-+2");
  EXPECT_EQ(to_wxf(chariots, parsed(chariots, "a0b0")), "R-=8");
  EXPECT_EQ(to_chinese(chariots, parsed(chariots, "a4a1")), "前车退三");
  EXPECT_EQ(parsed(chariots, "R9-3"), parsed(chariots, "a4a1"));
  EXPECT_EQ(parsed(chariots, "R+-3"), parsed(chariots, "a4a1"));
  Position soldiers = test::valid_position<Position>("2P1k4/9/2P6/9/9/9/9/9/9/3K5 w - - 0 1");
  EXPECT_EQ(to_wxf(soldiers, parsed(soldiers, "c7c8")), "P7+1");  // the front one is on the last rank
  EXPECT_EQ(to_wxf(soldiers, parsed(soldiers, "c7b7")), "P-=8");
  EXPECT_EQ(to_wxf(soldiers, parsed(soldiers, "c9b9")), "P+=8");
  EXPECT_EQ(parsed(soldiers, "P7+1"), parsed(soldiers, "c7c8"));
}

// Positions with tandem pieces (random play seldom makes them): every legal
// move's text in each notation is its own and reads back as the move.
TEST(XiangqiNotation, EveryMoveWithTandemPiecesRoundTrips) {
  for (const char* fen :
       {"3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1", "P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1",
        "2P1k4/9/2P6/9/R8/9/9/9/9/R2K5 w - - 0 1", "4k4/9/9/9/9/5p1p1/5p3/3p1p3/9/3K5 b - - 0 1",
        "3k5/9/9/9/4R4/4N4/9/4N4/4R4/5K3 w - - 0 1"}) {
    const Position pos = test::valid_position<Position>(fen);
    Position::MoveList list;
    pos.generate_legal(list);
    ASSERT_GT(list.size(), 0u) << fen;
    std::vector<std::string> wxf, chinese;
    for (Move m : list) {
      wxf.push_back(to_wxf(pos, m));
      chinese.push_back(to_chinese(pos, m));
      for (const std::string& text : {to_iccs(m), wxf.back(), chinese.back()})
        EXPECT_EQ(parsed(pos, text), m) << fen << " " << text;
    }
    for (std::vector<std::string>* texts : {&wxf, &chinese}) {
      std::sort(texts->begin(), texts->end());
      EXPECT_EQ(std::adjacent_find(texts->begin(), texts->end()), texts->end()) << fen;
    }
  }
}

TEST(XiangqiNotation, ExplainsHorseLeg) {
  Position pos = test::valid_position<Position>("3k5/9/9/9/9/9/9/9/1R7/1N2K4 w - - 0 1");
  EXPECT_EQ(error_of(pos, "马八进七"), "马八进七: the horse's leg at b1 is blocked");
}

}  // namespace
}  // namespace qi::xiangqi
