// Chess through the run-time qi::Game interface, as the command line, the
// protocols and the app use it.
#include "games/chess/chess_game.h"
#include "games/chess/endings.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/random.h"
#include "core/record.h"
#include "core/referee.h"
#include "engine/level_player.h"
#include "engine/registry.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

constexpr std::string_view kScholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";

// The game's PGN as the app and `qi play` write it (core/record.h).
std::string record(const qi::Game& g) {
  Referee referee(g.clone());
  return write_record(record_of(referee), g);
}

// The built-in player's move (engine::LevelPlayer::builtin), or "" when it
// has none.
std::string builtin_move(const qi::Game& g) {
  Expected<std::string> move = engine::LevelPlayer::builtin()->choose(g);
  return move ? *move : "";
}

struct Snapshot {
  std::string fen;
  std::vector<MoveText> legal, played;
  std::string record, board;
  std::vector<Outcome> claims;
  Outcome outcome;
};

Snapshot snapshot(const qi::Game& g) {
  return {g.fen(),         g.legal_moves(), g.moves_played(), record(g), g.board_text(false),
          g.draw_claims(), g.outcome()};
}

void expect_same(const Snapshot& a, const Snapshot& b) {
  EXPECT_EQ(a.fen, b.fen);
  EXPECT_EQ(a.legal, b.legal);
  EXPECT_EQ(a.played, b.played);
  EXPECT_EQ(a.record, b.record);
  EXPECT_EQ(a.board, b.board);
  EXPECT_EQ(a.claims.size(), b.claims.size());
  EXPECT_EQ(a.outcome.termination, b.outcome.termination);
}

TEST(ChessGame, RegistryMakesChess) {
  Expected<std::unique_ptr<qi::Game>> game = qi::make_game("chess");
  ASSERT_TRUE(game.has_value()) << game.error().message;
  EXPECT_EQ((*game)->name(), "chess");
  EXPECT_EQ((*game)->fen(), Position::kStartFen);
  EXPECT_EQ((*game)->start_fen(), Position::kStartFen);
  EXPECT_EQ((*game)->side_name(Side::First), "White");
  EXPECT_EQ((*game)->side_name(Side::Second), "Black");
}

// --- Chess960 and what records hold -------------------------------------------

TEST(ChessGame, Chess960IsAVariantOfChess) {
  Expected<std::unique_ptr<qi::Game>> made = qi::make_game("chess", "chess960");
  ASSERT_TRUE(made.has_value()) << made.error().message;
  const qi::Game& game = **made;
  EXPECT_EQ(game.name(), "chess");
  EXPECT_EQ(game.variant(), "chess960");
  EXPECT_EQ(game.fen(), Position::kStartFen);  // until a start is chosen: number 518
  EXPECT_EQ(game.descriptor().name, "chess960");
  EXPECT_EQ(game.descriptor().numbered_starts, 960);
  EXPECT_EQ(game.descriptor().rating_key, "chess960");
  EXPECT_TRUE(game.descriptor().handicaps.empty());
  EXPECT_EQ(game.numbered_start_fen(518).value(), Position::kStartFen);
  EXPECT_EQ(game.numbered_start_fen(0).value(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  EXPECT_EQ(game.numbered_start_fen(960).error().message,
            "a Chess960 start position is numbered from 0 to 959, not 960");
  // Standard chess stays the default, with one start and its own ratings.
  std::unique_ptr<qi::Game> standard = make_game();
  EXPECT_EQ(standard->variant(), "");
  EXPECT_EQ(standard->descriptor().numbered_starts, 0);
  EXPECT_TRUE(standard->descriptor().rating_key.empty());
  EXPECT_FALSE(standard->numbered_start_fen(518).has_value());
  EXPECT_FALSE(qi::make_game("chess", "crazyhouse").has_value());
}

TEST(ChessGame, Chess960CastlesByTheKingTakingItsRook) {
  std::unique_ptr<qi::Game> game = make_game("chess960");
  ASSERT_TRUE(game->set_fen("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1").has_value());
  const std::vector<MoveText> moves = game->legal_moves();
  auto found = std::find(moves.begin(), moves.end(), MoveText{"b1h1", "O-O"});
  ASSERT_NE(found, moves.end());
  EXPECT_EQ(found->squares, (std::vector<std::string>{"b1", "h1"}));  // a click on the king, then the rook
  EXPECT_NE(std::find(moves.begin(), moves.end(), MoveText{"b1a1", "O-O-O"}), moves.end());
  for (std::string_view text : {"O-O", "0-0", "b1h1", "b1g1"})
    EXPECT_EQ(game->parse_move(text)->id, "b1h1") << text;
  // The page's clicks: the king then its rook, or the king then its target.
  EXPECT_EQ(game->parse_squares({"b1", "h1"})->id, "b1h1");
  EXPECT_EQ(game->parse_squares({"b1", "g1"})->id, "b1h1");
  EXPECT_EQ(game->parse_squares({"b1", "c1"})->id, "b1c1");  // one step: the king's own move
  ASSERT_TRUE(game->play("b1h1").has_value());
  EXPECT_EQ(game->fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1");
  EXPECT_EQ(game->moves_played().back().display, "O-O");
  // In standard chess castling keeps the king's move as its id, and the
  // same clicks work.
  std::unique_ptr<qi::Game> standard = make_game();
  ASSERT_TRUE(standard->set_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").has_value());
  EXPECT_EQ(standard->parse_squares({"e1", "h1"})->id, "e1g1");
  EXPECT_EQ(standard->parse_squares({"e1", "g1"})->id, "e1g1");
  EXPECT_EQ(standard->parse_move("e1h1")->id, "e1g1");
}

TEST(ChessGame, FenWarningsReachTheCaller) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen("4k3/8/8/8/8/8/8/4K3 w KQ - 0 1").has_value());
  EXPECT_EQ(game->fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(game->fen_warnings(), (std::vector<std::string>{
                                      "FEN: castling right K dropped: there is no white rook on h1",
                                      "FEN: castling right Q dropped: there is no white rook on a1",
                                  }));
  EXPECT_EQ(game->clone()->fen_warnings(), game->fen_warnings());
  ASSERT_TRUE(game->set_fen(Position::kStartFen).has_value());
  EXPECT_TRUE(game->fen_warnings().empty());
  ASSERT_TRUE(game->set_fen("4k3/8/8/8/8/8/8/4K3 w K").has_value());
  game->reset();
  EXPECT_TRUE(game->fen_warnings().empty());
}

// A record's null move reads only where records are read; in play it is
// refused with its reason, and it never reaches a game in play.
TEST(ChessGame, NullMovesOnlyInRecordMode) {
  std::unique_ptr<qi::Game> game = make_game();
  EXPECT_EQ(game->parse_move("--").error().message,
            "--: a null move (passing the turn) stands only in records; in a game a move must be made");
  EXPECT_EQ(game->parse_move("0000").error().code, "null_move");
  ASSERT_TRUE(game->play("e4").has_value());
  game->set_record_mode(true);
  Expected<MoveText> pass = game->play("--");
  ASSERT_TRUE(pass.has_value()) << pass.error().message;
  EXPECT_EQ(pass->id, "0000");
  EXPECT_EQ(pass->display, "--");
  EXPECT_TRUE(pass->squares.empty());
  // The turn passes and the en passant chance with it; the clock counts on.
  EXPECT_EQ(game->fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2");
  ASSERT_TRUE(game->play("d4").has_value());
  EXPECT_EQ(game->moves_played()[1], (MoveText{"0000", "--"}));
  EXPECT_EQ(game->clone()->moves_played().size(), 3u);
  ASSERT_TRUE(game->undo());
  ASSERT_TRUE(game->undo());
  EXPECT_EQ(game->fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // A live referee turns record mode off.
  Referee live(game->clone());
  EXPECT_FALSE(live.game().record_mode());
  EXPECT_EQ(live.game().parse_move("--").error().code, "null_move");
}

TEST(ChessGame, LegalMovesHaveUciIdsAndSanDisplays) {
  std::unique_ptr<qi::Game> game = make_game();
  std::vector<MoveText> moves = game->legal_moves();
  EXPECT_EQ(moves.size(), 20u);
  EXPECT_NE(std::find(moves.begin(), moves.end(), MoveText{"g1f3", "Nf3"}), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), MoveText{"e2e4", "e4"}), moves.end());
}

TEST(ChessGame, ParseMoveAcceptsUciAndSan) {
  std::unique_ptr<qi::Game> game = make_game();
  for (std::string_view text : {"g1f3", "Nf3", "Ng1f3", "Nf3!"}) {
    Expected<MoveText> m = game->parse_move(text);
    ASSERT_TRUE(m.has_value()) << text << ": " << m.error().message;
    EXPECT_EQ(*m, (MoveText{"g1f3", "Nf3"}));
  }
  EXPECT_EQ(game->fen(), Position::kStartFen);  // parsing plays nothing
}

TEST(ChessGame, ParseErrorsExplain) {
  std::unique_ptr<qi::Game> game = make_game();
  EXPECT_EQ(game->parse_move("Nf4").error().message, "Nf4: no knight can reach f4");
  EXPECT_EQ(game->parse_move("Zf4").error().message,
            "Zf4 is not a move: expected a square such as e4 at character 1");
  ASSERT_TRUE(game->set_fen("rnbqkb1r/ppp1pppp/3p1n2/8/2PP4/2N5/PP2PPPP/R1BQKBNR b KQkq - 1 3").has_value());
  EXPECT_EQ(game->parse_move("Nd7").error().message, "Nd7 is ambiguous: Nbd7 or Nfd7");
}

TEST(ChessGame, UndoRestoresExactly) {
  std::unique_ptr<qi::Game> game = make_game();
  SplitMix64 rng(2024);
  std::vector<Snapshot> before;
  for (int ply = 0; ply < 120 && !game->outcome().over(); ++ply) {
    before.push_back(snapshot(*game));
    std::vector<MoveText> moves = game->legal_moves();
    ASSERT_FALSE(moves.empty());
    ASSERT_TRUE(game->play(moves[rng.below(moves.size())].id).has_value());
  }
  EXPECT_EQ(game->moves_played().size(), before.size());
  while (!before.empty()) {
    ASSERT_TRUE(game->undo());
    expect_same(snapshot(*game), before.back());
    before.pop_back();
  }
  EXPECT_FALSE(game->undo());
}

TEST(ChessGame, SetFenErrorLeavesStateUnchanged) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->play("e4").has_value());
  ASSERT_TRUE(game->play("c5").has_value());
  Snapshot before = snapshot(*game);
  for (std::string_view bad :
       {"", "nonsense", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"})
    EXPECT_FALSE(game->set_fen(bad).has_value()) << bad;
  expect_same(snapshot(*game), before);
}

TEST(ChessGame, SetFenClearsHistory) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->play("e4").has_value());
  ASSERT_TRUE(game->play("e5").has_value());
  ASSERT_TRUE(game->set_fen(kScholar).has_value());
  EXPECT_TRUE(game->moves_played().empty());
  EXPECT_FALSE(game->outcome().over());
  EXPECT_FALSE(game->undo());
  EXPECT_EQ(game->fen(), kScholar);
}

// The game is the rules; the referee (core/referee.h) refuses what comes
// after the end.
TEST(ChessGame, PlayAfterGameOverRefused) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen(kScholar).has_value());
  Referee referee(std::move(game));
  ASSERT_TRUE(referee.play("Qxf7#", 0).has_value());
  Outcome o = referee.outcome();
  EXPECT_EQ(o.termination, chess::endings::Checkmate);
  EXPECT_EQ(referee.game().describe(o), "White wins: checkmate");
  Expected<MoveText> refused = referee.play("Ke7", 0);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().message, "the game is over: White wins: checkmate");
  EXPECT_EQ(refused.error().code, "game_over");
  EXPECT_FALSE(referee.claim_draw(Side::Second, 0).has_value());
  EXPECT_FALSE(referee.resign(Side::Second, 0).has_value());
  EXPECT_TRUE(referee.legal_moves().empty());
  EXPECT_EQ(builtin_move(referee.game()), "");
}

TEST(ChessGame, NoMovesOnceDrawnByRule) {
  // Dead position: the kings can still step about, but the game is over.
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").has_value());
  Referee referee(std::move(game));
  ASSERT_TRUE(referee.play("Kxd2", 0).has_value());
  EXPECT_EQ(referee.outcome().termination, chess::endings::DeadPosition);
  EXPECT_TRUE(referee.legal_moves().empty());
  Expected<MoveText> refused = referee.play("Kd7", 0);
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().message,
            "the game is over: draw: dead position (neither side has the pieces to checkmate)");
  ASSERT_TRUE(referee.take_back(1, 0).has_value());
  EXPECT_EQ(referee.legal_moves().size(), 2u);  // Kxd2 and Kf1
}

TEST(ChessGame, RecordIsPgnWithSetUpWhenNotFromTheStart) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen(kScholar).has_value());
  ASSERT_TRUE(game->play("h5f7").has_value());
  std::string pgn = record(*game);
  EXPECT_NE(pgn.find("[Result \"1-0\"]\n[SetUp \"1\"]\n[FEN \"" + std::string(kScholar) + "\"]\n"),
            std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("\n4. Qxf7# {White wins: checkmate} 1-0\n"), std::string::npos) << pgn;

  std::unique_ptr<qi::Game> fresh = make_game();
  ASSERT_TRUE(fresh->play("e4").has_value());
  std::string ongoing = record(*fresh);
  EXPECT_EQ(ongoing.find("[FEN"), std::string::npos);
  EXPECT_NE(ongoing.find("\n1. e4 *\n"), std::string::npos) << ongoing;
}

TEST(ChessGame, MovesPlayedInBothNotations) {
  std::unique_ptr<qi::Game> game = make_game();
  for (const char* m : {"e4", "e7e5", "Nf3"}) ASSERT_TRUE(game->play(m).has_value());
  EXPECT_EQ(game->moves_played(), (std::vector<MoveText>{{"e2e4", "e4"}, {"e7e5", "e5"}, {"g1f3", "Nf3"}}));
}

TEST(ChessGame, BoardTextShowsPiecesAndCoordinates) {
  std::unique_ptr<qi::Game> game = make_game();
  std::string board = game->board_text(false);
  EXPECT_EQ(board.substr(0, board.find('\n')), "8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜");
  EXPECT_NE(board.find("1 ♖ ♘ ♗ ♕ ♔ ♗ ♘ ♖\n  a b c d e f g h\n"), std::string::npos) << board;
  EXPECT_NE(board.find("4 · · · · · · · ·"), std::string::npos);
  std::string flipped = game->board_text(true);
  EXPECT_EQ(flipped.substr(0, flipped.find('\n')), "1 ♖ ♘ ♗ ♔ ♕ ♗ ♘ ♖");
  EXPECT_NE(flipped.find("\n  h g f e d c b a\n"), std::string::npos);
}

TEST(ChessGame, PerftAndDivide) {
  std::unique_ptr<qi::Game> game = make_game();
  EXPECT_EQ(game->perft(1), 20u);
  EXPECT_EQ(game->perft(3), 8902u);
  auto divide = game->perft_divide(2);
  EXPECT_EQ(divide.size(), 20u);
  std::uint64_t sum = 0;
  for (const auto& [id, nodes] : divide) sum += nodes;
  EXPECT_EQ(sum, 400u);
  EXPECT_NE(std::find(divide.begin(), divide.end(), std::pair<std::string, std::uint64_t>{"g1f3", 20}),
            divide.end());
}

TEST(ChessGame, CloneIsIndependent) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->play("d4").has_value());
  std::unique_ptr<qi::Game> copy = game->clone();
  ASSERT_TRUE(copy->play("d5").has_value());
  EXPECT_EQ(game->moves_played().size(), 1u);
  EXPECT_EQ(copy->moves_played().size(), 2u);
}

TEST(ChessGame, BuiltinPlayerMatesInOne) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen(kScholar).has_value());
  EXPECT_EQ(builtin_move(*game), "h5f7");
}

TEST(ChessGame, BuiltinPlayerTakesAHangingQueen) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen("4k3/p7/8/8/6q1/8/P4N2/4K3 w - - 0 1").has_value());
  EXPECT_EQ(builtin_move(*game), "f2g4");
}

TEST(ChessGame, BuiltinPlayerDoesNotHangItsQueen) {
  // The d5 pawn is guarded by the knight on f6: Qxd5 would lose the queen.
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen("rnbqkb1r/ppp1pppp/5n2/3p4/8/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 1").has_value());
  const std::string move = builtin_move(*game);
  EXPECT_NE(move, "");
  EXPECT_NE(move, "f3d5");
}

TEST(ChessGame, BuiltinPlayerHasNoMoveWhenGameIsOver) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen("k7/8/1Q6/8/8/8/8/K7 b - - 0 1").has_value());  // stalemate
  EXPECT_EQ(builtin_move(*game), "");
}

}  // namespace
}  // namespace qi::chess
