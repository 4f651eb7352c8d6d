// One test per rule of move generation and game end (FIDE Laws of Chess,
// articles 3, 5 and 9), each named after the rule it checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <set>
#include <string>

#include "../support/positions.h"
#include "core/perft.h"
#include "games/chess/position.h"

namespace qi::chess {
namespace {

// Plays UCI moves, each of which must be legal.
void play(Position& pos, std::initializer_list<const char*> moves) {
  for (const char* text : moves) {
    Expected<Move> m = pos.parse_uci(text);
    ASSERT_TRUE(m.has_value()) << text << ": " << m.error().message;
    pos.make(*m);
  }
}

Position after(std::string_view fen, std::initializer_list<const char*> moves) {
  Position pos = test::valid_position<Position>(fen);
  play(pos, moves);
  return pos;
}

std::set<std::string> legal_uci(const Position& pos) {
  Position::MoveList moves;
  pos.generate_legal(moves);
  std::set<std::string> out;
  for (Move m : moves) out.insert(to_uci(m));
  return out;
}

bool legal(const Position& pos, const char* uci) { return legal_uci(pos).count(uci) > 0; }

// Legal moves starting on one square.
std::set<std::string> moves_from(const Position& pos, Square s) {
  std::set<std::string> out;
  for (const std::string& m : legal_uci(pos))
    if (m.substr(0, 2) == square_name(s)) out.insert(m);
  return out;
}

bool has_castling(const Position& pos) {
  Position::MoveList moves;
  pos.generate_legal(moves);
  return std::any_of(moves.begin(), moves.end(), [](Move m) { return m.kind() == Move::Castling; });
}

constexpr const char* kCastlingFen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

// --- Castling (3.8.2) --------------------------------------------------------

TEST(ChessRules, CastlingBothWaysWhenAllowed) {
  Position pos = test::valid_position<Position>(kCastlingFen);
  EXPECT_TRUE(legal(pos, "e1g1"));
  EXPECT_TRUE(legal(pos, "e1c1"));
  play(pos, {"e1g1"});
  EXPECT_EQ(pos.piece_on(G1), WhiteKing);
  EXPECT_EQ(pos.piece_on(F1), WhiteRook);
  EXPECT_EQ(pos.piece_on(H1), NoPiece);
  EXPECT_EQ(pos.castling_rights(), BlackOO | BlackOOO);
  play(pos, {"e8c8"});
  EXPECT_EQ(pos.piece_on(C8), BlackKing);
  EXPECT_EQ(pos.piece_on(D8), BlackRook);
  EXPECT_EQ(pos.piece_on(A8), NoPiece);
  EXPECT_EQ(pos.castling_rights(), NoCastling);
}

TEST(ChessRules, CastlingRequiresUnmovedKingAndRook) {
  // The king goes and comes back: both rights are gone.
  Position king_moved = after(kCastlingFen, {"e1f1", "a7a6", "f1e1", "a6a5"});
  EXPECT_FALSE(legal(king_moved, "e1g1"));
  EXPECT_FALSE(legal(king_moved, "e1c1"));
  EXPECT_EQ(king_moved.castling_rights() & WhiteCastling, 0);
  // The h-rook goes and comes back: only the short right is gone.
  Position rook_moved = after(kCastlingFen, {"h1g1", "a7a6", "g1h1", "a6a5"});
  EXPECT_FALSE(legal(rook_moved, "e1g1"));
  EXPECT_TRUE(legal(rook_moved, "e1c1"));
  // Without the rights from the FEN, no castling at all.
  EXPECT_FALSE(
      has_castling(test::valid_position<Position>("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w kq - 0 1")));
}

TEST(ChessRules, CastlingBlockedByPieceBetween) {
  // A knight on b1 blocks the long castling even though the king never
  // crosses b1; one on g1 blocks the short.
  Position pos = test::valid_position<Position>("r3k2r/8/8/8/8/8/8/RN2K1NR w KQkq - 0 1");
  EXPECT_FALSE(has_castling(pos));
  // An enemy piece blocks too.
  EXPECT_FALSE(legal(test::valid_position<Position>("r3k2r/8/8/8/8/8/8/R2bK2R w KQkq - 0 1"), "e1c1"));
}

TEST(ChessRules, CastlingOutOfCheckIllegal) {
  Position pos = test::valid_position<Position>("4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1");
  ASSERT_TRUE(pos.in_check());
  EXPECT_FALSE(has_castling(pos));
}

TEST(ChessRules, CastlingThroughAttackedSquareIllegal) {
  Position f1_attacked = test::valid_position<Position>("4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(legal(f1_attacked, "e1g1"));
  EXPECT_TRUE(legal(f1_attacked, "e1c1"));
  Position d1_attacked = test::valid_position<Position>("4k3/8/8/8/3r4/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(legal(d1_attacked, "e1c1"));
  EXPECT_TRUE(legal(d1_attacked, "e1g1"));
  // The rook passes b1, the king does not: an attack on b1 does not matter.
  EXPECT_TRUE(legal(test::valid_position<Position>("4k3/8/8/8/1r6/8/8/R3K2R w KQ - 0 1"), "e1c1"));
  // An attack by a pawn counts too.
  EXPECT_FALSE(legal(test::valid_position<Position>("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1"), "e1g1"));
}

TEST(ChessRules, CastlingIntoCheckIllegal) {
  Position g1_attacked = test::valid_position<Position>("4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(legal(g1_attacked, "e1g1"));
  EXPECT_TRUE(legal(g1_attacked, "e1c1"));
  Position c1_attacked = test::valid_position<Position>("4k3/8/8/8/2r5/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(legal(c1_attacked, "e1c1"));
  EXPECT_TRUE(legal(c1_attacked, "e1g1"));
}

TEST(ChessRules, CastlingRightsLostWhenRookCaptured) {
  // The bishop takes the h1 rook; the other rook comes back to h1, but the
  // right is gone for good.
  Position pos = after("4k3/8/8/8/8/8/6b1/4K1RR b K - 0 1", {"g2h1", "g1h1", "e8d8"});
  EXPECT_EQ(pos.piece_on(H1), WhiteRook);
  EXPECT_EQ(pos.castling_rights(), NoCastling);
  EXPECT_FALSE(legal(pos, "e1g1"));
  // Capturing on a8 takes Black's long right, not the short one.
  Position black = after("r3k2r/8/8/8/8/8/8/Q3K3 w kq - 0 1", {"a1a8"});
  EXPECT_EQ(black.castling_rights(), BlackOO);
}

TEST(ChessRules, PromotedRookNeverCastles) {
  // A rook promoted on e8 stands on the king's file: no "vertical" castling.
  Position pos = after("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", {"e7e8r", "a8b7"});
  EXPECT_EQ(pos.piece_on(E8), WhiteRook);
  EXPECT_FALSE(has_castling(pos));
  // Nor can a FEN grant the right without a rook on its original square: the
  // right is dropped, with a warning.
  std::vector<std::string> warnings;
  Expected<Position> granted =
      Position::from_fen("4R3/8/8/8/8/8/8/k3K3 w K - 0 1", Variant::Standard, &warnings);
  ASSERT_TRUE(granted.has_value());
  EXPECT_EQ(granted->castling_rights(), NoCastling);
  EXPECT_EQ(warnings,
            std::vector<std::string>{"FEN: castling right K dropped: there is no white rook on h1"});
}

// --- En passant (3.7.4.3) ----------------------------------------------------

TEST(ChessRules, EnPassantOnlyImmediately) {
  constexpr const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  Position now = after(start, {"e2e4", "a7a6", "e4e5", "d7d5"});
  EXPECT_TRUE(legal(now, "e5d6"));
  EXPECT_TRUE(now.has_legal_en_passant());
  play(now, {"e5d6"});
  EXPECT_EQ(now.piece_on(D5), NoPiece);
  EXPECT_EQ(now.piece_on(D6), WhitePawn);
  EXPECT_EQ(now.captured_piece(), BlackPawn);
  Position later = after(start, {"e2e4", "a7a6", "e4e5", "d7d5", "g1f3", "g8f6"});
  EXPECT_FALSE(legal(later, "e5d6"));
  // A one-square step allows no en passant either.
  Position single = after(start, {"e2e4", "d7d6", "e4e5", "d6d5"});
  EXPECT_FALSE(legal(single, "e5d6"));
}

TEST(ChessRules, EnPassantIllegalWhenRankPinned) {
  // Both pawns leave rank 5 and the rook on h5 would see the king on a5.
  Position pos = after("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1", {"d7d5"});
  EXPECT_FALSE(legal(pos, "e5d6"));
  EXPECT_FALSE(pos.has_legal_en_passant());
  EXPECT_EQ(pos.en_passant_square(), D6);
  EXPECT_TRUE(legal(pos, "e5e6"));
}

TEST(ChessRules, EnPassantIllegalWhenDiagonallyPinned) {
  // The bishop on h8 pins the e5 pawn to the king on a1: capturing towards d6
  // leaves the diagonal, capturing towards f6 stays on it.
  Position off_line = after("4k2b/3p1p2/8/4P3/8/8/8/K7 b - - 0 1", {"d7d5"});
  EXPECT_FALSE(legal(off_line, "e5d6"));
  Position on_line = after("4k2b/3p1p2/8/4P3/8/8/8/K7 b - - 0 1", {"f7f5"});
  EXPECT_TRUE(legal(on_line, "e5f6"));
}

TEST(ChessRules, EnPassantCanEvadeCheckFromThePawn) {
  Position pos = after("4k3/3p4/8/4P3/4K3/8/8/8 b - - 0 1", {"d7d5"});
  ASSERT_TRUE(pos.in_check());
  EXPECT_TRUE(legal(pos, "e5d6"));
}

TEST(ChessRules, EnPassantDoesNotEvadeOtherChecks) {
  // The pawn's step uncovers the c8 bishop; taking it en passant does not
  // close the diagonal again.
  Position pos = after("2b1k3/3p4/8/4P3/6K1/8/8/8 b - - 0 1", {"d7d5"});
  ASSERT_TRUE(pos.in_check());
  EXPECT_FALSE(legal(pos, "e5d6"));
}

// --- Promotion (3.7.5) -------------------------------------------------------

TEST(ChessRules, PromotionToFourPieces) {
  Position pos = test::valid_position<Position>("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(pos, E7), (std::set<std::string>{"e7e8b", "e7e8n", "e7e8q", "e7e8r"}));
  for (auto [text, piece] : {std::pair{"e7e8q", WhiteQueen}, std::pair{"e7e8r", WhiteRook},
                             std::pair{"e7e8b", WhiteBishop}, std::pair{"e7e8n", WhiteKnight}}) {
    Position p = after("k7/4P3/8/8/8/8/8/4K3 w - - 0 1", {text});
    EXPECT_EQ(p.piece_on(E8), piece) << text;
    EXPECT_EQ(p.pieces(Pawn), 0u);
  }
  // Capturing onto the last rank promotes too, four ways.
  EXPECT_EQ(moves_from(test::valid_position<Position>("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1"), E7).size(), 4u);
}

// --- Pins, checks ------------------------------------------------------------

TEST(ChessRules, PinnedPieceMovesOnlyAlongPin) {
  Position pos = test::valid_position<Position>("4r1k1/8/8/8/4R3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(pos, E4), (std::set<std::string>{"e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8"}));
  // With a second piece between, neither is pinned.
  EXPECT_EQ(moves_from(test::valid_position<Position>("4r1k1/8/8/8/4R3/8/4B3/4K3 w - - 0 1"), E4).size(),
            12u);
  Position bishop_pinned = test::valid_position<Position>("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1");
  EXPECT_TRUE(moves_from(bishop_pinned, E2).empty());
  Position knight_pinned = test::valid_position<Position>("6k1/8/8/1b6/8/3N4/8/5K2 w - - 0 1");
  EXPECT_TRUE(moves_from(knight_pinned, D3).empty());
  // A pawn pinned on its file may push, not capture.
  Position pawn_pinned = test::valid_position<Position>("4r1k1/8/8/8/8/3p4/4P3/4K3 w - - 0 1");
  EXPECT_EQ(moves_from(pawn_pinned, E2), (std::set<std::string>{"e2e3", "e2e4"}));
}

TEST(ChessRules, DoubleCheckOnlyKingMoves) {
  Position pos = test::valid_position<Position>("4k3/8/8/8/8/5n2/8/r3K2Q w - - 0 1");
  ASSERT_EQ(popcount(pos.checkers()), 2);
  Position::MoveList moves;
  pos.generate_legal(moves);
  ASSERT_FALSE(moves.empty());
  for (Move m : moves) EXPECT_EQ(m.from(), E1) << to_uci(m);
  EXPECT_FALSE(legal(pos, "h1f3"));  // capturing one checker is not enough
}

TEST(ChessRules, SingleCheckMustBeCapturedBlockedOrEscaped) {
  Position pos = test::valid_position<Position>("4k3/8/8/8/8/8/1R6/r3K3 w - - 0 1");
  // Block on b1 or step off the first rank; d1 and f1 stay in the rook's line.
  EXPECT_EQ(legal_uci(pos), (std::set<std::string>{"b2b1", "e1d2", "e1e2", "e1f2"}));
}

TEST(ChessRules, KingCannotRetreatAlongCheckingLine) {
  Position pos = test::valid_position<Position>("4r1k1/8/8/8/8/8/4K3/8 w - - 0 1");
  EXPECT_FALSE(legal(pos, "e2e1"));
  EXPECT_FALSE(legal(pos, "e2e3"));
  EXPECT_TRUE(legal(pos, "e2d1"));
}

TEST(ChessRules, KingsNeverStandSideBySide) {
  Position pos = test::valid_position<Position>("8/8/8/3k4/8/3K4/8/8 w - - 0 1");
  for (const char* m : {"d3c4", "d3d4", "d3e4"}) EXPECT_FALSE(legal(pos, m)) << m;
}

// --- End of the game (5, 9.6) ------------------------------------------------

TEST(ChessRules, Checkmate) {
  Position pos =
      after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_TRUE(pos.is_checkmate());
  EXPECT_EQ(pos.result(), Result::Loss);
}

TEST(ChessRules, Stalemate) {
  Position pos = test::valid_position<Position>("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_TRUE(pos.is_stalemate());
  EXPECT_EQ(pos.result(), Result::Draw);
}

TEST(ChessRules, SeventyFiveMoveRuleAutomatic) {
  Position pos = test::valid_position<Position>("4k3/8/8/8/8/8/8/R3K3 w - - 149 120");
  EXPECT_EQ(pos.result(), Result::None);
  play(pos, {"a1a2"});
  EXPECT_EQ(pos.halfmove_clock(), 150);
  EXPECT_EQ(pos.result(), Result::Draw);
  // A capture or pawn move resets the count.
  Position reset = after("4k3/8/8/8/8/8/4P3/R3K3 w - - 149 120", {"e2e3"});
  EXPECT_EQ(reset.halfmove_clock(), 0);
  EXPECT_EQ(reset.result(), Result::None);
}

TEST(ChessRules, SeventyFiveMoveMateTakesPrecedence) {
  Position pos = after("7k/8/6K1/8/8/8/8/R7 w - - 149 120", {"a1a8"});
  EXPECT_EQ(pos.halfmove_clock(), 150);
  EXPECT_EQ(pos.result(), Result::Loss);
}

TEST(ChessRules, FivefoldRepetitionAutomatic) {
  Position pos;
  auto cycle = [&] { play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"}); };
  for (int i = 0; i < 3; ++i) cycle();
  EXPECT_EQ(pos.repetition_count(), 4);
  EXPECT_EQ(pos.result(), Result::None);
  cycle();
  EXPECT_EQ(pos.repetition_count(), 5);
  EXPECT_TRUE(pos.is_repetition(5));
  EXPECT_EQ(pos.result(), Result::Draw);
}

TEST(ChessRules, RepetitionNeedsSameCastlingRights) {
  // The rooks go out and back: the pieces stand as before, but the rights
  // are gone, so the first position is not repeated.
  Position pos = test::valid_position<Position>(kCastlingFen);
  play(pos, {"h1g1", "h8g8", "g1h1", "g8h8"});
  EXPECT_EQ(pos.repetition_count(), 1);
  play(pos, {"h1g1", "h8g8", "g1h1", "g8h8"});
  EXPECT_EQ(pos.repetition_count(), 2);
}

TEST(ChessRules, RepetitionStopsAtIrreversibleMove) {
  Position pos;
  play(pos, {"g1f3", "g8f6", "f3g1", "f6g8", "e2e3", "e7e6"});
  play(pos, {"g1f3", "g8f6", "f3g1", "f6g8"});
  EXPECT_EQ(pos.repetition_count(), 2);
  EXPECT_EQ(pos.reversible_plies(), 4);
}

TEST(ChessRules, DeadPositionKingAgainstKing) {
  Position pos = test::valid_position<Position>("8/8/4k3/8/8/3K4/8/8 w - - 0 1");
  EXPECT_TRUE(pos.insufficient_material());
  EXPECT_EQ(pos.result(), Result::Draw);
}

TEST(ChessRules, DeadPositionKingAndMinorAgainstKing) {
  EXPECT_TRUE(test::valid_position<Position>("8/8/4k3/8/8/3KB3/8/8 w - - 0 1").insufficient_material());
  EXPECT_TRUE(test::valid_position<Position>("8/8/4k3/8/8/3KN3/8/8 w - - 0 1").insufficient_material());
  EXPECT_TRUE(test::valid_position<Position>("8/8/4kn2/8/8/3K4/8/8 w - - 0 1").insufficient_material());
}

TEST(ChessRules, DeadPositionBishopsAllOnOneColour) {
  // c1, e3 and f8 are all dark squares.
  EXPECT_TRUE(test::valid_position<Position>("5b2/8/4k3/8/8/3KB3/8/2B5 w - - 0 1").insufficient_material());
  // d1 is light: a mate can be built.
  EXPECT_FALSE(test::valid_position<Position>("5b2/8/4k3/8/8/3K4/8/3B4 w - - 0 1").insufficient_material());
}

TEST(ChessRules, NotDeadWithMatingMaterial) {
  for (const char* fen : {"8/8/4k3/8/8/3KN3/8/5N2 w - - 0 1",  // two knights: a helpmate exists
                          "8/8/4kn2/8/8/3KN3/8/8 w - - 0 1",   // knight each
                          "8/8/4kn2/8/8/3KB3/8/8 w - - 0 1",   // bishop against knight
                          "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1", "8/8/4k3/8/8/3K4/8/R7 w - - 0 1",
                          "8/8/4k3/8/8/3K4/8/Q7 w - - 0 1"}) {
    Position pos = test::valid_position<Position>(fen);
    EXPECT_FALSE(pos.insufficient_material()) << fen;
    EXPECT_EQ(pos.result(), Result::None) << fen;
  }
}

// --- Hashing "the same position" (9.2.3) -------------------------------------

TEST(ChessRules, HashIgnoresImpossibleEnPassant) {
  // After 1.e4 no black pawn can capture on e3: the position equals the one
  // written without an en passant square.
  Position pos = after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"e2e4"});
  EXPECT_EQ(pos.en_passant_square(), E3);
  EXPECT_FALSE(pos.has_legal_en_passant());
  Position plain =
      test::valid_position<Position>("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_EQ(pos.hash(), plain.hash());
  EXPECT_EQ(pos.fen(), plain.fen());
  EXPECT_EQ(
      test::valid_position<Position>("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").hash(),
      plain.hash());
  // A pinned capturer makes the capture impossible too.
  EXPECT_EQ(test::valid_position<Position>("4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 2").hash(),
            test::valid_position<Position>("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2").hash());
}

TEST(ChessRules, HashCountsPossibleEnPassant) {
  Position with = test::valid_position<Position>("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  Position without = test::valid_position<Position>("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2");
  EXPECT_TRUE(with.has_legal_en_passant());
  EXPECT_NE(with.hash(), without.hash());
  EXPECT_EQ(with.fen(), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
}

TEST(ChessRules, TranspositionsHashAlike) {
  Position a = after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"g1f3", "g8f6", "b1c3"});
  Position b = after("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {"b1c3", "g8f6", "g1f3"});
  EXPECT_EQ(a.hash(), b.hash());
  EXPECT_NE(a.hash(), Position().hash());
}

// --- Queries ------------------------------------------------------------------

TEST(ChessQueries, GivesCheckAgreesWithMakeAndInCheck) {
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
                          "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
                          "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", "8/P1k5/K7/8/8/8/8/8 w - - 0 1"}) {
    Position pos = test::valid_position<Position>(fen);
    Position::MoveList moves;
    pos.generate_legal(moves);
    for (Move m : moves) {
      const bool predicted = pos.gives_check(m);
      pos.make(m);
      EXPECT_EQ(predicted, pos.in_check()) << fen << " " << to_uci(m);
      pos.unmake(m);
    }
  }
}

TEST(ChessQueries, AttackersToSeesBothColours) {
  Position pos = test::valid_position<Position>("4k3/8/8/3p4/4N3/8/8/4RK2 w - - 0 1");
  EXPECT_EQ(pos.attackers_to(C3, pos.pieces()), square_bb(E4));
  EXPECT_EQ(pos.attackers_to(E4, pos.pieces()), square_bb(D5) | square_bb(E1));
  EXPECT_EQ(pos.attackers_to(E8, pos.pieces()), 0u);  // the knight blocks the rook
  EXPECT_EQ(pos.attackers_to(E8, pos.pieces() ^ square_bb(E4)), square_bb(E1));
  EXPECT_TRUE(pos.attacked_by(E4, Black, pos.pieces()));
  EXPECT_FALSE(pos.attacked_by(C3, Black, pos.pieces()));
}

TEST(ChessQueries, ClocksAndHistory) {
  Position pos = test::valid_position<Position>("4k3/8/8/8/8/8/4P3/4K3 w - - 7 30");
  EXPECT_EQ(pos.fullmove_number(), 30);
  play(pos, {"e1d1"});
  EXPECT_EQ(pos.fullmove_number(), 30);
  EXPECT_EQ(pos.halfmove_clock(), 8);
  play(pos, {"e8d8"});
  EXPECT_EQ(pos.fullmove_number(), 31);
  EXPECT_EQ(pos.ply_count(), 2);
  EXPECT_EQ(to_uci(pos.last_move()), "e8d8");
  EXPECT_EQ(pos.key_history(2), test::valid_position<Position>("4k3/8/8/8/8/8/4P3/4K3 w - - 7 30").hash());
  pos.unmake(pos.last_move());
  EXPECT_EQ(pos.fullmove_number(), 30);
}

// --- UCI move text ---------------------------------------------------------------

TEST(ChessUci, RoundTripsEveryLegalMove) {
  Position pos =
      test::valid_position<Position>("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  Position::MoveList moves;
  pos.generate_legal(moves);
  for (Move m : moves) {
    Expected<Move> back = pos.parse_uci(to_uci(m));
    ASSERT_TRUE(back.has_value()) << to_uci(m);
    EXPECT_EQ(*back, m);
  }
}

TEST(ChessUci, CastlingAsKingTakesRook) {
  Position pos = test::valid_position<Position>(kCastlingFen);
  EXPECT_EQ(*pos.parse_uci("e1h1"), *pos.parse_uci("e1g1"));
  EXPECT_EQ(*pos.parse_uci("e1a1"), *pos.parse_uci("e1c1"));
  EXPECT_EQ(pos.parse_uci("e1g1")->kind(), Move::Castling);
}

TEST(ChessUci, ErrorsSayWhy) {
  Position pos;
  auto error = [&](const char* text) {
    Expected<Move> m = pos.parse_uci(text);
    return m ? std::string("accepted") : m.error().message;
  };
  EXPECT_EQ(error("e2e5"), "UCI move 'e2e5': not a legal move here");
  EXPECT_EQ(error("e3e4"), "UCI move 'e3e4': there is no piece on e3");
  EXPECT_EQ(error("e7e5"), "UCI move 'e7e5': the piece on e7 is not White's, and White is to move");
  EXPECT_EQ(error("e2"),
            "UCI move 'e2': expected a from-square, a to-square and an optional promotion letter, "
            "like e2e4 or e7e8q");
  EXPECT_EQ(error("i2e4"), "UCI move 'i2e4': 'i2' is not a square");
  EXPECT_EQ(error("e2e4q"), "UCI move 'e2e4q': only a pawn reaching the last rank promotes");
  EXPECT_EQ(error("e2e4x"), "UCI move 'e2e4x': unknown promotion letter; use q, r, b or n");
  EXPECT_EQ(error("0000"), "UCI move '0000': a null move is not a legal move");
  Position promo = test::valid_position<Position>("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
  EXPECT_EQ(promo.parse_uci("e7e8").error().message,
            "UCI move 'e7e8': a pawn reaching the last rank must promote: add q, r, b or n");
}

TEST(ChessUci, IsLegalAcceptsAnySixteenBits) {
  Position pos =
      test::valid_position<Position>("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  int legal_count = 0;
  for (int bits = 0; bits < 65536; ++bits)
    legal_count += pos.is_legal(Move::from_bits(static_cast<std::uint16_t>(bits)));
  EXPECT_EQ(legal_count, 48);
}

}  // namespace
}  // namespace qi::chess
