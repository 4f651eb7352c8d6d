// Why a move is refused: one test per reason the checks can give, through
// the Game adapter as a player meets them, and a sweep showing that a reason
// is given exactly for the moves that are not legal.
#include "games/chess/explain.h"

#include <gtest/gtest.h>

#include "core/referee.h"
#include "games/chess/chess_game.h"
#include "notation_test_util.h"

namespace qi::chess {
namespace {

using testing::position;

// The error the game gives for a move text in a position reached from a FEN
// by some moves.
std::string refusal(std::string_view fen, std::string_view text,
                    std::initializer_list<std::string_view> moves = {}) {
  std::unique_ptr<qi::Game> game = make_game();
  Status set = game->set_fen(fen);
  EXPECT_TRUE(set.has_value());
  for (std::string_view m : moves) {
    Expected<MoveText> played = game->play(m);
    EXPECT_TRUE(played.has_value()) << m << ": " << played.error().message;
  }
  Expected<MoveText> move = game->parse_move(text);
  EXPECT_FALSE(move.has_value()) << text;
  return move ? "" : move.error().message;
}

constexpr std::string_view kStart = Position::kStartFen;

TEST(ChessExplain, NoPieceOfYours) {
  EXPECT_EQ(refusal(kStart, "e4e5"), "e4e5: there is no piece of yours on e4");
  EXPECT_EQ(refusal(kStart, "e7e5"), "e7e5: there is no piece of yours on e7 (the pawn on e7 is Black's)");
}

TEST(ChessExplain, MoveMustChangeSquare) {
  EXPECT_EQ(refusal(kStart, "e2e2"), "e2e2: a move must take the piece to another square");
}

TEST(ChessExplain, OwnPieceOnTarget) {
  EXPECT_EQ(refusal(kStart, "d1d2"), "d1d2: d2 is occupied by your own pawn");
}

TEST(ChessExplain, PawnMoveShape) {
  EXPECT_EQ(refusal(kStart, "e2e5"),
            "e2e5: a pawn moves one square forward, or two from its starting square");
  EXPECT_EQ(refusal(kStart, "e3e5", {"e3", "e6"}),
            "e3e5: a pawn moves one square forward, or two from its starting square");
  EXPECT_EQ(refusal(kStart, "e4e3", {"e4", "e5"}), "e4e3: a pawn never moves backwards");
}

TEST(ChessExplain, PawnBlockedStraightAhead) {
  EXPECT_EQ(
      refusal(kStart, "e4e5", {"e4", "e5"}),
      "e4e5: the pawn on e4 is blocked by the pawn on e5 (a pawn captures diagonally, never straight ahead)");
  EXPECT_EQ(refusal(kStart, "e2e4", {"Nc3", "Nc6", "Nd5", "Ne5", "Ne3", "Nc4"}),
            "e2e4: the pawn on e2 is blocked by the knight on e3");
}

TEST(ChessExplain, PawnCapturesOnlyDiagonallyOntoAPiece) {
  EXPECT_EQ(refusal(kStart, "e2d3"),
            "e2d3: a pawn moves diagonally only to capture, and there is nothing to capture on d3");
}

TEST(ChessExplain, EnPassantOnlyImmediately) {
  EXPECT_EQ(refusal("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5d6"),
            "e5d6: en passant is only possible immediately after the pawn's double step");
  // Through the game: the double step, one move each elsewhere, then too late.
  EXPECT_EQ(refusal("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "exd6", {"d5", "Kd2", "Kd8"}),
            "exd6: en passant is only possible immediately after the pawn's double step");
}

TEST(ChessExplain, EnPassantExposingTheKing) {
  EXPECT_EQ(
      refusal("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1", "b5c6"),
      "b5c6: capturing en passant would take both pawns off the rank and expose the king to the rook on h5");
}

TEST(ChessExplain, PromotionRules) {
  constexpr std::string_view fen = "7k/4P3/8/8/8/8/8/K7 w - - 0 1";
  EXPECT_EQ(refusal(fen, "e7e8"), "e7e8: a pawn reaching the last rank must promote (add q, r, b or n)");
  EXPECT_EQ(refusal(fen, "e8"), "e8: a pawn reaching the last rank must promote (add =Q, =R, =B or =N)");
  EXPECT_EQ(refusal(fen, "e7e8k"), "e7e8k: a pawn promotes to a queen, rook, bishop or knight");
  EXPECT_EQ(refusal(kStart, "e2e4q"), "e2e4q: only a pawn reaching the last rank can promote");
  EXPECT_EQ(refusal(kStart, "g1f3q"), "g1f3q: only a pawn reaching the last rank can promote");
}

TEST(ChessExplain, PieceMoveShapes) {
  EXPECT_EQ(refusal(kStart, "g1g3"),
            "g1g3: a knight moves in an L: two squares along a rank or file, then one to the side");
  EXPECT_EQ(refusal(kStart, "f1f3", {"e4", "e5"}), "f1f3: a bishop moves along diagonals");
  EXPECT_EQ(refusal(kStart, "a1b3", {"a4", "a5"}), "a1b3: a rook moves along ranks and files");
  EXPECT_EQ(refusal(kStart, "d1f4", {"e4", "e5"}), "d1f4: a queen moves along ranks, files and diagonals");
  EXPECT_EQ(refusal(kStart, "e1e3", {"e4", "e5"}), "e1e3: a king moves one square in any direction");
}

TEST(ChessExplain, SlidingPieceBlocked) {
  EXPECT_EQ(refusal(kStart, "c1g5"), "c1g5: the bishop on c1 is blocked by the pawn on d2");
  EXPECT_EQ(refusal(kStart, "a1a3"), "a1a3: the rook on a1 is blocked by the pawn on a2");
  EXPECT_EQ(refusal(kStart, "d1h5"), "d1h5: the queen on d1 is blocked by the pawn on e2");
}

TEST(ChessExplain, PinnedPiece) {
  EXPECT_EQ(refusal("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "d2d3"),
            "d2d3: the pawn on d2 is pinned by the bishop on b4 against the king");
}

TEST(ChessExplain, KingWouldBeInCheck) {
  EXPECT_EQ(refusal("4r1k1/8/8/8/8/8/8/3K4 w - - 0 1", "d1e2"),
            "d1e2: the king would be in check from the rook on e8");
  // Retreating along the checking line does not escape it.
  EXPECT_EQ(refusal("4r1k1/8/8/8/8/8/4K3/8 w - - 0 1", "e2e1"),
            "e2e1: the king would be in check from the rook on e8");
}

TEST(ChessExplain, CheckNotAnswered) {
  EXPECT_EQ(refusal("4r1k1/8/8/8/8/8/P7/4K3 w - - 0 1", "a2a3"),
            "a2a3: the king is in check from the rook on e8, and this move does not end the check");
}

TEST(ChessExplain, CastlingAfterKingMoved) {
  constexpr std::string_view fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(refusal(fen, "e1g1", {"Kf1", "Kf8", "Ke1", "Ke8"}),
            "e1g1: castling is not allowed: the king has moved");
  EXPECT_EQ(refusal(fen, "O-O", {"Kf1", "Kf8", "Ke1", "Ke8"}),
            "O-O: castling is not allowed: the king has moved");
  EXPECT_EQ(refusal(fen, "O-O", {"Kf1", "Kf8"}), "O-O: castling is not allowed: the king has moved");
}

TEST(ChessExplain, CastlingAfterRookMoved) {
  constexpr std::string_view fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  EXPECT_EQ(refusal(fen, "e1g1", {"Rg1", "Rg8", "Rh1", "Rh8"}),
            "e1g1: castling is not allowed: the rook on h1 has moved");
  // Without the game's moves the board still tells: the other side may castle.
  EXPECT_EQ(refusal("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w Qkq - 0 1", "e1g1"),
            "e1g1: castling is not allowed: the rook on h1 has moved");
  EXPECT_EQ(refusal("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w Qkq - 0 1", "e1g1"),
            "e1g1: castling is not allowed: there is no rook on h1");
}

TEST(ChessExplain, CastlingAfterRookCaptured) {
  constexpr std::string_view fen = "r3k2r/p7/8/8/8/8/1b5P/R3K2R b KQkq - 0 1";
  EXPECT_EQ(refusal(fen, "O-O-O", {"Bxa1", "h3", "Bb2"}),
            "O-O-O: castling is not allowed: the rook on a1 was captured");
}

TEST(ChessExplain, CastlingOutOfCheck) {
  EXPECT_EQ(refusal("4k3/8/8/8/1b6/8/8/4K2R w K - 0 1", "e1g1"),
            "e1g1: castling is not allowed: the king is in check from the bishop on b4");
}

TEST(ChessExplain, CastlingWithPiecesBetween) {
  EXPECT_EQ(refusal(kStart, "e1g1"), "e1g1: castling is not allowed: f1 is occupied");
  EXPECT_EQ(refusal(kStart, "O-O-O"), "O-O-O: castling is not allowed: d1 is occupied");
  EXPECT_EQ(refusal("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1c1"),
            "e1c1: castling is not allowed: b1 is occupied");
}

TEST(ChessExplain, CastlingThroughAttackedSquare) {
  EXPECT_EQ(refusal("4k3/8/8/1b6/8/8/8/4K2R w K - 0 1", "e1g1"),
            "e1g1: the king would pass through f1, which the bishop on b5 attacks");
}

TEST(ChessExplain, CastlingIntoCheck) {
  EXPECT_EQ(refusal("4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"),
            "e1g1: the king would be in check on g1 from the rook on g8");
}

TEST(ChessExplain, KingStepOfTwoIsWrittenAsCastling) {
  EXPECT_EQ(refusal("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "Kg1"),
            "Kg1: a king moves one square in any direction (castling is written O-O)");
}

TEST(ChessExplain, NoPieceCanReach) {
  EXPECT_EQ(refusal(kStart, "Nf4"), "Nf4: no knight can reach f4");
  EXPECT_EQ(refusal(kStart, "e5"), "e5: no pawn can reach e5");
  EXPECT_EQ(refusal(kStart, "Qd4"), "Qd4: the queen on d1 is blocked by the pawn on d2");
}

TEST(ChessExplain, NoSuchPiece) {
  EXPECT_EQ(refusal("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "Nf3"), "Nf3: you have no knight");
  EXPECT_EQ(refusal(kStart, "Nbd3"), "Nbd3: no knight can reach d3");
  EXPECT_EQ(refusal(kStart, "Ncd3"), "Ncd3: you have no knight on the c-file");
  EXPECT_EQ(refusal(kStart, "R3a2"), "R3a2: you have no rook on rank 3");
}

// Once the game is over no move is accepted: the referee's refusal
// (core/referee.h), which comes before any reading of the move.
TEST(ChessExplain, GameIsOver) {
  constexpr std::string_view scholar = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->set_fen(scholar).has_value());
  Referee referee(std::move(game));
  ASSERT_TRUE(referee.play("Qxf7#", 0).has_value());
  Expected<MoveText> move = referee.play("a7a6", 0);
  ASSERT_FALSE(move.has_value());
  EXPECT_EQ(move.error().message, "the game is over: White wins: checkmate");
  EXPECT_EQ(move.error().code, "game_over");
}

// For every origin, destination and promotion in many positions: a reason
// is given exactly when the move is not legal, so every refusal is
// explained by a rule (never "this move is not legal here").
TEST(ChessExplain, ReasonGivenExactlyForIllegalMoves) {
  const PieceType promotions[] = {NoPieceType, Queen, Knight};
  int illegal = 0;
  for (const Position& pos : testing::random_positions(11, 150)) {
    std::vector<Move> legal = testing::legal_moves(pos);
    for (int from = 0; from < 64; ++from) {
      if (pos.piece_on(static_cast<Square>(from)) == NoPiece) continue;
      for (int to = 0; to < 64; ++to) {
        for (PieceType promotion : promotions) {
          // Castling may also be written as the king taking its own rook.
          const bool onto_own_rook = pos.piece_on(static_cast<Square>(to)) == make_piece(pos.us(), Rook);
          bool is_legal = false;
          for (Move m : legal) {
            const bool castles_that_way =
                m.kind() == Move::Castling && onto_own_rook && promotion == NoPieceType &&
                rank_of(m.to()) == rank_of(static_cast<Square>(to)) &&
                (file_of(m.to()) == 6) == (file_of(static_cast<Square>(to)) == 7) &&
                (file_of(static_cast<Square>(to)) == 0 || file_of(static_cast<Square>(to)) == 7);
            if (m.from() == from && (m.to() == to || castles_that_way) &&
                (m.kind() == Move::Promotion ? m.promotion() : NoPieceType) == promotion)
              is_legal = true;
          }
          Explanation e =
              explain_move(pos, static_cast<Square>(from), static_cast<Square>(to), promotion, Notation::Uci);
          ASSERT_EQ(e.legal(), is_legal) << pos.fen() << " " << square_name(static_cast<Square>(from))
                                         << square_name(static_cast<Square>(to)) << ": " << e.reason;
          EXPECT_NE(e.reason, "this move is not legal here");
          illegal += !is_legal;
        }
      }
    }
  }
  EXPECT_GT(illegal, 100000);
}

}  // namespace
}  // namespace qi::chess
