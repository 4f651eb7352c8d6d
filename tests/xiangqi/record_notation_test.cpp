// Whole records as xiangqi programs and databases write them, read as an
// import reads them: one game written in ICCS, full-width WXF, Chinese with
// traditional characters, WinBoard's SAN, and Fairy-Stockfish's WXF from a
// set-up. Each must end on the position its ICCS twin ends on. The records
// are made up for these tests, in the styles of the real ones.
#include <gtest/gtest.h>

#include "core/record.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::xiangqi {
namespace {

struct Replayed {
  std::string fen;
  std::size_t plies = 0;
  std::size_t written = 0;  // the moves the record's main line has
  std::string result;
};

Expected<Replayed> replay(std::string_view text) {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  if (!tags) return tags.error();
  if (!*tags) return make_error("no record");
  XiangqiGame game;
  if (Status read = reader.read_movetext(**tags, game.record_dialect()); !read) return read.error();
  Replayed out;
  out.written = (*tags)->moves.size();
  Expected<ReadGame> read = read_game(std::move(**tags), game.clone());
  if (!read) return read.error();
  out.fen = read->referee->game().fen();
  out.plies = read->referee->game().moves_played().size();
  out.result = read->record.result;
  return out;
}

Replayed replayed(std::string_view text) {
  Expected<Replayed> r = replay(text);
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  return r ? *r : Replayed{};
}

// The same game in ICCS, as the records with Format "ICCS" write it.
constexpr std::string_view kIccs = R"([Game "Chinese Chess"]
[Event "City league"]
[Red "Wang"]
[Black "Li"]
[Result "1-0"]
[Format "ICCS"]

1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 4. C3-C4 G6-G5 5. H0-H6 H7-I7
6. H6-G6 I7-I8 7. B0-C2 D9-E8 8. B2-B4 I8-G8 9. G6-F6 G7-H5 10. F6-F8 G8-G3
11. G0-I2 1-0
)";

TEST(XiangqiRecords, FullWidthWxfRecordEndsWhereItsIccsTwinDoes) {
  const Replayed iccs = replayed(kIccs);
  const Replayed wxf = replayed(R"([Event "City league"]
[Red "WANG"]
[Black "LI"]

1. Ｃ２＝５ Ｈ８＋７ 2. Ｈ２＋３ Ｒ９＝８ 3. Ｒ１＝２ Ｈ２＋３ 4. Ｐ７＋１ Ｐ７＋１ 5. Ｒ２＋６ Ｃ８＝９ 6. Ｒ２＝３ Ｃ９－１ 7. Ｈ８＋７ Ａ４＋５ 8. Ｃ８＋２ Ｃ９＝７ 9. Ｒ３＝４ Ｈ７＋８ 10. Ｒ４＋２ Ｃ７＋５ 11. Ｅ３＋１ １－０
)");
  EXPECT_EQ(iccs.plies, 21u);
  EXPECT_EQ(wxf.plies, wxf.written);
  EXPECT_EQ(wxf.fen, iccs.fen);
  EXPECT_EQ(wxf.result, "1-0");
}

TEST(XiangqiRecords, ChineseRecordWithTraditionalCharactersEndsWhereItsIccsTwinDoes) {
  const Replayed iccs = replayed(kIccs);
  const Replayed chinese = replayed(R"([Game "Chinese Chess"]
[Event "城市联赛"]
[Red "王"]
[Black "李"]
[Result "红胜"]

1. 砲二平五 馬８進７ 2. 傌二進三 車９平８ 3. 俥一平二 馬２進３ 4. 兵七進一 卒７進１
5. 俥二進六 包８平９ 6. 俥二平三 砲９退１ 7. 傌八進七 士４進５ 8. 砲八進二 砲９平７
9. 俥三平四 馬７進８ 10. 俥四進二 砲７進５ 11. 相三進一 红胜
)");
  EXPECT_EQ(chinese.plies, chinese.written);
  EXPECT_EQ(chinese.fen, iccs.fen);
  EXPECT_EQ(chinese.result, "1-0");
}

TEST(XiangqiRecords, WinBoardSanRecordEndsWhereItsIccsTwinDoes) {
  const Replayed iccs = replayed(kIccs);
  const Replayed san = replayed(R"([Event "Computer Chess Game"]
[Site "localhost"]
[Date "2024.05.01"]
[Round "-"]
[White "Engine A"]
[Black "Engine B"]
[Result "1-0"]
[TimeControl "60+1"]
[Variant "xiangqi"]

1. Che2 {+0,12/9} Hg7 {-0,08/8 2} 2. Hg2 {+0,20/9 2} Rh9 {-0,10/9 1,5} 3.
Rh0 {+0,22/8 2} Hc7 {-0,15/8 2} 4. c4 {+0,30/9 2} g5 {-0,21/8 2} 5. Rh6
{+0,35/8 2} Ci7 {-0,30/9 2} 6. Rg6 {+0,41/9 2} Ci8 {-0,33/8 2} 7. Hc2
{+0,40/9 2} Ade8 {-0,36/9 2} 8. Cb4 {+0,44/9 2} Cg8 {-0,41/8 2} 9. Rf6
{+0,52/9 2} Hh5 {-0,60/9 2} 10. Rf8 {+0,80/9 2} Cxg3 {-0,75/8 2} 11. Ei2
{+1,02/9 2} {Black resigns} 1-0
)");
  EXPECT_EQ(san.plies, san.written);
  EXPECT_EQ(san.fen, iccs.fen);
}

// Fairy-Stockfish's WXF for soldiers on two crowded files ("13=4": the
// front soldier of file 3), from a set-up.
TEST(XiangqiRecords, FairyStockfishWxfWithTandemSoldiers) {
  const std::string setup = R"([Game "Chinese Chess"]
[SetUp "1"]
[FEN "3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1"]

)";
  const Replayed wxf = replayed(setup + "1. 13=4 K4+1 2. 17=6 K4-1 3. P++1 *\n");
  const Replayed iccs = replayed(setup + "1. g7f7 d9d8 2. c7d7 d8d9 3. g6g7 *\n");
  EXPECT_EQ(iccs.plies, 5u);
  EXPECT_EQ(wxf.plies, 5u);
  EXPECT_EQ(wxf.fen, iccs.fen);
}

// A record whose set-up has Black to move starts with "1. ...".
TEST(XiangqiRecords, RecordStartingWithBlack) {
  const std::string setup = R"([Game "Chinese Chess"]
[SetUp "1"]
[FEN "3ak4/9/4n4/9/4n4/9/9/9/9/3K5 b - - 0 1"]

)";
  const Replayed chinese = replayed(setup + "1. ... 前马进4 2. 帅六进一 *\n");
  const Replayed iccs = replayed(setup + "1... e5d3 2. d0d1 *\n");
  EXPECT_EQ(iccs.plies, 2u);
  EXPECT_EQ(chinese.plies, 2u);
  EXPECT_EQ(chinese.fen, iccs.fen);
}

TEST(XiangqiRecords, RefusedMoveQuotesTheRecordsText) {
  Expected<Replayed> r = replay("[Game \"Chinese Chess\"]\n\n1. Ｃ２＝５ Ｈ８＋Ｘ *\n");
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("Ｈ８＋Ｘ: 'Ｘ' has no meaning in move notation"), std::string::npos)
      << r.error().message;
}

}  // namespace
}  // namespace qi::xiangqi
