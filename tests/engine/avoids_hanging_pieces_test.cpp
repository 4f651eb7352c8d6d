// Attacked pieces are saved: the engine does not leave material en prise.
#include <gtest/gtest.h>

#include "engine_test_util.h"

namespace qi::engine::test {
namespace {

TEST(AvoidsHangingPieces, ChessQueenAttackedByPawnMoves) {
  auto engine = engine_for("chess", "rnbqkbnr/ppp2ppp/8/3pp3/4Q3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3");
  SearchResult r = search_depth(*engine, 6);
  EXPECT_EQ(r.best.substr(0, 2), "e4");  // the queen leaves (or takes)
  EXPECT_GT(r.score, -200);
}

TEST(AvoidsHangingPieces, ChessDoesNotTakeADefendedPawnWithTheQueen) {
  // Qxd5 would lose the queen to ...Qxd5.
  auto engine = engine_for("chess", "rnbqkbnr/ppp2ppp/8/3pp3/4Q3/8/PPPP1PPP/RNB1KBNR w KQkq - 0 3");
  SearchResult r = search_depth(*engine, 6);
  EXPECT_NE(r.best, "e4d5");
}

TEST(AvoidsHangingPieces, ChessTakesAHangingPiece) {
  // Black's knight on e5 is attacked by the f3 knight and defended by none.
  auto engine = engine_for("chess", "r1bqkb1r/pppp1ppp/5n2/4n3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 4");
  SearchResult r = search_depth(*engine, 6);
  EXPECT_EQ(r.best, "f3e5");
}

TEST(AvoidsHangingPieces, XiangqiHorseAttackedByASoldierMoves) {
  // Black's soldier on e4 attacks Red's horse on e3; Red, a little ahead,
  // stays ahead by moving it.
  auto engine = engine_for("xiangqi", "r2aka3/9/9/9/9/4p4/4N4/9/9/3AKA2R w - - 0 1");
  SearchResult r = search_depth(*engine, 5);
  EXPECT_EQ(r.best.substr(0, 2), "e3");
  EXPECT_GT(r.score, 0);
}

TEST(AvoidsHangingPieces, CheckersDoesNotGiveAManAway) {
  // English start: no first move loses a man at once; the score stays even.
  auto engine = engine_for("checkers", "startpos", "english");
  SearchResult r = search_depth(*engine, 8);
  EXPECT_GT(r.score, -80);
}

}  // namespace
}  // namespace qi::engine::test
