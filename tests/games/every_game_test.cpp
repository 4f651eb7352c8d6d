// Properties every game must have, checked through the run-time interface for
// each registered game and variant: random playouts, exact undo, notation
// round trips, and bad input that changes nothing.
#include <gtest/gtest.h>

#include "core/random.h"
#include "games/registry.h"

namespace qi {
namespace {

struct GameCase {
  std::string name;
  std::string variant;
};

std::vector<GameCase> all_games() {
  std::vector<GameCase> cases;
  for (const GameInfo& info : known_games()) {
    if (info.variants.empty()) cases.push_back({info.name, ""});
    for (const std::string& v : info.variants) cases.push_back({info.name, v});
  }
  return cases;
}

class EveryGame : public ::testing::TestWithParam<GameCase> {
 protected:
  std::unique_ptr<Game> make() const {
    Expected<std::unique_ptr<Game>> game = make_game(GetParam().name, GetParam().variant);
    EXPECT_TRUE(game) << game.error().message;
    return std::move(*game);
  }
};

constexpr int kPlayouts = 20;
constexpr int kMaxPlies = 300;

TEST_P(EveryGame, RandomPlayoutsUndoExactly) {
  auto game = make();
  SplitMix64 rng(12345);
  for (int playout = 0; playout < kPlayouts; ++playout) {
    game->reset();
    std::vector<std::string> fens{game->fen()};
    for (int ply = 0; ply < kMaxPlies && !game->outcome().over(); ++ply) {
      std::vector<MoveText> moves = game->legal_moves();
      ASSERT_FALSE(moves.empty()) << "no legal move but the game goes on: " << game->fen();
      const MoveText& pick = moves[rng.below(moves.size())];
      Expected<MoveText> played = game->play(pick.id);
      ASSERT_TRUE(played) << pick.id << " at " << game->fen() << ": " << played.error().message;
      fens.push_back(game->fen());
    }
    EXPECT_EQ(game->moves_played().size() + 1, fens.size());
    while (fens.size() > 1) {
      fens.pop_back();
      ASSERT_TRUE(game->undo());
      ASSERT_EQ(game->fen(), fens.back());
    }
    EXPECT_FALSE(game->undo());
  }
}

TEST_P(EveryGame, EveryLegalMoveParsesInBothNotations) {
  auto game = make();
  SplitMix64 rng(777);
  for (int ply = 0; ply < 60 && !game->outcome().over(); ++ply) {
    std::vector<MoveText> moves = game->legal_moves();
    for (const MoveText& m : moves) {
      Expected<MoveText> by_id = game->parse_move(m.id);
      ASSERT_TRUE(by_id) << m.id << ": " << by_id.error().message;
      EXPECT_EQ(by_id->id, m.id);
      Expected<MoveText> by_display = game->parse_move(m.display);
      ASSERT_TRUE(by_display) << m.display << ": " << by_display.error().message;
      EXPECT_EQ(by_display->id, m.id);
    }
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id));
  }
}

TEST_P(EveryGame, FenRoundTripsThroughSetFen) {
  auto game = make();
  auto copy = make();
  SplitMix64 rng(99);
  for (int ply = 0; ply < 80 && !game->outcome().over(); ++ply) {
    ASSERT_TRUE(copy->set_fen(game->fen())) << game->fen();
    EXPECT_EQ(copy->fen(), game->fen());
    EXPECT_EQ(copy->side_to_move(), game->side_to_move());
    std::vector<MoveText> moves = game->legal_moves();
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id));
  }
}

TEST_P(EveryGame, PerftOneCountsLegalMoves) {
  auto game = make();
  EXPECT_EQ(game->perft(1), game->legal_moves().size());
  std::uint64_t sum = 0;
  for (const auto& [move, count] : game->perft_divide(2)) sum += count;
  EXPECT_EQ(sum, game->perft(2));
}

TEST_P(EveryGame, BadInputChangesNothing) {
  auto game = make();
  const std::string before = game->fen();
  for (std::string_view junk : {"", "   ", "zz9", "\xff\xfe", "e2e4e4e4e4", "0-0-0-0", "11-99", "炮十平五"}) {
    Expected<MoveText> played = game->play(junk);
    if (!played) {
      EXPECT_FALSE(played.error().message.empty());
      EXPECT_EQ(game->fen(), before);
    } else {
      game->undo();
    }
  }
  for (std::string_view junk : {"", "not a fen", "8/8/8/8", "x:y:z", "rnbqkbnr/pppppppp w"}) {
    Status set = game->set_fen(junk);
    EXPECT_FALSE(set) << junk;
    if (!set) {
      EXPECT_FALSE(set.error().message.empty());
    }
    EXPECT_EQ(game->fen(), before);
  }
}

TEST_P(EveryGame, ResignationAndAgreementEndTheGame) {
  auto game = make();
  const std::string first_move = game->legal_moves().front().id;
  game->resign(game->side_to_move());
  ASSERT_TRUE(game->outcome().over());
  EXPECT_EQ(game->outcome().termination, "resignation");
  EXPECT_EQ(game->outcome().winner, Side::Second);
  EXPECT_FALSE(game->play(first_move));
  game->undo();
  EXPECT_FALSE(game->outcome().over());
  game->agree_draw();
  EXPECT_EQ(game->outcome().verdict, Verdict::Draw);
  EXPECT_EQ(game->outcome().termination, "agreement");
}

TEST_P(EveryGame, BuiltinPlayerPlaysLegalMoves) {
  auto game = make();
  for (int ply = 0; ply < 12 && !game->outcome().over(); ++ply) {
    MoveText m = game->builtin_move();
    ASSERT_TRUE(game->play(m.id)) << m.id;
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryGame, ::testing::ValuesIn(all_games()),
                         [](const ::testing::TestParamInfo<GameCase>& param_info) {
                           const GameCase& c = param_info.param;
                           return c.name + (c.variant.empty() ? "" : "_" + c.variant);
                         });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(EveryGame);

TEST(Registry, UnknownGameIsNamed) {
  Expected<std::unique_ptr<Game>> game = make_game("go");
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("unknown game 'go'"), std::string::npos);
}

}  // namespace
}  // namespace qi
