// Move text between the protocols and the games: Fairy-Stockfish's xiangqi
// coordinates (ranks 1-10) for `qi uci`, ICCS (ranks 0-9) for the game and
// UCCI.
#include <gtest/gtest.h>

#include <random>

#include "engine/registry.h"
#include "protocol/coordinates.h"

namespace qi::protocol {
namespace {

// Every legal move of many positions of random games goes to Fairy-Stockfish's
// coordinates and back to the same move, and reads there as ranks 1-10.
TEST(FairyCoordinates, EveryXiangqiMoveRoundTrips) {
  Expected<std::unique_ptr<Game>> game = make_game("xiangqi");
  ASSERT_TRUE(game);
  std::mt19937 random(7);
  std::size_t checked = 0;
  for (int ply = 0; ply < 200 && !(*game)->outcome().over(); ++ply) {
    const std::vector<MoveText> moves = (*game)->legal_moves();
    for (const MoveText& m : moves) {
      const std::string fairy = from_game(Coordinates::FairyRanks, m.id);
      ASSERT_EQ(fairy, iccs_to_uci_ranks(m.id));
      Expected<std::string> back = to_game(Coordinates::FairyRanks, fairy);
      ASSERT_TRUE(back) << fairy;
      ASSERT_EQ(*back, m.id);
      ++checked;
    }
    ASSERT_TRUE((*game)->play(moves[random() % moves.size()].id));
  }
  EXPECT_GT(checked, 1000u);
  EXPECT_EQ(from_game(Coordinates::FairyRanks, "h2e2"), "h3e3");
  EXPECT_EQ(from_game(Coordinates::FairyRanks, "b9c7"), "b10c8");
  EXPECT_EQ(*to_game(Coordinates::FairyRanks, "h10g8"), "h9g7");
}

TEST(FairyCoordinates, SquaresOffTheBoardAreRefusedNotRead) {
  for (const char* text : {"h0h1", "a1a11", "j1j2", "a0a0"}) {
    Expected<std::string> id = to_game(Coordinates::FairyRanks, text);
    ASSERT_FALSE(id) << text << " read as " << *id;
    EXPECT_NE(id.error().message.find("rank 1-10"), std::string::npos) << id.error().message;
  }
  // Other notations pass to the game as they are; the game's ids pass
  // unchanged where no translation is spoken.
  EXPECT_EQ(*to_game(Coordinates::FairyRanks, "C2.5"), "C2.5");
  EXPECT_EQ(*to_game(Coordinates::GameIds, "h0h1"), "h0h1");
  EXPECT_EQ(from_game(Coordinates::GameIds, "h0h1"), "h0h1");
}

// A refusal's words name squares the way the GUI does.
TEST(FairyCoordinates, SquaresInWordsFollowTheCoordinates) {
  EXPECT_EQ(words_from_game(Coordinates::FairyRanks, "the chariot's path is blocked at a3"),
            "the chariot's path is blocked at a4");
  EXPECT_EQ(words_from_game(Coordinates::FairyRanks, "h2e2: b2 holds Red's own cannon"),
            "h3e3: b3 holds Red's own cannon");
  EXPECT_EQ(words_from_game(Coordinates::FairyRanks, "a horse at i9, not h29 or b2x"),
            "a horse at i10, not h29 or b2x");
  EXPECT_EQ(words_from_game(Coordinates::GameIds, "blocked at a3"), "blocked at a3");
}

}  // namespace
}  // namespace qi::protocol
