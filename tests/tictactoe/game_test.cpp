// Tic-tac-toe through the run-time qi::Game interface.
#include <gtest/gtest.h>

#include "core/game.h"
#include "games/registry.h"
#include "games/tictactoe/tictactoe_game.h"

namespace qi::tictactoe {
namespace {

std::unique_ptr<qi::Game> new_game() { return make_game(); }

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
  EXPECT_EQ(o.termination, "three_in_a_row");
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
  EXPECT_EQ(o.termination, "board_full");
  EXPECT_EQ(score_text(o), "1/2-1/2");
}

TEST(TicTacToeGame, Resign) {
  auto game = new_game();
  play_all(*game, {"b2"});
  game->resign(Side::Second);
  EXPECT_EQ(game->outcome().termination, "resignation");
  EXPECT_EQ(game->outcome().winner, Side::First);
  EXPECT_EQ(game->outcome().reason, "O resigns; X wins");
  EXPECT_EQ(game->play("a1").error().message, "the game is over: O resigns; X wins");
  EXPECT_EQ(game->parse_move("a1").error().message, "the game is over: O resigns; X wins");
  EXPECT_TRUE(game->undo()) << "takes back the resignation and b2";
  EXPECT_FALSE(game->outcome().over());
  EXPECT_EQ(game->fen(), game->start_fen());
}

TEST(TicTacToeGame, AgreeDraw) {
  auto game = new_game();
  game->agree_draw();
  EXPECT_EQ(game->outcome().verdict, Verdict::Draw);
  EXPECT_EQ(game->outcome().termination, "agreement");
  EXPECT_FALSE(game->claim_draw()) << "nothing to claim in tic-tac-toe";
  game->reset();
  EXPECT_FALSE(game->outcome().over());
  EXPECT_FALSE(game->claim_draw());
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

TEST(TicTacToeGame, BuiltinMoveIsPerfect) {
  auto game = new_game();
  EXPECT_EQ(game->builtin_move().id, "b2") << "all moves draw; the centre comes first by rule";
  ASSERT_TRUE(game->set_fen(".../oo./xx. x"));
  EXPECT_EQ(game->builtin_move().id, "c1");
  ASSERT_TRUE(game->set_fen("x../.o./..x o"));
  EXPECT_EQ(game->builtin_move().id, "b1");
  ASSERT_TRUE(game->set_fen("xxx/oo./... o"));
  EXPECT_EQ(game->builtin_move().id, "");
}

TEST(TicTacToeGame, BuiltinPlayersDrawEachOther) {
  auto game = new_game();
  while (!game->outcome().over()) ASSERT_TRUE(game->play(game->builtin_move().id));
  EXPECT_EQ(game->outcome().termination, "board_full");
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
  EXPECT_EQ(game->record(), "Tic-tac-toe\nResult: *\n");
  play_all(*game, {"a1", "a2", "b1", "b2", "c1"});
  EXPECT_EQ(game->record(), "Tic-tac-toe\n1. a1 a2\n2. b1 b2\n3. c1\nResult: 1-0 (X has three in a row)\n");
  ASSERT_TRUE(game->set_fen("x../.../... o"));
  play_all(*game, {"b2", "c3"});
  EXPECT_EQ(game->record(), "Tic-tac-toe\nStart: x../.../... o\n1. ... b2\n2. c3\nResult: *\n");
}

}  // namespace
}  // namespace qi::tictactoe
