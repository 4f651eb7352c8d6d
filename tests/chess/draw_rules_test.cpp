// How a game ends and which draws may be claimed (FIDE Laws, articles 5 and
// 9), as the game reports them: termination names, reasons, claims.
#include "games/chess/draw_rules.h"
#include "games/chess/endings.h"

#include <gtest/gtest.h>

#include "core/record.h"
#include "core/referee.h"
#include "games/chess/chess_game.h"
#include "notation_test_util.h"

namespace qi::chess {
namespace {

using testing::play;
using testing::position;

bool can_claim(const Position& pos, Termination termination) {
  for (const Outcome& c : draw_claims(pos))
    if (c.termination == termination) return true;
  return false;
}

// An ending in words, with chess's side names.
std::string told(const Outcome& o) { return make_game()->describe(o); }

std::string record(const Referee& referee) { return write_record(record_of(referee), referee.game()); }

// Knights out and back: the start position again after every four plies.
void knight_dance(Position& pos, int times) {
  for (int i = 0; i < times; ++i) play(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
}

TEST(ChessRules, ThreefoldRepetitionClaimable) {
  Position pos;
  knight_dance(pos, 1);
  play(pos, {"Nf3", "Nf6", "Ng1"});
  EXPECT_FALSE(can_claim(pos, chess::endings::ThreefoldRepetition));  // the start position stood twice
  play(pos, {"Ng8"});
  EXPECT_EQ(pos.repetition_count(), 3);
  ASSERT_TRUE(can_claim(pos, chess::endings::ThreefoldRepetition));
  EXPECT_EQ(told(draw_claims(pos).front()),
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
  std::optional<Outcome> claim = draw_claim_with_move(pos, *ng8);
  ASSERT_TRUE(claim.has_value());
  EXPECT_EQ(claim->termination, chess::endings::ThreefoldRepetition);
  Expected<Move> nc6 = parse_san(pos, "Nc6");
  ASSERT_TRUE(nc6.has_value());
  EXPECT_FALSE(draw_claim_with_move(pos, *nc6).has_value());
}

// The claim is made to the referee (core/referee.h), on the claimant's turn.
TEST(ChessRules, ThreefoldClaimThroughTheGame) {
  Referee referee(make_game());
  for (int i = 0; i < 2; ++i)
    for (const char* m : {"Nf3", "Nf6", "Ng1", "Ng8"}) ASSERT_TRUE(referee.play(m, 0).has_value());
  EXPECT_FALSE(referee.claim_draw(Side::Second, 0).has_value());  // not Black's turn
  ASSERT_TRUE(referee.claim_draw(Side::First, 0).has_value());
  Outcome o = referee.outcome();
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, chess::endings::ThreefoldRepetition);
  EXPECT_FALSE(referee.play("e4", 0).has_value());
  ASSERT_TRUE(referee.take_back(1, 0).has_value());  // takes back the claim and the last move
  EXPECT_FALSE(referee.outcome().over());
  Status again = referee.claim_draw(Side::Second, 0);
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error().code, "draw_claim_unavailable");
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
  EXPECT_EQ(o.termination, chess::endings::FivefoldRepetition);
  EXPECT_EQ(told(o), "draw: fivefold repetition (the same position has appeared five times)");
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
  EXPECT_FALSE(can_claim(pos, chess::endings::ThreefoldRepetition));
  rook_dance();
  EXPECT_TRUE(can_claim(pos, chess::endings::ThreefoldRepetition));
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
  EXPECT_FALSE(can_claim(pos, chess::endings::ThreefoldRepetition));
  dance();
  EXPECT_TRUE(can_claim(pos, chess::endings::ThreefoldRepetition));
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
  EXPECT_TRUE(can_claim(pos, chess::endings::ThreefoldRepetition));
}

TEST(ChessRules, FiftyMoveRuleClaimable) {
  Position pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
  EXPECT_FALSE(can_claim(pos, chess::endings::FiftyMoves));
  Expected<Move> quiet = parse_san(pos, "Ra2");
  ASSERT_TRUE(quiet.has_value());
  // 9.3.1: claimable by writing the move that completes the fifty.
  std::optional<Outcome> intended = draw_claim_with_move(pos, *quiet);
  ASSERT_TRUE(intended.has_value());
  EXPECT_EQ(intended->termination, chess::endings::FiftyMoves);
  pos.make(*quiet);
  ASSERT_TRUE(can_claim(pos, chess::endings::FiftyMoves));
  EXPECT_EQ(told(draw_claims(pos).front()),
            "draw: fifty-move rule (50 moves by each side without a capture or a pawn move)");
  EXPECT_FALSE(rules_outcome(pos).over());
}

TEST(ChessRules, FiftyMoveCountRestartsAfterPawnMove) {
  Position pos = position("4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80");
  play(pos, {"e3"});
  EXPECT_FALSE(can_claim(pos, chess::endings::FiftyMoves));
}

TEST(ChessRules, SeventyFiveMovesEndTheGame) {
  Position pos = position("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
  EXPECT_FALSE(rules_outcome(pos).over());
  play(pos, {"Ra2"});
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, chess::endings::SeventyFiveMoves);
  EXPECT_EQ(told(o), "draw: seventy-five-move rule (75 moves by each side without a capture or a pawn move)");
}

TEST(ChessRules, MateOnTheSeventyFifthMoveStands) {
  Position pos = position("k7/8/1K6/8/8/8/8/7R w - - 149 100");
  play(pos, {"Rh8#"});
  EXPECT_EQ(pos.halfmove_clock(), 150);
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, chess::endings::Checkmate);
}

TEST(ChessRules, CheckmateEndsTheGame) {
  Position pos;
  play(pos, {"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"});
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, chess::endings::Checkmate);
  EXPECT_EQ(told(o), "White wins: checkmate");
  Position fools;
  play(fools, {"f3", "e5", "g4", "Qh4#"});
  EXPECT_EQ(told(rules_outcome(fools)), "Black wins: checkmate");
  EXPECT_EQ(rules_outcome(fools).winner, Side::Second);
}

TEST(ChessRules, StalemateIsADraw) {
  Position pos = position("k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, chess::endings::Stalemate);
  EXPECT_EQ(told(o), "draw: stalemate (Black has no legal move and is not in check)");
}

TEST(ChessRules, DeadPositionKingVsKing) {
  Position pos = position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1");
  play(pos, {"Kxd2"});
  Outcome o = rules_outcome(pos);
  EXPECT_EQ(o.termination, chess::endings::DeadPosition);
  EXPECT_EQ(told(o), "draw: dead position (neither side has the pieces to checkmate)");
}

TEST(ChessRules, DeadPositionKingAndMinorVsKing) {
  EXPECT_EQ(rules_outcome(position("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1")).termination,
            chess::endings::DeadPosition);
  EXPECT_EQ(rules_outcome(position("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1")).termination,
            chess::endings::DeadPosition);
}

TEST(ChessRules, DeadPositionBishopsOnOneColour) {
  // c8, g8 and f1 are all light squares.
  EXPECT_EQ(rules_outcome(position("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1")).termination,
            chess::endings::DeadPosition);
  EXPECT_EQ(rules_outcome(position("2b1k1b1/8/8/8/8/8/8/4KB2 w - - 0 1")).termination,
            chess::endings::DeadPosition);
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

// Resignation and agreement are the referee's (core/referee.h).
TEST(ChessRules, Resignation) {
  Referee referee(make_game());
  ASSERT_TRUE(referee.play("e4", 0).has_value());
  ASSERT_TRUE(referee.resign(Side::Second, 0).has_value());
  Outcome o = referee.outcome();
  EXPECT_EQ(o.verdict, Verdict::Win);
  EXPECT_EQ(o.winner, Side::First);
  EXPECT_EQ(o.termination, Termination::Resignation);
  EXPECT_EQ(told(o), "Black resigns; White wins");
  EXPECT_FALSE(referee.play("e5", 0).has_value());
  EXPECT_NE(record(referee).find("1-0"), std::string::npos);
}

TEST(ChessRules, AgreedDraw) {
  Referee referee(make_game());
  ASSERT_TRUE(referee.play("e4", 0).has_value());
  ASSERT_TRUE(referee.offer_draw_with_move(Side::First, 0).has_value());
  ASSERT_TRUE(referee.answer_draw(Side::Second, true, 0).has_value());
  Outcome o = referee.outcome();
  EXPECT_EQ(o.verdict, Verdict::Draw);
  EXPECT_EQ(o.termination, Termination::Agreement);
  EXPECT_FALSE(referee.play("e5", 0).has_value());
  EXPECT_NE(record(referee).find("[Result \"1/2-1/2\"]"), std::string::npos);
}

}  // namespace
}  // namespace qi::chess
