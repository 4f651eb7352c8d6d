// Tic-tac-toe through the run-time qi::Game interface.
#include <gtest/gtest.h>
#include "games/tictactoe/endings.h"

#include "core/game.h"
#include "core/record.h"
#include "core/referee.h"
#include "engine/level_player.h"
#include "engine/registry.h"
#include "games/tictactoe/tictactoe_game.h"

namespace qi::tictactoe {
namespace {

std::unique_ptr<qi::Game> new_game() { return make_game(); }

// The built-in player's move (engine::LevelPlayer::builtin), or "" when it
// has none.
std::string builtin_move(const qi::Game& game) {
  Expected<std::string> move = engine::LevelPlayer::builtin()->choose(game);
  return move ? *move : "";
}

// The game's record as the app writes it: PGN (core/record.h).
std::string record(const qi::Game& game) {
  Referee referee(game.clone());
  return write_record(record_of(referee), game);
}

void play_all(qi::Game& game, std::initializer_list<std::string_view> moves) {
  for (std::string_view m : moves) {
    Expected<MoveText> played = game.play(m);
    ASSERT_TRUE(played) << m << ": " << played.error().message;
  }
}

TEST(TicTacToeGame, RegisteredByName) {
  Expected<std::unique_ptr<qi::Game>> game = qi::make_game("tictactoe");
  ASSERT_TRUE(game);
  EXPECT_EQ((*game)->name(), "tictactoe");
  EXPECT_EQ((*game)->fen(), ".../.../... x");
}

TEST(TicTacToeGame, StartsEmptyWithXToMove) {
  auto game = new_game();
  EXPECT_EQ(game->fen(), game->start_fen());
  EXPECT_EQ(game->side_to_move(), Side::First);
  EXPECT_EQ(game->side_name(Side::First), "X");
  EXPECT_EQ(game->side_name(Side::Second), "O");
  EXPECT_EQ(game->legal_moves().size(), 9u);
  EXPECT_EQ(game->legal_moves().front(), (MoveText{"a1", "a1"}));
  EXPECT_FALSE(game->outcome().over());
}

TEST(TicTacToeGame, PlayAndUndo) {
  auto game = new_game();
  Expected<MoveText> move = game->play("b2");
  ASSERT_TRUE(move);
  EXPECT_EQ(*move, (MoveText{"b2", "b2"}));
  EXPECT_EQ(game->fen(), ".../.x./... o");
  play_all(*game, {"a1"});
  EXPECT_EQ(game->moves_played(), (std::vector<MoveText>{{"b2", "b2"}, {"a1", "a1"}}));
  EXPECT_TRUE(game->undo());
  EXPECT_TRUE(game->undo());
  EXPECT_FALSE(game->undo());
  EXPECT_EQ(game->fen(), game->start_fen());
}

TEST(TicTacToeGame, RefusedMovesSayWhy) {
  auto game = new_game();
  play_all(*game, {"b2"});
  EXPECT_EQ(game->play("b2").error().message, "b2: the square is already taken by X");
  EXPECT_EQ(game->play("d4").error().message, "d4: not a square (a1–c3)");
  EXPECT_EQ(game->fen(), ".../.x./... o") << "a refused move changes nothing";
}

TEST(TicTacToeGame, ThreeInARowEndsTheGame) {
  auto game = new_game();
  play_all(*game, {"a1", "a2", "b1", "b2", "c1"});
  const Outcome o = game->outcome();
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, tictactoe::endings::ThreeInARow);
  EXPECT_EQ(game->describe(o), "X has three in a row");
  EXPECT_EQ(game->outcome_squares(), (std::vector<std::string>{"a1", "b1", "c1"}));
  EXPECT_EQ(score_text(o), "1-0");
  EXPECT_TRUE(game->legal_moves().empty());
  EXPECT_EQ(game->play("c3").error().message, "the game is over: X has three in a row");
  EXPECT_EQ(game->parse_move("c3").error().message, "the game is over: X has three in a row");
  EXPECT_TRUE(game->undo());
  EXPECT_FALSE(game->outcome().over());
}

TEST(TicTacToeGame, FullBoardIsADraw) {
  auto game = new_game();
  play_all(*game, {"a3", "b3", "c3", "b2", "a2", "c2", "b1", "a1", "c1"});
  const Outcome o = game->outcome();
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, tictactoe::endings::BoardFull);
  EXPECT_EQ(score_text(o), "1/2-1/2");
}

// Resignation and agreement are the referee's (core/referee.h).
TEST(TicTacToeGame, Resign) {
  Referee referee(new_game());
  ASSERT_TRUE(referee.play("b2", 0));
  ASSERT_TRUE(referee.resign(Side::Second, 0));
  const Outcome o = referee.outcome();
  EXPECT_EQ(o.termination, Termination::Resignation);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(referee.game().describe(o), "O resigns; X wins");
  EXPECT_EQ(referee.play("a1", 0).error().message, "the game is over: O resigns; X wins");
  ASSERT_TRUE(referee.take_back(1, 0)) << "takes back the resignation and b2";
  EXPECT_FALSE(referee.outcome().over());
  EXPECT_EQ(referee.game().fen(), referee.game().start_fen());
}

TEST(TicTacToeGame, AgreeDraw) {
  Referee referee(new_game());
  EXPECT_FALSE(referee.claim_draw(Side::First, 0)) << "nothing to claim in tic-tac-toe";
  ASSERT_TRUE(referee.play("b2", 0));
  ASSERT_TRUE(referee.offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(referee.answer_draw(Side::Second, true, 0));
  EXPECT_EQ(referee.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(referee.outcome().termination, Termination::Agreement);
  EXPECT_FALSE(referee.claim_draw(Side::Second, 0));
  EXPECT_FALSE(referee.play("a1", 0));
}

TEST(TicTacToeGame, SetFen) {
  auto game = new_game();
  play_all(*game, {"b2"});
  ASSERT_TRUE(game->set_fen("x../.o./... x"));
  EXPECT_EQ(game->fen(), "x../.o./... x");
  EXPECT_TRUE(game->moves_played().empty());
  EXPECT_FALSE(game->undo());
  Status bad = game->set_fen("xxx/.../... o");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message,
            "position: X has 3 marks and O 0; the players take turns, so X is at most one ahead");
  EXPECT_EQ(game->fen(), "x../.o./... x") << "a refused position changes nothing";
}

TEST(TicTacToeGame, CloneIsIndependent) {
  auto game = new_game();
  play_all(*game, {"b2"});
  auto copy = game->clone();
  play_all(*copy, {"a1"});
  EXPECT_EQ(game->fen(), ".../.x./... o");
  EXPECT_EQ(copy->fen(), ".../.x./o.. x");
}

// The built-in player (the engine on its fixed node budget) plays perfectly.
TEST(TicTacToeGame, BuiltinMoveIsPerfect) {
  auto game = new_game();
  ASSERT_TRUE(game->set_fen(".../oo./xx. x"));
  EXPECT_EQ(builtin_move(*game), "c1") << "the win, before O's";
  ASSERT_TRUE(game->set_fen("x../.o./..x o"));
  const std::string reply = builtin_move(*game);
  EXPECT_TRUE(reply == "a2" || reply == "b1" || reply == "b3" || reply == "c2")
      << reply << ": against opposite corners only an edge draws";
  ASSERT_TRUE(game->set_fen("xxx/oo./... o"));
  EXPECT_EQ(builtin_move(*game), "");
}

TEST(TicTacToeGame, BuiltinPlayersDrawEachOther) {
  auto game = new_game();
  while (!game->outcome().over()) ASSERT_TRUE(game->play(builtin_move(*game)));
  EXPECT_EQ(game->outcome().termination, tictactoe::endings::BoardFull);
}

TEST(TicTacToeGame, Perft) {
  auto game = new_game();
  EXPECT_EQ(game->perft(9), 127872u);
  const auto divide = game->perft_divide(2);
  ASSERT_EQ(divide.size(), 9u);
  EXPECT_EQ(divide.front(), (std::pair<std::string, std::uint64_t>{"a1", 8}));
}

TEST(TicTacToeGame, BoardText) {
  auto game = new_game();
  play_all(*game, {"a1", "c3"});
  EXPECT_EQ(game->board_text(false),
            "  ┌───┬───┬───┐\n"
            "3 │   │   │ O │\n"
            "  ├───┼───┼───┤\n"
            "2 │   │   │   │\n"
            "  ├───┼───┼───┤\n"
            "1 │ X │   │   │\n"
            "  └───┴───┴───┘\n"
            "    a   b   c\n");
  EXPECT_EQ(game->board_text(true),
            "  ┌───┬───┬───┐\n"
            "1 │   │   │ X │\n"
            "  ├───┼───┼───┤\n"
            "2 │   │   │   │\n"
            "  ├───┼───┼───┤\n"
            "3 │ O │   │   │\n"
            "  └───┴───┴───┘\n"
            "    c   b   a\n");
}

TEST(TicTacToeGame, Record) {
  auto game = new_game();
  const std::string empty = record(*game);
  EXPECT_NE(empty.find("[X \"?\"]\n[O \"?\"]\n[Result \"*\"]\n[Game \"Tic-tac-toe\"]\n\n*\n"),
            std::string::npos)
      << empty;
  play_all(*game, {"a1", "a2", "b1", "b2", "c1"});
  const std::string won = record(*game);
  EXPECT_NE(won.find("[Result \"1-0\"]"), std::string::npos) << won;
  EXPECT_NE(won.find("\n1. a1 a2 2. b1 b2 3. c1 {X has three in a row} 1-0\n"), std::string::npos) << won;
  ASSERT_TRUE(game->set_fen("x../.../... o"));
  play_all(*game, {"b2", "c3"});
  const std::string set_up = record(*game);
  EXPECT_NE(set_up.find("[SetUp \"1\"]\n[FEN \"x../.../... o\"]\n"), std::string::npos) << set_up;
  EXPECT_NE(set_up.find("\n1... b2 2. c3 *\n"), std::string::npos) << set_up;
}

}  // namespace
}  // namespace qi::tictactoe
