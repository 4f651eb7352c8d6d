// The engine in Chess960 (Engine::set_game("chess", "chess960")): positions
// given in X-FEN or Shredder-FEN with castling written as the king taking
// its rook, searched with castling in make and unmake and in the hash keys,
// and castling written back the same way.
#include <gtest/gtest.h>

#include "engine/engine.h"
#include "games/chess/chess960.h"

namespace qi::chess {
namespace {

engine::SearchResult search(engine::Engine& e, int depth, std::vector<std::string> only = {}) {
  engine::SearchLimits limits;
  limits.depth = depth;
  limits.search_moves = std::move(only);
  return e.think(limits);
}

TEST(Chess960Engine, SetGameReadsBothFenFormsAndKingTakesRook) {
  engine::Engine e;
  ASSERT_TRUE(e.set_game("chess", "chess960").has_value());
  EXPECT_EQ(e.game().variant(), "chess960");
  for (const char* fen : {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1",
                          "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"}) {
    Status s = e.set_position(fen, {"b1h1", "b8a8"});
    ASSERT_TRUE(s.has_value()) << fen << ": " << s.error().message;
    EXPECT_EQ(e.game().fen(), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2");
  }
  // The search plays castling, and writes it as the king taking its rook.
  ASSERT_TRUE(e.set_position("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", {}).has_value());
  EXPECT_EQ(search(e, 4, {"b1h1"}).best, "b1h1");
  EXPECT_EQ(search(e, 4, {"b1a1"}).best, "b1a1");
  // A game in progress is no place for a null move.
  EXPECT_FALSE(e.set_position("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", {"0000"}).has_value());
}

// From a few start positions, a search's line plays out on the game.
TEST(Chess960Engine, SearchesFromStartPositions) {
  engine::Engine e;
  ASSERT_TRUE(e.set_game("chess", "chess960").has_value());
  for (int n : {0, 518, 959}) {
    ASSERT_TRUE(e.set_position(chess960_fen(n), {}).has_value()) << n;
    engine::SearchResult r = search(e, 5);
    ASSERT_FALSE(r.best.empty()) << n;
    ASSERT_FALSE(r.lines.empty());
    std::unique_ptr<Game> g = e.game().clone();
    for (const std::string& m : r.lines.front().pv) EXPECT_TRUE(g->play(m).has_value()) << n << " " << m;
  }
}

// Standard chess keeps e1g1, and still reads e1h1 as castling.
TEST(Chess960Engine, StandardChessWritesTheKingsMove) {
  engine::Engine e;
  ASSERT_TRUE(e.set_game("chess").has_value());
  ASSERT_TRUE(e.set_position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", {}).has_value());
  EXPECT_EQ(search(e, 3, {"e1g1"}).best, "e1g1");
  ASSERT_TRUE(e.set_position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1", {"e1h1"}).has_value());
  EXPECT_EQ(e.game().moves_played().back().id, "e1g1");
}

}  // namespace
}  // namespace qi::chess
