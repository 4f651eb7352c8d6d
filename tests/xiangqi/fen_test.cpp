#include <gtest/gtest.h>

#include "test_util.h"

namespace qi::xiangqi {
namespace {

std::string fen_error(std::string_view fen) {
  auto pos = Position::from_fen(fen);
  EXPECT_FALSE(pos) << fen;
  return pos ? "" : pos.error().message;
}

TEST(XiangqiFen, StartPositionRoundTrips) {
  Position pos;
  EXPECT_EQ(pos.fen(), kStartFen);
  EXPECT_EQ(pos.side_to_move(), kRed);
  auto again = Position::from_fen(pos.fen());
  ASSERT_TRUE(again);
  EXPECT_EQ(again->hash(), pos.hash());
}

TEST(XiangqiFen, AcceptsRForRedAndMissingCounters) {
  auto r = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->fen(), kStartFen);
}

// cchess and XQBase write a move number of 0 where a position begins a
// study; it is read as 1, as chess readers read it.
TEST(XiangqiFen, MoveNumberZeroIsReadAsOne) {
  auto r = Position::from_fen("5a3/4ak2r/6R2/8p/9/9/9/B4N2B/4K4/3c5 r - - 0 0");
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->fen(), "5a3/4ak2r/6R2/8p/9/9/9/B4N2B/4K4/3c5 w - - 0 1");
  EXPECT_FALSE(Position::from_fen("5a3/4ak2r/6R2/8p/9/9/9/B4N2B/4K4/3c5 w - - 0 x"));
}

TEST(XiangqiFen, RandomPositionsRoundTrip) {
  Position pos;
  std::uint64_t seed = 99;
  for (int ply = 0; ply < 200; ++ply) {
    Position::MoveList list;
    pos.generate_legal(list);
    if (list.empty()) break;
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    pos.make(list[(seed >> 33) % list.size()]);
    auto again = Position::from_fen(pos.fen());
    ASSERT_TRUE(again) << pos.fen() << ": " << again.error().message;
    EXPECT_EQ(again->fen(), pos.fen());
    EXPECT_EQ(again->hash(), pos.hash());
  }
}

TEST(XiangqiFen, NamesTheProblem) {
  EXPECT_EQ(fen_error(""), "FEN: empty");
  EXPECT_EQ(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
            "FEN: expected 10 ranks, found 9");
  EXPECT_EQ(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
            "FEN: rank 10 from the top has 8 points, not 9");
  EXPECT_EQ(fen_error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNQ w"),
            "FEN: 'Q' is not a xiangqi piece (use KABNRCP, lowercase for Black)");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/9/K8 w"), "FEN: the red general on a0 is outside the palace");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/9/4K4 x"), "FEN: side to move 'x' is not w, r or b");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/4A4/3AKA3 w"), "FEN: Red has more than 2 advisors");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/9/3KA4 w"),
            "FEN: a red advisor on e0, a point advisors cannot reach");
}

TEST(XiangqiFen, RejectsPiecesWhereTheyCannotBe) {
  EXPECT_TRUE(Position::from_fen("3k5/9/9/9/9/9/9/9/4A4/3AK4 w")) << "d0 and e1 are advisor points";
  EXPECT_EQ(fen_error("3k5/9/9/9/4b4/9/9/9/9/4K4 w"),
            "FEN: a black elephant on e5, a point elephants cannot reach");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/P8/4K4 w"),
            "FEN: a red soldier on a1, behind the soldiers' start rank");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/1P7/9/9/4K4 w"),
            "FEN: a red soldier on b3, off the soldiers' files before crossing the river");
  EXPECT_EQ(fen_error("4k4/9/9/9/9/9/9/9/9/4K4 w"), "FEN: the generals face each other on the e file");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/9/9 w"), "FEN: Red has no general");
  EXPECT_EQ(fen_error("3k5/3R5/9/9/9/9/9/9/9/4K4 w"), "FEN: Black is in check but it is Red's turn");
  EXPECT_EQ(fen_error("3k5/9/9/9/9/9/9/9/9/4K4 w - - x 1"), "FEN: plies since capture 'x' is not a number");
}

}  // namespace
}  // namespace qi::xiangqi
