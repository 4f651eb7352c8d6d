// Attacked pieces are saved: the engine does not leave material en prise.
#include <gtest/gtest.h>

#include "engine/games/chess/traits.h"
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

namespace qi::engine {
namespace {

// The quiescence generator of chess builds captures from their targets; it
// must give exactly the legal captures and queen promotions.
TEST(ChessQuiescenceMoves, AreExactlyTheLegalCapturesAndQueenPromotions) {
  const char* fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
      "8/8/8/2k5/3Pp3/8/8/4K2Q b - d3 0 1",  // en passant
      "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",   // en passant that would expose the king on the rank
  };
  for (const char* fen : fens) {
    auto pos = chess::Position::from_fen(fen);
    ASSERT_TRUE(pos.has_value()) << fen;
    if (pos->in_check()) continue;
    ChessTraits::MoveList q, all;
    ChessTraits::generate_quiescence(*pos, q, false);
    pos->generate_legal(all);
    int expected = 0;
    for (auto m : all)
      if (ChessTraits::is_tactical(*pos, m) &&
          (m.kind() != chess::Move::Promotion || m.promotion() == chess::Queen)) {
        ++expected;
        EXPECT_TRUE(q.contains(m)) << fen << ' ' << chess::to_uci(m);
      }
    EXPECT_EQ(static_cast<int>(q.size()), expected) << fen;
    for (auto m : q) EXPECT_TRUE(all.contains(m)) << fen << ' ' << chess::to_uci(m);
  }
}

}  // namespace
}  // namespace qi::engine
