// Random games in every variant, checking the engine's invariants at each
// position: undo restores, counting equals generating, each piece is taken at
// most once, the majority rule holds, and every move's text reads back.
#include <gtest/gtest.h>

#include "core/random.h"
#include "engine/level_player.h"
#include "games/checkers/position.h"
#include "test_helpers.h"

namespace qi::checkers {
namespace {

template <class V>
void random_games(std::uint64_t seed, int games, int max_plies) {
  SplitMix64 rng(seed);
  for (int g = 0; g < games; ++g) {
    Position<V> p = Position<V>::start();
    for (int ply = 0; ply < max_plies; ++ply) {
      typename Position<V>::MoveList list;
      p.generate_legal(list);
      ASSERT_EQ(p.count_legal(), list.size());
      ASSERT_EQ(p.has_legal_move(), !list.empty());
      if (list.empty()) break;
      for (const auto& m : list) {
        ASSERT_EQ(popcount(m.captured), m.jumps) << "a piece taken twice";
        ASSERT_EQ(m.captured & p.pieces(p.side_to_move()), 0u);
        if constexpr (V::majority_capture) {
          ASSERT_EQ(m.jumps, list[0].jumps);
        }
        Position<V> before = p;
        p.make(m);
        ASSERT_NE(p.hash(), before.hash());
        p.unmake(m);
        ASSERT_EQ(p, before);
      }
      p.make(list[rng.below(list.size())]);
    }
  }
}

TEST(CheckersPlayout, EnglishInvariantsHold) { random_games<English>(1, 200, 150); }
TEST(CheckersPlayout, RussianInvariantsHold) { random_games<Russian>(2, 200, 150); }
TEST(CheckersPlayout, BrazilianInvariantsHold) { random_games<Brazilian>(3, 200, 150); }
TEST(CheckersPlayout, InternationalInvariantsHold) { random_games<International>(4, 100, 200); }

TEST(CheckersPlayout, EveryMoveTextReadsBackAndUndoRestores) {
  SplitMix64 rng(5);
  for (const VariantDescriptor& v : descriptor().variants) {
    const std::string& variant = v.name;
    for (int game = 0; game < 5; ++game) {
      auto g = make_game(variant);
      std::vector<std::string> fens{g->fen()};
      while (!g->outcome().over() && g->moves_played().size() < 120) {
        std::vector<MoveText> moves = g->legal_moves();
        for (const MoveText& m : moves) {
          Expected<MoveText> back = g->parse_move(m.id);
          ASSERT_TRUE(back) << variant << " " << m.id << ": " << back.error().message;
          EXPECT_EQ(back->id, m.id);
        }
        ASSERT_TRUE(g->play(moves[rng.below(moves.size())].id));
        fens.push_back(g->fen());
      }
      while (g->undo()) {
        fens.pop_back();
        ASSERT_EQ(g->fen(), fens.back());
      }
    }
  }
}

// The built-in player (engine::LevelPlayer::builtin, the engine on a fixed
// node budget).
TEST(CheckersPlayout, BuiltinMoveIsLegalAndTakesMaterial) {
  auto builtin = engine::LevelPlayer::builtin();
  for (const VariantDescriptor& v : descriptor().variants) {
    auto g = make_game(v.name);
    builtin->new_game();
    for (int i = 0; i < 6 && !g->outcome().over(); ++i) {
      Expected<std::string> move = builtin->choose(*g);
      ASSERT_TRUE(move) << v.name << ": " << move.error().message;
      ASSERT_TRUE(g->play(*move)) << v.name << ": " << *move;
    }
  }
  // A free piece is taken (captures are compulsory anyway); with two captures
  // the player prefers the one that wins more.
  auto g = testing::game_at("english", "W:W22,30:B18,11,25");
  builtin->new_game();
  EXPECT_EQ(builtin->choose(*g).value(), "22x8");
}

TEST(CheckersPlayout, BoardTextShowsPiecesAndNumbers) {
  auto g = make_game("english");
  std::string board = g->board_text(false);
  EXPECT_NE(board.find("●"), std::string::npos);
  EXPECT_NE(board.find("○"), std::string::npos);
  EXPECT_NE(board.find("16"), std::string::npos);  // an empty square shows its number
  EXPECT_NE(board.find("Black to move"), std::string::npos);
  EXPECT_NE(g->board_text(true), board);
}

}  // namespace
}  // namespace qi::checkers
