// How a game ends and which draws may be claimed (FIDE Laws, articles 5 and
// 9), as the game reports them: termination names, reasons, claims.
#include "games/chess/draw_rules.h"

#include <gtest/gtest.h>

#include "games/chess/chess_game.h"
#include "notation_test_util.h"

namespace qi::chess {
namespace {

using testing::play;
using testing::position;

bool can_claim(const Position& pos, std::string_view termination) {
  for (const DrawClaim& c : draw_claims(pos))
    if (c.termination == termination) return true;
  return false;
}

// Knights out and back: the start position again after every four plies.
void knight_dance(Position& pos, int times) {
  for (int i = 0; i < times; ++i) play(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
}

TEST(ChessRules, ThreefoldRepetitionClaimable) {
  Position pos;
  knight_dance(pos, 1);
  play(pos, {"Nf3", "Nf6", "Ng1"});
  EXPECT_FALSE(can_claim(pos, "threefold_repetition"));  // the start position stood twice
  play(pos, {"Ng8"});
  EXPECT_EQ(pos.repetition_count(), 3);
  ASSERT_TRUE(can_claim(pos, "threefold_repetition"));
  EXPECT_EQ(draw_claims(pos).front().reason,
            "draw: threefold repetition (the same position has appeared three times)");
  EXPECT_FALSE(rules_outcome(pos).over());  // a claim, not automatic
}

TEST(ChessRules, ThreefoldClaimByIntendedMove) {
  // FIDE 9.2.1.1: the player writes a move that will produce the third
  // occurrence, and claims before making it.
  Position pos;
  knight_dance(pos, 1);
  play(pos, {"Nf3", "Nf6", "Ng1"});
  Expected<Move> ng8 = parse_san(pos, "Ng8");
  ASSERT_TRUE(ng8.has_value());
  std::optional<DrawClaim> claim = draw_claim_with_move(pos, *ng8);
  ASSERT_TRUE(claim.has_value());
  EXPECT_EQ(claim->termination, "threefold_repetition");
  Expected<Move> nc6 = parse_san(pos, "Nc6");
  ASSERT_TRUE(nc6.has_value());
  EXPECT_FALSE(draw_claim_with_move(pos, *nc6).has_value());
}

TEST(ChessRules, ThreefoldClaimThroughTheGame) {
  std::unique_ptr<qi::Game> game = make_game();
  for (int i = 0; i < 2; ++i)
    for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8"}) ASSERT_TRUE(game->play(m).has_value());
  ASSERT_TRUE(game->claim_draw().has_value());
  Outcome o = game->outcome();
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, "threefold_repetition");
  EXPECT_FALSE(game->play("e4").has_value());
  EXPECT_TRUE(game->undo());  // takes back the claim and the last move
  EXPECT_FALSE(game->outcome().over());
  EXPECT_FALSE(game->claim_draw().has_value());
}

TEST(ChessRules, FivefoldRepetitionEndsTheGame) {
  Position pos;
  knight_dance(pos, 3);
  play(pos, {"Nf3", "Nf6", "Ng1"});
  EXPECT_FALSE(rules_outcome(pos).over());
  play(pos, {"Ng8"});
  EXPECT_EQ(pos.repetition_count(), 5);
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, "fivefold_repetition");
  EXPECT_EQ(o.reason, "draw: fivefold repetition (the same position has appeared five times)");
  EXPECT_TRUE(draw_claims(pos).empty());  // nothing to claim in a finished game
}

TEST(ChessRules, RepetitionClaimNeedsSameCastlingRights) {
  // The rooks go out and back: the pieces stand as at first, but the castling
  // rights are gone, so the first position does not count towards the claim.
  Position pos = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  auto rook_dance = [&] { play(pos, {"Rg1", "Rg8", "Rh1", "Rh8"}); };
  rook_dance();
  EXPECT_EQ(pos.repetition_count(), 1);
  rook_dance();
  EXPECT_FALSE(can_claim(pos, "threefold_repetition"));
  rook_dance();
  EXPECT_TRUE(can_claim(pos, "threefold_repetition"));
}

TEST(ChessRules, RepetitionNeedsSameEnPassantPossibility) {
  // After d7-d5 White may take en passant; once the knights have danced the
  // same pieces stand on the same squares, but that capture is gone.
  Position pos = position("4k1n1/3p4/8/4P3/8/8/8/4K1N1 b - - 0 1");
  play(pos, {"d5"});
  ASSERT_TRUE(pos.has_legal_en_passant());
  auto dance = [&] { play(pos, {"Nf3", "Nf6", "Ng1", "Ng8"}); };
  dance();
  EXPECT_EQ(pos.repetition_count(), 1);
  dance();
  EXPECT_FALSE(can_claim(pos, "threefold_repetition"));
  dance();
  EXPECT_TRUE(can_claim(pos, "threefold_repetition"));
}

TEST(ChessRules, RepetitionIgnoresImpossibleEnPassant) {
  // A double step that no pawn can take en passant leaves the same position
  // as the same pieces later on.
  Position pos = position("4k1n1/3p4/8/8/8/8/8/4K1N1 b - - 0 1");
  play(pos, {"d5"});
  ASSERT_FALSE(pos.has_legal_en_passant());
  play(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_EQ(pos.repetition_count(), 2);
  play(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
  EXPECT_TRUE(can_claim(pos, "threefold_repetition"));
}

TEST(ChessRules, FiftyMoveRuleClaimable) {
  Position pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  EXPECT_FALSE(can_claim(pos, "fifty_moves"));
  Expected<Move> quiet = parse_san(pos, "Ra2");
  ASSERT_TRUE(quiet.has_value());
  // 9.3.1: claimable by writing the move that completes the fifty.
  std::optional<DrawClaim> intended = draw_claim_with_move(pos, *quiet);
  ASSERT_TRUE(intended.has_value());
  EXPECT_EQ(intended->termination, "fifty_moves");
  pos.make(*quiet);
  ASSERT_TRUE(can_claim(pos, "fifty_moves"));
  EXPECT_EQ(draw_claims(pos).front().reason,
            "draw: fifty-move rule (50 moves by each side without a capture or a pawn move)");
  EXPECT_FALSE(rules_outcome(pos).over());
}

TEST(ChessRules, FiftyMoveCountRestartsAfterPawnMove) {
  Position pos = position("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
  play(pos, {"e3"});
  EXPECT_FALSE(can_claim(pos, "fifty_moves"));
}

TEST(ChessRules, SeventyFiveMovesEndTheGame) {
  Position pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
  EXPECT_FALSE(rules_outcome(pos).over());
  play(pos, {"Ra2"});
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, "seventy_five_moves");
  EXPECT_EQ(o.reason,
            "draw: seventy-five-move rule (75 moves by each side without a capture or a pawn move)");
}

TEST(ChessRules, MateOnTheSeventyFifthMoveStands) {
  Position pos = position("k7/8/1K6/8/8/8/8/7R w - - 149 100");
  play(pos, {"Rh8#"});
  EXPECT_EQ(pos.halfmove_clock(), 150);
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, "checkmate");
}

TEST(ChessRules, CheckmateEndsTheGame) {
  Position pos;
  play(pos, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"});
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, "checkmate");
  EXPECT_EQ(o.reason, "White wins: checkmate");
  Position fools;
  play(fools, {"f3", "e5", "g4", "Qh4#"});
  EXPECT_EQ(rules_outcome(fools).reason, "Black wins: checkmate");
  EXPECT_EQ(rules_outcome(fools).winner, Side::Second);
}

TEST(ChessRules, StalemateIsADraw) {
  Position pos = position("k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, "stalemate");
  EXPECT_EQ(o.reason, "draw: stalemate (Black has no legal move and is not in check)");
}

TEST(ChessRules, DeadPositionKingVsKing) {
  Position pos = position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
  play(pos, {"Kxd2"});
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.termination, "dead_position");
  EXPECT_EQ(o.reason, "draw: dead position (neither side has the pieces to checkmate)");
}

TEST(ChessRules, DeadPositionKingAndMinorVsKing) {
  EXPECT_EQ(rules_outcome(position("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")).termination, "dead_position");
  EXPECT_EQ(rules_outcome(position("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1")).termination, "dead_position");
}

TEST(ChessRules, DeadPositionBishopsOnOneColour) {
  // c8, g8 and f1 are all light squares.
  EXPECT_EQ(rules_outcome(position("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1")).termination, "dead_position");
  EXPECT_EQ(rules_outcome(position("2b1k1b1/8/8/8/8/8/8/4KB2 w - - 0 1")).termination, "dead_position");
}

TEST(ChessRules, NotDeadWithMaterialThatCanMate) {
  for (std::string_view fen : {"2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1",
                               "1n2k3/8/8/8/8/8/8/1N2K3 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"})
    EXPECT_FALSE(rules_outcome(position(fen)).over()) << fen;
}

TEST(ChessRules, RulesOutcomeAgreesWithPositionResult) {
  for (const Position& pos : testing::random_positions(3, 300, 400)) {
    Outcome o = rules_outcome(pos);
    EXPECT_EQ(o.over(), pos.result() != Result::None) << pos.fen();
  }
}

TEST(ChessRules, Resignation) {
  std::unique_ptr<qi::Game> game = make_game();
  ASSERT_TRUE(game->play("e4").has_value());
  game->resign(Side::Second);
  Outcome o = game->outcome();
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, "resignation");
  EXPECT_EQ(o.reason, "Black resigns; White wins");
  EXPECT_FALSE(game->play("e5").has_value());
  EXPECT_NE(game->record().find("1-0"), std::string::npos);
}

TEST(ChessRules, AgreedDraw) {
  std::unique_ptr<qi::Game> game = make_game();
  game->agree_draw();
  Outcome o = game->outcome();
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, "agreement");
  EXPECT_FALSE(game->play("e4").has_value());
  EXPECT_NE(game->record().find("[Result \"1/2-1/2\"]"), std::string::npos);
}

}  // namespace
}  // namespace qi::chess
