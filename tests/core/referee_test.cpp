// The referee (core/referee.h), one for every game: draw offers with FIDE
// 9.1.2's etiquette, claims on one's own turn, a fallen flag (a loss, or a
// draw when the opponent cannot possibly win), and no move after the end.
#include "core/referee.h"
#include "games/chess/endings.h"
#include "games/xiangqi/endings.h"

#include <gtest/gtest.h>

#include "engine/registry.h"

namespace qi {
namespace {

std::unique_ptr<Game> game(const char* name, const char* fen = nullptr, const char* variant = "") {
  auto g = make_game(name, variant);
  EXPECT_TRUE(g) << g.error().message;
  if (fen) {
    Status s = (*g)->set_fen(fen);
    EXPECT_TRUE(s) << fen << ": " << (s ? "" : s.error().message);
  }
  return std::move(*g);
}

void play(Referee& r, std::initializer_list<const char*> moves, std::int64_t now = 0) {
  for (const char* m : moves) {
    Expected<MoveText> played = r.play(m, now);
    ASSERT_TRUE(played) << m << ": " << played.error().message;
  }
}

std::string code_of(const Status& s) { return s ? "" : s.error().code; }

TEST(Referee, DrawOfferIsMadeWithTheOfferersNextMove) {
  Referee r(game("chess"));
  // Asked for on one's own turn, even before the first move: held ...
  ASSERT_TRUE(r.offer_draw(Side::First, 0));
  EXPECT_TRUE(r.offers().held[index(Side::First)]);
  EXPECT_FALSE(r.offers().pending);
  EXPECT_EQ(code_of(r.offer_draw(Side::First, 0)), "draw_offer_held");
  // ... and made with the move.
  play(r, {"e4"});
  EXPECT_EQ(r.offers().pending, Side::First);
  EXPECT_FALSE(r.offers().held[index(Side::First)]);
  EXPECT_EQ(code_of(r.offer_draw(Side::First, 0)), "draw_offer_pending");
  EXPECT_EQ(code_of(r.offer_draw(Side::Second, 0)), "draw_offered_to_you");
  // Only the opponent answers it; accepted, it ends the game by agreement.
  EXPECT_EQ(code_of(r.answer_draw(Side::First, true, 0)), "no_draw_offer");
  ASSERT_TRUE(r.answer_draw(Side::Second, true, 0));
  EXPECT_EQ(r.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(r.outcome().termination, Termination::Agreement);
  ASSERT_TRUE(r.offers().answer);
  EXPECT_TRUE(r.offers().answer->accepted);
  EXPECT_EQ(r.offers().answer->by, Side::Second);
}

TEST(Referee, DrawOfferAskedForDuringTheOpponentsTurnWaitsForTheNextMove) {
  Referee r(game("chess"));
  play(r, {"e4"});
  ASSERT_TRUE(r.offer_draw(Side::First, 0));  // Black is thinking
  EXPECT_FALSE(r.offers().pending) << "not made while the opponent thinks";
  play(r, {"e5"});
  EXPECT_FALSE(r.offers().pending);
  EXPECT_TRUE(r.offers().held[index(Side::First)]);
  play(r, {"Nf3"});
  EXPECT_EQ(r.offers().pending, Side::First);
}

TEST(Referee, DrawOfferWithTheMoveJustMade) {
  Referee r(game("chess"));
  EXPECT_EQ(code_of(r.offer_draw_with_move(Side::First, 0)), "draw_offer_after_move");
  play(r, {"e4"});
  EXPECT_EQ(code_of(r.offer_draw_with_move(Side::Second, 0)), "draw_offer_after_move");
  ASSERT_TRUE(r.offer_draw_with_move(Side::First, 0));
  EXPECT_EQ(r.offers().pending, Side::First);
}

TEST(Referee, DrawOfferAgainOnlyTenMovesAfterARefusal) {
  const std::vector<const char*> ruy = {"e4",  "e5",  "Nf3", "Nc6", "Bb5", "a6",   "Ba4",
                                        "Nf6", "O-O", "Be7", "Re1", "b5",  "Bb3",  "d6",
                                        "c3",  "O-O", "h3",  "Nb8", "d4",  "Nbd7", "Nbd2"};
  Referee r(game("chess"));
  play(r, {ruy[0]});
  ASSERT_TRUE(r.offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(r.answer_draw(Side::Second, false, 0));
  ASSERT_TRUE(r.offers().answer);
  EXPECT_FALSE(r.offers().answer->accepted);
  for (int own = 1; own <= DrawOffers::kMovesBetweenOffers; ++own) {
    EXPECT_EQ(code_of(r.may_offer_draw(Side::First)), "draw_offer_declined") << own - 1 << " moves after";
    play(r, {ruy[2 * own - 1], ruy[2 * own]});
  }
  EXPECT_TRUE(r.may_offer_draw(Side::First)) << "ten moves of its own after the refusal";
}

TEST(Referee, DrawOfferAgainAtOnceAfterTheOpponentsOffer) {
  Referee r(game("chess"));
  play(r, {"e4"});
  ASSERT_TRUE(r.offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(r.answer_draw(Side::Second, false, 0));
  play(r, {"e5"});
  ASSERT_TRUE(r.offer_draw_with_move(Side::Second, 0));
  EXPECT_TRUE(r.may_offer_draw(Side::First) || r.offers().pending == Side::Second);
  play(r, {"Nf3"});  // declines Black's offer by moving
  EXPECT_TRUE(r.may_offer_draw(Side::First));
  EXPECT_EQ(code_of(r.may_offer_draw(Side::Second)), "draw_offer_declined");
}

TEST(Referee, MovingDeclinesAnOffer) {
  Referee r(game("xiangqi"));
  play(r, {"h2e2"});
  ASSERT_TRUE(r.offer_draw_with_move(Side::First, 0));
  play(r, {"h9g7"});  // Black moves instead of answering
  EXPECT_FALSE(r.offers().pending);
  ASSERT_TRUE(r.offers().answer);
  EXPECT_EQ(r.offers().answer->by, Side::Second);
  EXPECT_FALSE(r.offers().answer->accepted);
  EXPECT_EQ(code_of(r.answer_draw(Side::Second, true, 0)), "no_draw_offer");
  EXPECT_FALSE(r.over());
  play(r, {"h0g2"});
  EXPECT_EQ(code_of(r.offer_draw(Side::First, 0)), "draw_offer_declined");
}

TEST(Referee, DrawOfferEndsWithTheGame) {
  Referee r(game("chess"));
  play(r, {"f3", "e5", "g4"});
  ASSERT_TRUE(r.offer_draw(Side::Second, 0));
  play(r, {"Qh4#"});
  EXPECT_TRUE(r.over());
  EXPECT_FALSE(r.offers().pending) << "no offer is made with a move that ends the game";
  EXPECT_FALSE(r.offers().held[index(Side::Second)]);
}

TEST(Referee, ClockWaitsForEachSidesFirstMove) {
  Referee r(game("chess"), TimeControl::sudden_death(60'000));
  r.set_clock_waits_for_first_moves(true);
  r.start_clock(0);
  EXPECT_FALSE(r.clock_started());
  EXPECT_EQ(r.clock().remaining_ms(Side::First, 30'000), 60'000) << "White's time waits for its first move";
  play(r, {"e4"}, 30'000);
  EXPECT_EQ(r.clock().remaining_ms(Side::Second, 50'000), 60'000) << "so does Black's";
  play(r, {"e5"}, 50'000);
  EXPECT_TRUE(r.clock_started());
  EXPECT_EQ(r.clock().remaining_ms(Side::First, 55'000), 55'000) << "from the second ply on, time runs";
  EXPECT_EQ(r.clock().remaining_ms(Side::Second, 55'000), 60'000);
}

TEST(Referee, ClaimIsMadeOnOwnTurn) {
  // Chess: the third occurrence of the start position, White to move.
  Referee chess(game("chess"));
  EXPECT_EQ(code_of(chess.claim_draw(Side::First, 0)), "draw_claim_unavailable");
  for (int i = 0; i < 2; ++i) play(chess, {"Nf3", "Nf6", "Ng1", "Ng8"});
  ASSERT_EQ(chess.draw_claims().size(), 1u);
  EXPECT_EQ(code_of(chess.claim_draw(Side::Second, 0)), "claim_own_turn");
  EXPECT_FALSE(chess.over()) << "a claim, not an automatic draw";
  ASSERT_TRUE(chess.claim_draw(Side::First, 0));
  EXPECT_EQ(chess.outcome().termination, chess::endings::ThreefoldRepetition);
  EXPECT_TRUE(chess.draw_claims().empty());

  // Fifty moves.
  Referee fifty(game("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
  play(fifty, {"Ra2"});
  EXPECT_EQ(code_of(fifty.claim_draw(Side::First, 0)), "claim_own_turn");
  ASSERT_TRUE(fifty.claim_draw(Side::Second, 0));
  EXPECT_EQ(fifty.outcome().termination, chess::endings::FiftyMoves);

  // Xiangqi: an idle repetition, once its cycle is judged.
  Referee xiangqi(game("xiangqi", "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1"));
  while (xiangqi.draw_claims().empty()) {
    ASSERT_LT(xiangqi.game().moves_played().size(), 100u) << "no claim ever came";
    play(xiangqi, {"e0e1", "d9d8", "e1e0", "d8d9"});
  }
  EXPECT_FALSE(xiangqi.over());
  EXPECT_EQ(code_of(xiangqi.claim_draw(Side::Second, 0)), "claim_own_turn");
  ASSERT_TRUE(xiangqi.claim_draw(Side::First, 0));
  EXPECT_EQ(xiangqi.outcome().termination, xiangqi::endings::RepetitionDraw);
}

// The side to move lets its flag fall; `now` is past its time.
Outcome flag_of_side_to_move(std::unique_ptr<Game> g, TimeControl tc, std::int64_t now) {
  Referee r(std::move(g), tc);
  r.start_clock(0);
  EXPECT_TRUE(r.check_flag(now));
  EXPECT_FALSE(r.check_flag(now + 1)) << "the flag falls once";
  return r.outcome();
}

TEST(Referee, FlagLosesUnlessTheOpponentCannotWin) {
  const TimeControl minute = TimeControl::sudden_death(60'000);
  // Not before the time is up.
  Referee early(game("chess"), minute);
  early.start_clock(0);
  EXPECT_FALSE(early.check_flag(59'999));
  EXPECT_FALSE(early.over());

  // The opponent can still win: a loss on time, in every game.
  struct Case {
    const char* game;
    const char* fen;
    const char* variant;
  };
  for (const Case& c : {Case{"chess", nullptr, ""}, Case{"xiangqi", nullptr, ""},
                        Case{"checkers", nullptr, "english"}, Case{"tictactoe", nullptr, ""}}) {
    std::unique_ptr<Game> g = game(c.game, c.fen, c.variant);
    const Side flagged = g->side_to_move();
    Outcome o = flag_of_side_to_move(std::move(g), minute, 60'000);
    EXPECT_EQ(o.verdict, Verdict::Win) << c.game;
    EXPECT_EQ(o.winner, ~flagged) << c.game;
    EXPECT_EQ(o.termination, Termination::Time) << c.game;
  }

  // The opponent cannot: a draw. Xiangqi: Black has no chariot, horse,
  // cannon or soldier.
  Outcome xq = flag_of_side_to_move(game("xiangqi", "3k5/4a4/9/9/9/9/9/9/9/R3K4 w - - 0 1"), minute, 60'000);
  EXPECT_EQ(xq.verdict, Verdict::Draw);
  EXPECT_EQ(xq.termination, Termination::TimeCannotWin);
  EXPECT_EQ(xq.side, Side::First);
  // Draughts has no such case: a side with a piece may yet win (the other's
  // may all be blocked), and every position gives each side one.
  // Tic-tac-toe: every line holds a mark of X's, so O cannot make three.
  Outcome tt = flag_of_side_to_move(game("tictactoe", "xox/ox./oxo x"), minute, 60'000);
  EXPECT_EQ(tt.termination, Termination::TimeCannotWin);

  // Per move (xiangqi's 30 s): the overruns lose.
  Outcome overruns = flag_of_side_to_move(game("xiangqi"), TimeControl::per_move(30'000, 3), 90'000);
  EXPECT_EQ(overruns.termination, Termination::Overruns);
  EXPECT_EQ(overruns.winner, Side::Second);
  EXPECT_EQ(overruns.n, 3);
  EXPECT_EQ(game("xiangqi")->describe(overruns), "Red overran the time for a move 3 times; Black wins");
}

TEST(Referee, FlagAgainstABareKingIsADraw) {
  const TimeControl minute = TimeControl::sudden_death(60'000);
  // White has a queen, Black a bare king: Black's flag loses, White's draws.
  Outcome black_flag = flag_of_side_to_move(game("chess", "4k3/8/8/8/8/8/8/3QK3 b - - 0 1"), minute, 60'000);
  EXPECT_EQ(black_flag.termination, Termination::Time);
  EXPECT_EQ(black_flag.winner, Side::First);
  Outcome white_flag = flag_of_side_to_move(game("chess", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1"), minute, 60'000);
  EXPECT_EQ(white_flag.verdict, Verdict::Draw);
  EXPECT_EQ(white_flag.termination, Termination::TimeCannotWin);
  EXPECT_EQ(game("chess")->describe(white_flag),
            "White ran out of time, but Black cannot possibly win: draw");
  // Whatever White has (so long as the position is not dead already), a
  // bare king cannot mate it.
  for (const char* fen : {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/2BNK3 w - - 0 1"})
    EXPECT_EQ(flag_of_side_to_move(game("chess", fen), minute, 60'000).termination,
              Termination::TimeCannotWin)
        << fen;
  // Anything more than a bare king could mate, by some series of legal moves
  // (a helpmate): a lone knight or bishop against White's queen, a pawn.
  for (const char* fen : {"4k3/8/8/8/8/8/8/1n1QK3 w - - 0 1", "4k3/8/8/8/8/8/8/1b1QK3 w - - 0 1",
                          "4k3/8/8/8/8/8/p7/3QK3 w - - 0 1"})
    EXPECT_EQ(flag_of_side_to_move(game("chess", fen), minute, 60'000).termination, Termination::Time) << fen;
}

TEST(Referee, NoMoveAfterTheEnd) {
  auto expect_closed = [](Referee& r, const char* move) {
    ASSERT_TRUE(r.over());
    EXPECT_TRUE(r.legal_moves().empty());
    EXPECT_TRUE(r.draw_claims().empty());
    Expected<MoveText> played = r.play(move, 0);
    ASSERT_FALSE(played);
    EXPECT_EQ(played.error().code, "game_over");
    EXPECT_EQ(played.error().message, "the game is over: " + r.game().describe(r.outcome()));
    EXPECT_EQ(code_of(r.resign(r.game().side_to_move(), 0)), "game_over");
    EXPECT_EQ(code_of(r.offer_draw(~r.game().side_to_move(), 0)), "game_over");
    EXPECT_EQ(code_of(r.claim_draw(r.game().side_to_move(), 0)), "game_over");
  };
  // Mate.
  Referee mate(game("chess"));
  play(mate, {"f3", "e5", "g4", "Qh4#"});
  EXPECT_EQ(mate.outcome().termination, chess::endings::Checkmate);
  expect_closed(mate, "e2e4");
  // A dead position: the kings could still move, but the game is over.
  Referee dead(game("chess", "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1"));
  play(dead, {"Kxd2"});
  expect_closed(dead, "e8e7");
  // Resignation.
  Referee resigned(game("checkers", nullptr, "english"));
  ASSERT_TRUE(resigned.resign(Side::First, 0));
  expect_closed(resigned, "11-15");
  // Agreement.
  Referee agreed(game("tictactoe"));
  play(agreed, {"b2"});
  ASSERT_TRUE(agreed.offer_draw_with_move(Side::First, 0));
  ASSERT_TRUE(agreed.answer_draw(Side::Second, true, 0));
  expect_closed(agreed, "a1");
  // A claim.
  Referee claimed(game("chess"));
  for (int i = 0; i < 2; ++i) play(claimed, {"Nf3", "Nf6", "Ng1", "Ng8"});
  ASSERT_TRUE(claimed.claim_draw(Side::First, 0));
  expect_closed(claimed, "e2e4");
  // Time: the flag is judged before the move.
  Referee timed(game("xiangqi"), TimeControl::sudden_death(10'000));
  timed.start_clock(0);
  Expected<MoveText> late = timed.play("h2e2", 10'000);
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().code, "game_over");
  EXPECT_EQ(timed.outcome().termination, Termination::Time);
  expect_closed(timed, "h2e2");
}

TEST(Referee, TakeBackReopensTheGameAndItsClock) {
  Referee r(game("chess"), TimeControl::sudden_death(60'000));
  r.start_clock(0);
  play(r, {"f3"}, 1'000);
  play(r, {"e5"}, 3'000);
  play(r, {"g4"}, 4'000);
  play(r, {"Qh4#"}, 10'000);
  ASSERT_TRUE(r.over());
  EXPECT_FALSE(r.clock().running()) << "the clocks stop at the end";
  const std::int64_t black = r.clock().remaining_ms(Side::Second, 10'000);
  ASSERT_TRUE(r.take_back(1, 50'000));
  EXPECT_FALSE(r.over());
  EXPECT_EQ(r.game().side_to_move(), Side::Second);
  EXPECT_EQ(r.clock().running(), Side::Second);
  EXPECT_EQ(r.clock().remaining_ms(Side::Second, 50'000), black) << "the pause is not charged";
  EXPECT_FALSE(r.take_back(10, 50'000)) << "there are not so many moves";
}

// A referee with a bound on plies (the app's: what one game costs) draws a
// live game that reaches it by adjudication, and refuses a record's move
// past it; moves replayed (a saved game) are not refused.
TEST(Referee, ALiveGameThatReachesItsPlyBoundIsDrawnByAdjudication) {
  Referee r(game("chess"));
  r.set_max_plies(4);
  play(r, {"e4", "e5", "Nf3"});
  EXPECT_FALSE(r.over());
  play(r, {"Nc6"});
  ASSERT_TRUE(r.over());
  EXPECT_EQ(r.outcome().verdict, Verdict::Draw);
  EXPECT_EQ(r.outcome().termination, Termination::MaxMoves);
  EXPECT_EQ(r.outcome().n, 2);
  EXPECT_EQ(code_of(r.play("Bb5", 0).error()), "game_over");
}

TEST(Referee, ARecordsMovePastThePlyBoundIsRefusedAndReplayIsNot) {
  Referee record(game("chess"), TimeControl{}, 0, Referee::Mode::Record);
  record.set_max_plies(2);
  play(record, {"e4", "e5"});
  Expected<MoveText> past = record.play("Nf3", 0);
  ASSERT_FALSE(past);
  EXPECT_EQ(past.error().code, "game_too_long");
  EXPECT_NE(past.error().message.find("2 plies"), std::string::npos) << past.error().message;
  EXPECT_EQ(record.plies(), 2u);

  Referee saved(game("chess"));
  saved.set_max_plies(2);
  for (const char* m : {"e4", "e5", "Nf3"}) EXPECT_TRUE(saved.replay(m)) << m;
}

}  // namespace
}  // namespace qi
