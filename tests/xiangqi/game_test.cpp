// The run-time Game adapter and game records.
#include "games/xiangqi/endings.h"
#include "games/xiangqi/xiangqi_game.h"

#include <gtest/gtest.h>

#include "core/record.h"
#include "core/referee.h"
#include "engine/level_player.h"
#include "engine/registry.h"
#include "games/xiangqi/rules.h"

namespace qi::xiangqi {
namespace {

// The game's record (PGN) as the app and the arena write it.
std::string record(const Game& game) {
  Referee referee(game.clone());
  return write_record(record_of(referee), game);
}

// A record read and replayed by the one record model (core/record.h).
Expected<ReadGame> load_record(std::string_view text) {
  RecordReader reader(text);
  Expected<std::optional<GameRecord>> tags = reader.next_tags();
  if (!tags) return tags.error();
  if (!*tags) return make_error("no record");
  XiangqiGame game;
  if (Status s = reader.read_movetext(**tags, game.record_dialect()); !s) return s.error();
  return read_game(std::move(**tags), game.clone());
}

// The built-in player's move (engine::LevelPlayer::builtin).
std::string builtin_move(const Game& game) { return engine::LevelPlayer::builtin()->choose(game).value(); }

TEST(XiangqiGame, RegisteredByName) {
  auto game = qi::make_game("xiangqi");
  ASSERT_TRUE(game);
  EXPECT_EQ((*game)->name(), "xiangqi");
  EXPECT_EQ((*game)->side_name(Side::First), "Red");
  EXPECT_EQ((*game)->side_name(Side::Second), "Black");
}

TEST(XiangqiGame, LegalMovesHaveIccsIdsAndChineseDisplay) {
  XiangqiGame game;
  auto moves = game.legal_moves();
  EXPECT_EQ(moves.size(), 44u);
  bool found = false;
  for (const MoveText& m : moves) found |= m.id == "h2e2" && m.display == "炮二平五";
  EXPECT_TRUE(found);
}

TEST(XiangqiGame, ParseMoveAcceptsEveryNotationAndExplainsRefusals) {
  XiangqiGame game;
  for (const char* text : {"h2e2", "H2-E2", "C2.5", "炮二平五", "炮2平5"}) {
    auto m = game.parse_move(text);
    ASSERT_TRUE(m) << text << ": " << m.error().message;
    EXPECT_EQ(m->id, "h2e2");
  }
  auto bad = game.parse_move("e0e2");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "e0e2: the general moves one point along a line");
  EXPECT_FALSE(game.parse_move("x"));
}

TEST(XiangqiGame, PlayUndoAndOutcome) {
  XiangqiGame game;
  ASSERT_TRUE(game.play("炮二平五"));
  ASSERT_TRUE(game.play("马8进7"));
  EXPECT_EQ(game.moves_played().size(), 2u);
  EXPECT_EQ(game.moves_played()[1].display, "马８进７");
  EXPECT_TRUE(game.undo());
  EXPECT_EQ(game.side_to_move(), Side::Second);
  EXPECT_FALSE(game.outcome().over());
  ASSERT_TRUE(game.set_fen("R2k5/R8/9/9/9/9/9/9/9/4K4 b - - 0 1"));
  Outcome o = game.outcome();
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, xiangqi::endings::Checkmate);
  EXPECT_FALSE(game.play("d9e9"));
}

TEST(XiangqiGame, SetFenRefusesWithoutChangingAnything) {
  XiangqiGame game;
  ASSERT_TRUE(game.play("h2e2"));
  std::string before = game.fen();
  EXPECT_FALSE(game.set_fen("not a fen"));
  EXPECT_EQ(game.fen(), before);
  EXPECT_EQ(game.moves_played().size(), 1u);
}

TEST(XiangqiGame, RecordRoundTripsThroughPgn) {
  XiangqiGame game;
  for (const char* m : {"h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"}) ASSERT_TRUE(game.play(m));
  std::string pgn = record(game);
  EXPECT_NE(pgn.find("[Game \"Chinese Chess\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Red \"?\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1. H2-E2 H9-G7"), std::string::npos) << pgn;
  auto copy = load_record(pgn);
  ASSERT_TRUE(copy) << copy.error().message;
  EXPECT_EQ(copy->referee->game().fen(), game.fen());
  EXPECT_EQ(copy->referee->game().moves_played(), game.moves_played());
  std::vector<std::string> chinese;
  for (const MoveText& m : copy->referee->game().moves_played()) chinese.push_back(m.display);
  EXPECT_EQ(chinese, (std::vector<std::string>{"炮二平五", "马８进７", "马二进三", "车９平８", "车一平二",
                                               "马２进３"}));
}

TEST(XiangqiGame, ReadsWxfAndChineseRecordsWithComments) {
  const char* pgn =
      "[Game \"Chinese Chess\"]\n[Red \"A\"]\n[Black \"B\"]\n[Format \"WXF\"]\n\n"
      "1. C2.5 {central cannon} H8+7 2. H2+3 (2. H8+7 R9.8) R9.8 $1 3. 车一平二 馬2進3 *\n";
  auto game = load_record(pgn);
  ASSERT_TRUE(game) << game.error().message;
  const std::vector<MoveText> played = game->referee->game().moves_played();
  ASSERT_EQ(played.size(), 6u);
  EXPECT_EQ(played[5].id, "b9c7");
  EXPECT_EQ(game->record.moves[0].comments, std::vector<std::string>{"central cannon"});
  ASSERT_EQ(game->record.moves[2].variations.size(), 1u);
  EXPECT_EQ(game->record.moves[2].variations[0][0].id, "b0c2");
  // Written again, the moves are in ICCS, and the Format tag says so.
  const std::string again = write_record(game->record, game->referee->game());
  EXPECT_NE(again.find("[Format \"ICCS\"]"), std::string::npos) << again;
  EXPECT_EQ(again.find("WXF"), std::string::npos) << again;
  EXPECT_NE(again.find("1. H2-E2 {central cannon} 1... H9-G7 2. H0-G2 (2. B0-C2 I9-H9) 2... I9-H9 $1"),
            std::string::npos)
      << again;
}

TEST(XiangqiGame, BadRecordNamesTheMoveAndChangesNothing) {
  auto s = load_record("1. h2e2 h9g7 2. h0h5 *");
  ASSERT_FALSE(s);
  EXPECT_EQ(s.error().message,
            "move 2 (Red): h0h5: a horse moves one point straight and one diagonally (line 1, column 17)");
}

TEST(XiangqiGame, RecordKeepsAStartingFen) {
  XiangqiGame game;
  ASSERT_TRUE(game.set_fen("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1"));
  ASSERT_TRUE(game.play("d9d8"));
  std::string pgn = record(game);
  EXPECT_NE(pgn.find("[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1... D9-D8"), std::string::npos) << pgn;
  auto copy = load_record(pgn);
  ASSERT_TRUE(copy) << copy.error().message;
  EXPECT_EQ(copy->referee->game().fen(), game.fen());
}

TEST(XiangqiGame, BoardTextShowsBothSidesApart) {
  XiangqiGame game;
  std::string board = game.board_text(false);
  EXPECT_NE(board.find("帅"), std::string::npos);
  EXPECT_NE(board.find("将"), std::string::npos);
  EXPECT_NE(board.find("俥"), std::string::npos);
  EXPECT_NE(board.find("車"), std::string::npos);
  EXPECT_NE(board.find("楚 河"), std::string::npos);
  EXPECT_LT(board.find("将"), board.find("帅")) << "Black at the top";
  std::string flipped = game.board_text(true);
  EXPECT_LT(flipped.find("帅"), flipped.find("将")) << "Red at the top when flipped";
}

TEST(XiangqiGame, PerftDivideSumsToPerft) {
  XiangqiGame game;
  std::uint64_t sum = 0;
  for (const auto& [move, n] : game.perft_divide(3)) sum += n;
  EXPECT_EQ(sum, game.perft(3));
  EXPECT_EQ(sum, 79666u);
}

TEST(XiangqiGame, BuiltinMoveTakesAHangingChariot) {
  XiangqiGame game;
  ASSERT_TRUE(game.set_fen("3k5/9/9/9/9/r8/9/1N7/9/4K4 w - - 0 1"));
  EXPECT_EQ(builtin_move(game), "b2a4");
}

TEST(XiangqiGame, BuiltinMoveWinsAtOnceWhenItCan) {
  XiangqiGame game;
  ASSERT_TRUE(game.set_fen("3k5/R8/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
  std::string id = builtin_move(game);
  ASSERT_TRUE(game.play(id));
  // Mate or stalemate: either leaves Black without a move, and both lose.
  EXPECT_EQ(game.outcome().verdict, Verdict::Win) << id;
  EXPECT_EQ(game.outcome().winner, Side::First) << id;
}

TEST(XiangqiGame, MoveLimitIsASettingOfTheGame) {
  XiangqiGame game(4);
  ASSERT_TRUE(game.set_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1"));
  for (const char* m : {"a0a1", "d9d8", "a1a0", "d8d9"}) ASSERT_TRUE(game.play(m));
  EXPECT_EQ(game.outcome().termination, xiangqi::endings::MoveLimit);
}

TEST(XiangqiGame, NoDrawClaims) {
  XiangqiGame game;
  EXPECT_TRUE(game.draw_claims().empty());
}

}  // namespace
}  // namespace qi::xiangqi
