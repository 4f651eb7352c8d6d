// Takebacks between two people (app/takeback.h), as lichess plays them:
// between two screens a takeback is a proposal the opponent accepts or
// declines, shown to both in the view, withdrawn by a move or by its
// proposer, ended by the end of the game; nobody plays the other's moves
// again with redo. Against the engine, or from one page holding both seats,
// undo is at once.
#include <gtest/gtest.h>

#include "app/session.h"
#include "app/session_json.h"

namespace qi::app {
namespace {

using nlohmann::json;

std::unique_ptr<Session> people(bool rated = false, TimeControl tc = {}) {
  SessionSetup setup;
  setup.game = "chess";
  setup.rated = rated;
  setup.time_control = tc;
  auto s = Session::create("g1", std::move(setup), 0);
  EXPECT_TRUE(s) << (s ? "" : s.error().message);
  return std::move(*s);
}

void play(Session& s, std::initializer_list<const char*> moves) {
  for (const char* m : moves) ASSERT_TRUE(s.move(s.game().side_to_move(), m, 0)) << m;
}

std::string code_of(const Status& st) { return st ? "" : st.error().code; }

TEST(Takeback, BetweenTwoScreensUndoNeedsTheOpponentsConsent) {
  auto s = people();
  play(*s, {"e2e4", "e7e5"});
  const std::uint64_t version = s->version();
  EXPECT_EQ(code_of(s->undo(Side::First, SeatsHeld::One, 0)), "takeback_needs_consent");
  EXPECT_EQ(s->moves().size(), 2u) << "nothing vanished";
  EXPECT_EQ(s->version(), version);
  const json view = public_view(*s, 0);
  EXPECT_TRUE(view["undo"]["first"]["allowed"].get<bool>());
  EXPECT_TRUE(view["undo"]["first"]["needs_consent"].get<bool>());
}

TEST(Takeback, NoUndoOnTheOthersTurnWithoutConsent) {
  auto s = people();
  // White to move: Black presses Undo (its own Nc6 would go).
  play(*s, {"e2e4", "e7e5", "g1f3", "b8c6"});
  ASSERT_EQ(s->game().side_to_move(), Side::First);
  EXPECT_EQ(code_of(s->undo(Side::Second, SeatsHeld::One, 0)), "takeback_needs_consent");
  EXPECT_EQ(s->moves().size(), 4u);
}

TEST(Takeback, AnAcceptedProposalTakesBackTheProposersMoveAndBothSeeIt) {
  auto s = people();
  play(*s, {"e2e4", "e7e5", "g1f3"});
  // White proposes on Black's turn: White's last move is taken back.
  ASSERT_TRUE(s->propose_takeback(Side::First, 0));
  json view = public_view(*s, 0);
  EXPECT_EQ(view["takeback"]["proposed_by"], "first");
  EXPECT_FALSE(view["takeback"]["may_propose"]["first"].get<bool>());
  EXPECT_EQ(view["takeback"]["propose_refusal"]["second"]["code"], "takeback_proposed_to_you");
  EXPECT_EQ(s->moves().size(), 3u) << "nothing is taken back before the answer";
  EXPECT_EQ(code_of(s->answer_takeback(Side::First, true, 0)), "no_takeback_proposed") << "only the opponent";
  ASSERT_TRUE(s->answer_takeback(Side::Second, true, 0));
  EXPECT_EQ(s->moves().size(), 2u);
  EXPECT_EQ(s->game().side_to_move(), Side::First);
  view = public_view(*s, 0);
  EXPECT_TRUE(view["takeback"]["proposed_by"].is_null());
  EXPECT_EQ(view["takeback"]["answer"]["kind"], "accepted");
  EXPECT_EQ(view["takeback"]["answer"]["by"], "second");
  EXPECT_EQ(view["takeback"]["answer"]["words"]["en"], "Black accepts the takeback");
  EXPECT_EQ(view["takeback"]["answer"]["words"]["zh"], "黑方同意悔棋");
  // On one's own turn the proposal takes back the opponent's reply too.
  ASSERT_TRUE(s->propose_takeback(Side::First, 0));
  ASSERT_TRUE(s->answer_takeback(Side::Second, true, 0));
  EXPECT_TRUE(s->moves().empty());
}

TEST(Takeback, ADeclinedProposalChangesNoMoveAndIsNotMadeAgainInThatPosition) {
  auto s = people();
  play(*s, {"e2e4", "e7e5"});
  ASSERT_TRUE(s->propose_takeback(Side::Second, 0));
  ASSERT_TRUE(s->answer_takeback(Side::First, false, 0));
  EXPECT_EQ(s->moves().size(), 2u);
  EXPECT_EQ(public_view(*s, 0)["takeback"]["answer"]["kind"], "declined");
  EXPECT_EQ(code_of(s->propose_takeback(Side::Second, 0)), "takeback_declined");
  play(*s, {"g1f3"});
  EXPECT_TRUE(s->may_propose_takeback(Side::Second)) << "after the next move, again";
}

TEST(Takeback, AMoveWithdrawsTheProposal) {
  auto s = people();
  play(*s, {"e2e4", "e7e5"});
  // The proposer moves: withdrawn.
  ASSERT_TRUE(s->propose_takeback(Side::First, 0));
  play(*s, {"g1f3"});
  EXPECT_FALSE(s->takeback().proposed_by);
  EXPECT_FALSE(s->takeback().answer);
  // The opponent moves instead of answering: declined, and said.
  ASSERT_TRUE(s->propose_takeback(Side::First, 0));
  play(*s, {"b8c6"});
  EXPECT_FALSE(s->takeback().proposed_by);
  ASSERT_TRUE(s->takeback().answer);
  EXPECT_EQ(s->takeback().answer->kind, TakebackAnswer::Kind::Declined);
  EXPECT_EQ(s->takeback().answer->by, Side::Second);
  EXPECT_EQ(s->moves().size(), 4u);
  // The answer is said once: the next move clears it.
  play(*s, {"f1c4"});
  EXPECT_FALSE(s->takeback().answer);
}

TEST(Takeback, TheProposerWithdrawsIt) {
  auto s = people();
  play(*s, {"e2e4"});
  ASSERT_TRUE(s->propose_takeback(Side::First, 0));
  EXPECT_EQ(code_of(s->withdraw_takeback(Side::Second, 0)), "no_takeback_to_withdraw");
  ASSERT_TRUE(s->withdraw_takeback(Side::First, 0));
  EXPECT_FALSE(s->takeback().proposed_by);
  EXPECT_EQ(public_view(*s, 0)["takeback"]["answer"]["kind"], "withdrawn");
  EXPECT_EQ(code_of(s->answer_takeback(Side::Second, true, 0)), "no_takeback_proposed");
  EXPECT_EQ(s->moves().size(), 1u);
}

TEST(Takeback, AProposalEndsWithTheGame) {
  auto s = people(false, TimeControl::sudden_death(10'000));
  play(*s, {"e2e4", "e7e5"});
  ASSERT_TRUE(s->propose_takeback(Side::Second, 0));
  ASSERT_TRUE(s->check_flag(20'000));  // White's flag falls
  EXPECT_FALSE(s->takeback().proposed_by);
  const json view = public_view(*s, 20'000);
  EXPECT_TRUE(view["takeback"]["proposed_by"].is_null());
  EXPECT_TRUE(view["takeback"]["answer"].is_null());
  EXPECT_EQ(code_of(s->answer_takeback(Side::First, true, 20'000)), "no_takeback_proposed");
  auto resigned = people();
  play(*resigned, {"e2e4"});
  ASSERT_TRUE(resigned->propose_takeback(Side::First, 0));
  ASSERT_TRUE(resigned->resign(Side::Second, 0));
  EXPECT_FALSE(resigned->takeback().proposed_by);
  EXPECT_EQ(code_of(resigned->propose_takeback(Side::First, 0)), "game_over");
}

TEST(Takeback, NobodyPlaysTheOthersMovesAgain) {
  auto s = people();
  play(*s, {"e2e4", "e7e5"});
  // Between two screens an accepted takeback leaves nothing to redo.
  ASSERT_TRUE(s->propose_takeback(Side::Second, 0));
  ASSERT_TRUE(s->answer_takeback(Side::First, true, 0));
  EXPECT_FALSE(s->can_redo());
  EXPECT_EQ(code_of(s->redo(Side::First, SeatsHeld::One, 0)), "nothing_to_redo");
  // A page holding both seats took White's e4 back: Black's page alone may
  // not play it again.
  play(*s, {"d7d5"});
  ASSERT_TRUE(s->undo(Side::Second, SeatsHeld::Both, 0));
  ASSERT_TRUE(s->can_redo());
  EXPECT_EQ(code_of(s->redo(Side::Second, SeatsHeld::One, 0)), "redo_others_moves");
  EXPECT_EQ(code_of(s->redo(Side::First, SeatsHeld::One, 0)), "redo_others_moves");
  ASSERT_TRUE(s->redo(Side::Second, SeatsHeld::Both, 0));
  EXPECT_EQ(s->moves().size(), 2u);
}

TEST(Takeback, OnePageHoldingBothSeatsTakesBackAtOnce) {
  auto s = people();
  play(*s, {"e2e4", "e7e5"});
  ASSERT_TRUE(s->undo(Side::Second, SeatsHeld::Both, 0));
  EXPECT_EQ(s->moves().size(), 1u);
  EXPECT_FALSE(s->takeback().answer) << "no proposal, no answer";
}

TEST(Takeback, RatedGamesAllowNone) {
  auto s = people(true);
  play(*s, {"e2e4", "e7e5"});
  EXPECT_EQ(code_of(s->propose_takeback(Side::First, 0)), "undo_rated");
  EXPECT_EQ(code_of(s->undo(Side::First, SeatsHeld::Both, 0)), "undo_rated");
}

TEST(Takeback, AgainstTheEngineUndoIsAtOnceAndNeedsNoProposal) {
  SessionSetup setup;
  setup.game = "chess";
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 1;
  auto created = Session::create("g1", std::move(setup), 0);
  ASSERT_TRUE(created);
  std::unique_ptr<Session> s = std::move(*created);
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->engine_move("e7e5", 0));
  EXPECT_FALSE(s->takeback_needs_consent(Side::First));
  EXPECT_EQ(code_of(s->propose_takeback(Side::First, 0)), "takeback_not_needed");
  ASSERT_TRUE(s->undo(Side::First, SeatsHeld::One, 0));
  EXPECT_TRUE(s->moves().empty());
}

TEST(Takeback, AProposalIsSavedWithTheGame) {
  auto s = people();
  play(*s, {"e2e4", "e7e5"});
  ASSERT_TRUE(s->propose_takeback(Side::Second, 0));
  Expected<Session::Saved> saved = saved_from_json(to_json(s->save(0)));
  ASSERT_TRUE(saved) << saved.error().message;
  auto restored = Session::restore(*saved, 0);
  ASSERT_TRUE(restored) << restored.error().message;
  EXPECT_EQ((*restored)->takeback(), s->takeback());
  ASSERT_TRUE((*restored)->answer_takeback(Side::First, true, 0));
  EXPECT_EQ((*restored)->moves().size(), 1u);
  // A game saved before takebacks were kept has none.
  json old = to_json(s->save(0));
  old.erase("takeback");
  Expected<Session::Saved> before = saved_from_json(old);
  ASSERT_TRUE(before);
  EXPECT_FALSE(before->takeback.proposed_by);
}

}  // namespace
}  // namespace qi::app
