#include <gtest/gtest.h>
#include "games/chess/endings.h"

#include "app/lobby.h"
#include "app/session.h"

namespace qi::app {
namespace {

SessionSetup two_people(std::string game = "chess", TimeControl tc = {}) {
  SessionSetup s;
  s.game = std::move(game);
  s.time_control = tc;
  return s;
}

std::unique_ptr<Session> make(SessionSetup setup, std::int64_t now = 0) {
  auto s = Session::create("g1", std::move(setup), now);
  EXPECT_TRUE(s) << (s ? "" : s.error().message);
  return std::move(*s);
}

// A setup (a request) that names no game is of Qi's default game, which a
// registration says (GameRegistration::is_default).
TEST(Session, ASetupThatNamesNoGameIsOfTheDefaultGame) {
  EXPECT_EQ(SessionSetup{}.game, default_game_name());
  EXPECT_EQ(ChallengeRequest{}.game, default_game_name());
}

TEST(Session, SeatsGetDistinctSecretTokens) {
  auto s = make(two_people());
  std::string a = s->setup().seats[0].token, b = s->setup().seats[1].token;
  EXPECT_EQ(a.size(), 32u);
  EXPECT_NE(a, b);
  EXPECT_EQ(s->seat_of(a), Side::First);
  EXPECT_EQ(s->seat_of(b), Side::Second);
  EXPECT_FALSE(s->seat_of(""));
  EXPECT_FALSE(s->seat_of(a.substr(0, 31) + "x"));
}

TEST(Session, MoveOutOfTurnIsRefusedAndChangesNothing) {
  auto s = make(two_people());
  auto before = s->version();
  auto r = s->move(Side::Second, "e7e5", 0);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("not your turn"), std::string::npos);
  EXPECT_EQ(s->version(), before);
  EXPECT_TRUE(s->game().moves_played().empty());
}

TEST(Session, IllegalMoveGivesTheRuleInWords) {
  auto s = make(two_people("xiangqi"));
  SessionSetup blocked = two_people("xiangqi");
  blocked.fen = "3k5/9/9/9/9/9/9/9/1R7/1N2K4 w";  // a rook stands on the horse's leg b1
  auto t = make(blocked);
  auto refused = t->move(Side::First, "b0c2", 0);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("leg"), std::string::npos) << refused.error().message;
}

TEST(Session, UndoTakesBackOwnMoveAndTheReplyAfterIt) {
  SessionSetup setup = two_people();
  setup.seats[1].kind = SeatKind::Engine;
  setup.seats[1].level = 3;
  auto s = make(setup);
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->engine_move("e7e5", 0));
  ASSERT_TRUE(s->undo(Side::First, SeatsHeld::One, 0));
  EXPECT_TRUE(s->game().moves_played().empty());
  EXPECT_EQ(s->game().side_to_move(), Side::First);
  ASSERT_TRUE(s->can_redo());
  ASSERT_TRUE(s->redo(Side::First, SeatsHeld::One, 0));
  EXPECT_EQ(s->game().moves_played().size(), 2u);
  EXPECT_EQ(s->fens().size(), 3u);
}

TEST(Session, UndoWithNothingOfYoursIsRefused) {
  auto s = make(two_people());
  EXPECT_FALSE(s->undo(Side::First, SeatsHeld::Both, 0));
}

TEST(Session, NewMoveClearsRedo) {
  auto s = make(two_people());
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->undo(Side::First, SeatsHeld::Both, 0));
  ASSERT_TRUE(s->move(Side::First, "d2d4", 0));
  EXPECT_FALSE(s->can_redo());
}

TEST(Session, RatedGamesAllowNoUndo) {
  SessionSetup setup = two_people();
  setup.rated = true;
  auto s = make(setup);
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  EXPECT_FALSE(s->undo(Side::First, SeatsHeld::Both, 0));
}

TEST(Session, ResignationEndsTheGameAndRefusesLaterMoves) {
  auto s = make(two_people());
  ASSERT_TRUE(s->resign(Side::First, 0));
  EXPECT_EQ(s->outcome().verdict, Verdict::Win);
  EXPECT_EQ(s->outcome().winner, Side::Second);
  EXPECT_FALSE(s->move(Side::First, "e2e4", 0));
  EXPECT_FALSE(s->undo(Side::First, SeatsHeld::Both, 0));
}

TEST(Session, FlagFallLosesOnTime) {
  auto s = make(two_people("chess", TimeControl::sudden_death(10'000)));
  // Each side's clock starts with its first move.
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 0));
  ASSERT_TRUE(s->move(Side::First, "d2d4", 1'000));
  EXPECT_FALSE(s->check_flag(10'999));
  EXPECT_TRUE(s->check_flag(11'000));
  EXPECT_EQ(s->outcome().termination, Termination::Time);
  EXPECT_EQ(s->outcome().winner, Side::First);
  EXPECT_FALSE(s->move(Side::Second, "d7d5", 11'001));
}

TEST(Session, FlagFallIsADrawWhenTheOpponentCannotMate) {
  SessionSetup setup = two_people("chess", TimeControl::sudden_death(10'000));
  setup.fen = "8/8/8/4k3/8/8/3PK3/8 w - - 0 1";  // White has a pawn, Black a bare king
  auto s = make(setup);
  ASSERT_TRUE(s->move(Side::First, "d2d3", 0));
  ASSERT_TRUE(s->move(Side::Second, "e5f5", 0));
  ASSERT_TRUE(s->move(Side::First, "e2e3", 0));
  ASSERT_TRUE(s->check_flag(10'000));  // Black's flag falls: White can still mate, White wins
  EXPECT_EQ(s->outcome().verdict, Verdict::Win);

  SessionSetup bare = two_people("chess", TimeControl::sudden_death(10'000));
  bare.fen = "8/8/8/4k3/8/8/3PK3/8 b - - 0 1";
  auto t = make(bare);
  ASSERT_TRUE(t->move(Side::Second, "e5e4", 0));
  ASSERT_TRUE(t->move(Side::First, "e2f2", 0));
  ASSERT_TRUE(t->move(Side::Second, "e4e5", 0));
  ASSERT_TRUE(t->check_flag(10'000));  // White's flag falls, but Black has a bare king
  EXPECT_EQ(t->outcome().verdict, Verdict::Draw);
  EXPECT_EQ(t->outcome().termination, Termination::TimeCannotWin);
}

TEST(Session, XiangqiThreeOverrunsLose) {
  auto s = make(two_people("xiangqi", TimeControl::per_move(30'000, 3)));
  std::int64_t t = 0;
  const char* moves[] = {"h2e2", "h9g7", "b0c2", "b9c7", "a0a1", "a9a8"};
  for (int i = 0; i < 6; ++i) {
    t += i % 2 == 0 ? 31'000 : 1'000;  // Red overruns every move (the first is not timed)
    ASSERT_TRUE(s->move(i % 2 == 0 ? Side::First : Side::Second, moves[i], t)) << i;
  }
  EXPECT_FALSE(s->check_flag(t + 29'999));
  EXPECT_TRUE(s->check_flag(t + 30'000));  // the third overrun
  EXPECT_EQ(s->outcome().winner, Side::Second);
}

TEST(GameFacts, CheckIsSeenInChessAndXiangqi) {
  auto s = make(two_people());
  for (auto [side, m] : {std::pair{Side::First, "f2f3"}, {Side::Second, "e7e5"}, {Side::First, "g2g4"}})
    ASSERT_TRUE(s->move(side, m, 0));
  EXPECT_FALSE(s->game().checked_square());
  ASSERT_TRUE(s->move(Side::Second, "d8h4", 0));
  EXPECT_EQ(s->game().checked_square(), "e1");
  EXPECT_EQ(s->outcome().termination, chess::endings::Checkmate);
  // Xiangqi: the chariot checks the general along the back rank.
  SessionSetup xq = two_people("xiangqi");
  xq.fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w";
  auto x = make(xq);
  EXPECT_FALSE(x->game().checked_square());
  ASSERT_TRUE(x->move(Side::First, "a0a9", 0));
  EXPECT_EQ(x->game().checked_square(), "e9");
}

}  // namespace
}  // namespace qi::app

// Undo after the end: a casual game reopens (a child takes back the losing
// move), a rated one does not, and time that ran out cannot be given back.
namespace qi::app {
namespace {

void fools_mate(Session& s, std::int64_t now = 0) {
  for (const char* m : {"f2f3", "e7e5", "g2g4", "d8h4"}) {
    Side mover = s.game().side_to_move();
    ASSERT_TRUE(s.move(mover, m, now)) << m;
  }
  ASSERT_EQ(s.outcome().termination, chess::endings::Checkmate);
}

TEST(UndoAfterTheEnd, AnUnratedGameLostByMateReopens) {
  auto s = make(two_people());
  fools_mate(*s);
  ASSERT_TRUE(s->may_undo(Side::First));
  ASSERT_TRUE(s->undo(Side::First, SeatsHeld::Both, 0));  // White's g4 and the mate after it
  EXPECT_EQ(s->outcome().verdict, Verdict::Ongoing);
  EXPECT_EQ(s->game().moves_played().size(), 2u);
  EXPECT_TRUE(s->move(Side::First, "e2e4", 0));
}

TEST(UndoAfterTheEnd, AResignationIsTakenBackWithTheMoveAndTheClocksAreAsTheyWere) {
  auto s = make(two_people("chess", TimeControl::sudden_death(60'000)));
  ASSERT_TRUE(s->move(Side::First, "e2e4", 1'000));
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 4'000));
  ASSERT_TRUE(s->resign(Side::First, 6'000));
  const std::int64_t white = s->clock().remaining_ms(Side::First, 6'000);
  const std::int64_t black = s->clock().remaining_ms(Side::Second, 6'000);
  ASSERT_TRUE(s->undo(Side::First, SeatsHeld::Both, 500'000));  // long after: the pause is not charged
  EXPECT_EQ(s->outcome().verdict, Verdict::Ongoing);
  EXPECT_TRUE(s->game().moves_played().empty());
  EXPECT_EQ(s->clock().remaining_ms(Side::First, 500'000), white);
  EXPECT_EQ(s->clock().remaining_ms(Side::Second, 500'000), black);
}

TEST(UndoAfterTheEnd, ARatedGameStaysFinished) {
  SessionSetup setup = two_people();
  setup.rated = true;
  auto s = make(setup);
  fools_mate(*s);
  Status undo = s->undo(Side::First, SeatsHeld::Both, 0);
  ASSERT_FALSE(undo);
  EXPECT_EQ(undo.error().code, "undo_rated");
  EXPECT_EQ(s->may_undo(Side::First).error().code, "undo_rated");
  EXPECT_EQ(s->outcome().termination, chess::endings::Checkmate);
}

TEST(UndoAfterTheEnd, AGameLostOnTimeStaysFinished) {
  auto s = make(two_people("chess", TimeControl::sudden_death(10'000)));
  ASSERT_TRUE(s->move(Side::First, "e2e4", 0));
  ASSERT_TRUE(s->move(Side::Second, "e7e5", 0));
  ASSERT_TRUE(s->check_flag(10'000));
  Status undo = s->undo(Side::First, SeatsHeld::Both, 10'001);
  ASSERT_FALSE(undo);
  EXPECT_EQ(undo.error().code, "undo_after_time");
  EXPECT_EQ(s->outcome().termination, Termination::Time);
}

// A game in the app has at most kMaxGamePlies plies (the referee draws a
// game played to its bound: tests/core); moves known to have been played (a
// saved game, a redo) are replayed past it.
TEST(Session, AGameIsBoundedToTheAppsPliesAndASavedLongerOneStillComesBack) {
  auto s = make(two_people());
  EXPECT_EQ(s->referee().max_plies(), kMaxGamePlies);
  std::vector<std::string> moves;
  for (std::size_t i = 0; i <= kMaxGamePlies; ++i)
    moves.push_back(i % 4 == 0 ? "g1f3" : i % 4 == 1 ? "g8f6" : i % 4 == 2 ? "f3g1" : "f6g8");
  Session::Saved saved = s->save(0);
  saved.moves = moves;  // a game saved by a server without the bound
  auto restored = Session::restore(saved, 0);
  ASSERT_TRUE(restored) << restored.error().message;
  EXPECT_EQ((*restored)->moves().size(), kMaxGamePlies + 1);
  EXPECT_EQ((*restored)->referee().max_plies(), kMaxGamePlies);
}

}  // namespace
}  // namespace qi::app
