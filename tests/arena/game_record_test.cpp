// The arena's PGN: what each player said about its move follows the move,
// as cutechess writes it, and the record still reads back as a game.
#include <gtest/gtest.h>

#include "arena/game_record.h"
#include "arena/openings.h"
#include "engine/registry.h"

namespace qi::arena {
namespace {

std::unique_ptr<Game> chess_after(const char* fen, std::initializer_list<const char*> moves) {
  auto game = make_game("chess");
  EXPECT_TRUE(game.has_value());
  if (fen) {
    EXPECT_TRUE((*game)->set_fen(fen));
  }
  for (const char* m : moves) EXPECT_TRUE((*game)->play(m)) << m;
  return std::move(*game);
}

// The arena's record of a game still in progress (no closing words).
std::string record_with(std::unique_ptr<Game> game, const std::vector<std::string>& move_comments) {
  Referee referee(std::move(game));
  return arena_record(referee, {}, {"Alpha", "Beta"}, {"Alpha (White)", "Beta (Black)"}, move_comments);
}

TEST(GameRecord, MoveCommentsFollowTheirMoves) {
  auto game = chess_after(nullptr, {"e4", "e5", "Nf3"});
  // The first move came from the opening: no comment.
  const std::string pgn = record_with(std::move(game), {"", "+0.10/5 0.100s", "-M2/3 0.050s"});
  EXPECT_NE(pgn.find("1. e4 e5 {+0.10/5 0.100s} 2. Nf3 {-M2/3 0.050s} *"), std::string::npos) << pgn;
}

TEST(GameRecord, MoveCommentsFollowBlacksFirstMoveFromAPosition) {
  auto game = chess_after("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", {"Kd7", "e4"});
  const std::string pgn = record_with(std::move(game), {"+0.00/1 0.001s", "+2.50/2 0.002s"});
  EXPECT_NE(pgn.find("1... Kd7 {+0.00/1 0.001s} 2. e4 {+2.50/2 0.002s} *"), std::string::npos) << pgn;
}

TEST(GameRecord, ACommentedRecordReadsBackAsTheSameGame) {
  auto game = chess_after(nullptr, {"d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7"});
  std::vector<std::string> comments(8, "+0.25/14 0.300s");
  const std::string pgn = record_with(std::move(game), comments);
  auto chess = make_game("chess");
  auto read = parse_openings(pgn, **chess);
  ASSERT_TRUE(read.has_value()) << read.error().message;
  ASSERT_EQ(read->size(), 1u);
  EXPECT_EQ((*read)[0].moves.size(), 8u);
}

TEST(GameRecord, TheEndingIsToldWithThePlayersNames) {
  Referee referee(chess_after(nullptr, {"e4", "e5"}));
  ASSERT_TRUE(referee.resign(Side::First, 0));
  const std::string pgn =
      arena_record(referee, {{"Event", "Test"}}, {"Alpha", "Beta"}, {"Alpha (White)", "Beta (Black)"});
  EXPECT_NE(pgn.find("[White \"Alpha\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Black \"Beta\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("{Alpha (White) resigns; Beta (Black) wins} 0-1"), std::string::npos) << pgn;
}

TEST(GameRecord, MoveCommentWritesScoreDepthAndTime) {
  MoveReply r;
  EXPECT_EQ(move_comment(r, 213'400), "0.213s");
  r.score_cp = 35;
  r.depth = 12;
  EXPECT_EQ(move_comment(r, 213'400), "+0.35/12 0.213s");
  r.score_cp = -120;
  r.depth = -1;
  EXPECT_EQ(move_comment(r, 1'500'000), "-1.20 1.500s");
  r.score_cp.reset();
  r.mate_in = -4;
  r.depth = 20;
  EXPECT_EQ(move_comment(r, 50'000), "-M4/20 0.050s");
}

}  // namespace
}  // namespace qi::arena
