// Each tie-break against a hand computation on a small Swiss crosstable with
// unplayed rounds, the direct encounter's cases, and the organiser's order.
#include <gtest/gtest.h>

#include "competition/standings.h"
#include "competition/tie_breaks.h"
#include "games.h"

namespace qi::competition {
namespace {

using test::drawn;
using test::first_wins;
using test::second_wins;

enum : int { A, B, C, D, E, F };

// Six players, four rounds, 1 / ½ / 0 (the first named moves first):
//
//   round 1   A-B 1-0      C-D ½-½      E pairing bye (a win)   F not yet entered
//   round 2   B-C 1-0      D-A 0-1      E-F forfeit: F did not come
//   round 3   A-E ½-½      F-B 0-1      C half-point bye        D withdrawn
//   round 4   C-A 0-1      B-E ½-½      F pairing bye           D withdrawn
//
//   player  rating  R1        R2         R3        R4        score
//   A       2000    +B w 1    +D b 1     =E w ½    +C b 1    3½
//   B       1900    -A b 0    +C w 1     +F b 1    =E w ½    2½
//   C       1800    =D w ½    -B b 0     HPB ½     -A w 0    1
//   D       1700    =C b ½    -A w 0     ZPB 0     ZPB 0     ½
//   E       1600    PAB 1     +F fft 1   =A b ½    =B b ½    3
//   F       unrated ZPB 0     -E fft 0   -B w 0    PAB 1     1
//
// Voluntary unplayed rounds (16.2.5): C's R3, D's R3 and R4, F's R1 and R2.
// Scores as opponents see them (16.3): D withdrew after R2, so its R3 and R4
// count as draws: ½ + 0 + ½ + ½ = 1½; the others keep their scores (C's and
// F's unplayed rounds come before a later round they took part in).
Crosstable swiss() {
  Crosstable t(6, 4);
  t.set_rating(A, 2000), t.set_rating(B, 1900), t.set_rating(C, 1800);
  t.set_rating(D, 1700), t.set_rating(E, 1600);
  t.add_game(0, first_wins(A, B));
  t.add_game(0, drawn(C, D));
  t.add_bye(0, E, RoundKind::PairingBye);
  t.add_bye(0, F, RoundKind::ZeroPointBye);
  t.add_game(1, first_wins(B, C));
  t.add_game(1, second_wins(D, A));
  t.add_forfeit(1, E, F);
  t.add_game(2, drawn(A, E));
  t.add_game(2, second_wins(F, B));
  t.add_bye(2, C, RoundKind::HalfPointBye);
  t.add_bye(2, D, RoundKind::ZeroPointBye);
  t.add_game(3, second_wins(C, A));
  t.add_game(3, drawn(B, E));
  t.add_bye(3, F, RoundKind::PairingBye);
  t.add_bye(3, D, RoundKind::ZeroPointBye);
  return t;
}

TEST(Crosstable, ScoresCountByesAndForfeits) {
  const Crosstable t = swiss();
  EXPECT_EQ(score(t, Scoring::Fide, A), 3.5);
  EXPECT_EQ(score(t, Scoring::Fide, B), 2.5);
  EXPECT_EQ(score(t, Scoring::Fide, C), 1.0);
  EXPECT_EQ(score(t, Scoring::Fide, D), 0.5);
  EXPECT_EQ(score(t, Scoring::Fide, E), 3.0);
  EXPECT_EQ(score(t, Scoring::Fide, F), 1.0);
  EXPECT_EQ(score(t, Scoring::Fide, A, 2), 2.0);  // after round 2
}

TEST(Crosstable, ForfeitsUnderTwoOneZeroScoreTwoForTheWinner) {
  // The xiangqi document: "弃权: 0 for the absent player, 2 for the winner".
  const Crosstable t = swiss();
  EXPECT_EQ(points(Scoring::TwoOneZero, t.at(E, 1).score), 2.0);
  EXPECT_EQ(points(Scoring::TwoOneZero, t.at(F, 1).score), 0.0);
  // E: PAB 2 + forfeit 2 + two draws 1 + 1.
  EXPECT_EQ(score(t, Scoring::TwoOneZero, E), 6.0);
  EXPECT_EQ(score(t, Scoring::Group, E), 3 + 3 + 1 + 1);
}

TEST(Crosstable, APairingByeCanBeWorthADraw) {
  Crosstable t(3, 1);
  t.set_pairing_bye_score(0.5);
  t.add_game(0, first_wins(A, B));
  t.add_bye(0, C, RoundKind::PairingBye);
  EXPECT_EQ(score(t, Scoring::Fide, C), 0.5);
  EXPECT_EQ(number_of_wins(t, C), 0);
}

TEST(TieBreakAdjustedScore, AWithdrawnPlayersLaterRoundsCountAsDraws) {
  const Crosstable t = swiss();
  EXPECT_EQ(adjusted_score(t, Scoring::Fide, D), 1.5);  // ½ + 0 + ½ + ½
  EXPECT_EQ(adjusted_score(t, Scoring::Fide, C), 1.0);  // its bye came before round 4
  EXPECT_EQ(adjusted_score(t, Scoring::Fide, F), 1.0);
  EXPECT_EQ(adjusted_score(t, Scoring::Fide, E), 3.0);  // a PAB and a forfeit win are not voluntary
}

TEST(TieBreakBuchholz, OpponentsScoresWithADummyForUnplayedRounds) {
  // Per round: a played game adds the opponent's adjusted score; an unplayed
  // round (bye, forfeit) the player's own score (16.4).
  //   A: B 2½ + D 1½ + E 3 + C 1                          = 8
  //   B: A 3½ + C 1 + F 1 + E 3                           = 8½
  //   C: D 1½ + B 2½ + own 1 (HPB) + A 3½                 = 8½
  //   D: C 1 + A 3½ + own ½ + own ½                       = 5½
  //   E: own 3 (PAB) + own 3 (forfeit win) + A 3½ + B 2½  = 12
  //   F: own 1 + own 1 + B 2½ + own 1 (PAB)               = 5½
  const Crosstable t = swiss();
  EXPECT_EQ(buchholz(t, Scoring::Fide, A), 8.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, B), 8.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, C), 8.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, D), 5.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, E), 12.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, F), 5.5);
}

TEST(TieBreakBuchholz, CutOneAndMedianOneCutVoluntaryUnplayedRoundsFirst) {
  //   A Cut-1: 8 - 1 (C) = 7;  Median-1: 8 - 1 - 3 (E) = 4
  //   B Cut-1: 8½ - 1 = 7½;  Median-1: 8½ - 1 - 3½ = 4
  //   C Cut-1: 8½ - 1 (its half-point bye, voluntary) = 7½; Median-1: 7½ - 3½ = 4
  //   E Cut-1: 12 - 2½ = 9½; Median-1: 9½ - 3½ = 6
  //   F Cut-1: 5½ - 1 (R1's zero-point bye, voluntary) = 4½
  //   D Cut-1: 5½ - ½ (a withdrawn round, voluntary) = 5
  const Crosstable t = swiss();
  EXPECT_EQ(buchholz(t, Scoring::Fide, A, 1, 0), 7.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, A, 1, 1), 4.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, B, 1, 0), 7.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, B, 1, 1), 4.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, C, 1, 0), 7.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, C, 1, 1), 4.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, E, 1, 0), 9.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, E, 1, 1), 6.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, F, 1, 0), 4.5);
  EXPECT_EQ(buchholz(t, Scoring::Fide, D, 1, 0), 5.0);
}

TEST(TieBreakBuchholz, AVoluntaryRoundIsCutBeforeALowerPlayedOne) {
  // X: a half-point bye in round 1, a loss to Y in round 2, a win over Z in
  // round 3; X scores 1½.
  //   Y plays only round 2 (a win): its round 1 stays 0, its round 3 comes
  //   after its last game, so it counts as a draw: Y's adjusted score is 1½.
  //   Z plays only round 3 (a loss): adjusted 0.
  // X's values: the bye 1½ (own score, voluntary), Y 1½, Z 0: Buchholz 3;
  // Cut-1 drops the voluntary bye, not Z's 0: 1½.
  enum : int { X, Y, Z };
  Crosstable t(3, 3);
  t.add_bye(0, X, RoundKind::HalfPointBye);
  t.add_game(1, second_wins(X, Y));
  t.add_game(2, first_wins(X, Z));
  EXPECT_EQ(score(t, Scoring::Fide, X), 1.5);
  EXPECT_EQ(adjusted_score(t, Scoring::Fide, Y), 1.5);
  EXPECT_EQ(adjusted_score(t, Scoring::Fide, Z), 0.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, X), 3.0);
  EXPECT_EQ(buchholz(t, Scoring::Fide, X, 1, 0), 1.5);
}

TEST(TieBreakBuchholz, CountsInTheTournamentsScoring) {
  // Under 3 / 1 / 0, A's opponents' adjusted scores:
  //   B: 0 + 3 + 3 + 1 = 7;  D: 1 + 0 + 1 + 1 (withdrawn rounds as draws) = 3
  //   E: 3 (PAB) + 3 (forfeit) + 1 + 1 = 8;  C: 1 + 0 + 1 (HPB) + 0 = 2
  //   Buchholz 7 + 3 + 8 + 2 = 20.
  const Crosstable t = swiss();
  EXPECT_EQ(adjusted_score(t, Scoring::Group, D), 3.0);
  EXPECT_EQ(buchholz(t, Scoring::Group, A), 20.0);
}

TEST(TieBreakSonnebornBerger, OpponentsScoresTimesPointsScoredAgainstThem) {
  //   A: B 2½×1 + D 1½×1 + E 3×½ + C 1×1                 = 6½
  //   B: A 3½×0 + C 1×1 + F 1×1 + E 3×½                   = 3½
  //   C: D 1½×½ + B 2½×0 + own 1×½ (HPB) + A 3½×0         = 1¼
  //   D: C 1×½ + A 3½×0 + own ½×0 + own ½×0               = ½
  //   E: own 3×1 (PAB) + own 3×1 (forfeit) + A 3½×½ + B 2½×½ = 9
  //   F: own 1×0 + own 1×0 + B 2½×0 + own 1×1 (PAB)       = 1
  const Crosstable t = swiss();
  EXPECT_EQ(sonneborn_berger(t, Scoring::Fide, A), 6.5);
  EXPECT_EQ(sonneborn_berger(t, Scoring::Fide, B), 3.5);
  EXPECT_EQ(sonneborn_berger(t, Scoring::Fide, C), 1.25);
  EXPECT_EQ(sonneborn_berger(t, Scoring::Fide, D), 0.5);
  EXPECT_EQ(sonneborn_berger(t, Scoring::Fide, E), 9.0);
  EXPECT_EQ(sonneborn_berger(t, Scoring::Fide, F), 1.0);
}

TEST(TieBreakProgressive, TheSumOfTheScoresAfterEachRound) {
  //   A: 1 + 2 + 2½ + 3½ = 9      B: 0 + 1 + 2 + 2½ = 5½
  //   C: ½ + ½ + 1 + 1 = 3         D: ½ + ½ + ½ + ½ = 2
  //   E: 1 + 2 + 2½ + 3 = 8½       F: 0 + 0 + 0 + 1 = 1
  const Crosstable t = swiss();
  EXPECT_EQ(progressive_score(t, Scoring::Fide, A), 9.0);
  EXPECT_EQ(progressive_score(t, Scoring::Fide, B), 5.5);
  EXPECT_EQ(progressive_score(t, Scoring::Fide, C), 3.0);
  EXPECT_EQ(progressive_score(t, Scoring::Fide, D), 2.0);
  EXPECT_EQ(progressive_score(t, Scoring::Fide, E), 8.5);
  EXPECT_EQ(progressive_score(t, Scoring::Fide, F), 1.0);
}

TEST(TieBreakWins, WinsCountUnplayedOnesAndGamesWonDoNot) {
  // WIN (7.1): A 3, B 2, C 0, D 0, E 2 (PAB, forfeit), F 1 (PAB).
  // WON (7.2): over the board only: A 3, B 2, the others 0.
  const Crosstable t = swiss();
  EXPECT_EQ(number_of_wins(t, A), 3);
  EXPECT_EQ(number_of_wins(t, B), 2);
  EXPECT_EQ(number_of_wins(t, C), 0);
  EXPECT_EQ(number_of_wins(t, E), 2);
  EXPECT_EQ(number_of_wins(t, F), 1);
  EXPECT_EQ(games_won(t, A), 3);
  EXPECT_EQ(games_won(t, B), 2);
  EXPECT_EQ(games_won(t, E), 0);
  EXPECT_EQ(games_won(t, F), 0);
}

TEST(TieBreakNetGames, WinsMinusLossesWithForfeitsWithoutByes) {
  //   A: +B +D =E +C  -> 3     B: -A +C +F =E -> 1
  //   C: =D -B -A     -> -2    D: =C -A       -> -1
  //   E: +F(fft) =A =B -> 1    F: -E(fft) -B  -> -2
  const Crosstable t = swiss();
  EXPECT_EQ(net_games(t, A), 3);
  EXPECT_EQ(net_games(t, B), 1);
  EXPECT_EQ(net_games(t, C), -2);
  EXPECT_EQ(net_games(t, D), -1);
  EXPECT_EQ(net_games(t, E), 1);
  EXPECT_EQ(net_games(t, F), -2);
}

TEST(TieBreakBlackGames, GamesPlayedSecond) {
  // A: R2, R4; B: R1, R3; C: R2; D: R1; E: R3, R4; F: none (its forfeit
  // does not count).
  const Crosstable t = swiss();
  EXPECT_EQ(games_with_black(t, A), 2);
  EXPECT_EQ(games_with_black(t, B), 2);
  EXPECT_EQ(games_with_black(t, C), 1);
  EXPECT_EQ(games_with_black(t, D), 1);
  EXPECT_EQ(games_with_black(t, E), 2);
  EXPECT_EQ(games_with_black(t, F), 0);
}

TEST(TieBreakAverageRating, PlayedGamesAgainstRatedOpponentsRounded) {
  //   A: (1900 + 1700 + 1600 + 1800) / 4 = 1750
  //   B: (2000 + 1800 + 1600) / 3 = 1800 (F is unrated)
  //   C: (1700 + 1900 + 2000) / 3 = 1866.67 -> 1867
  //   D: (1800 + 2000) / 2 = 1900
  //   E: (2000 + 1900) / 2 = 1950 (the forfeit against F is not a game)
  //   F: 1900
  const Crosstable t = swiss();
  EXPECT_EQ(average_rating_of_opponents(t, A), 1750);
  EXPECT_EQ(average_rating_of_opponents(t, B), 1800);
  EXPECT_EQ(average_rating_of_opponents(t, C), 1867);
  EXPECT_EQ(average_rating_of_opponents(t, D), 1900);
  EXPECT_EQ(average_rating_of_opponents(t, E), 1950);
  EXPECT_EQ(average_rating_of_opponents(t, F), 1900);
}

TEST(TieBreakLot, TheSameSeedDrawsTheSameOrder) {
  EXPECT_EQ(lot_number(7, A), lot_number(7, A));
  EXPECT_NE(lot_number(7, A), lot_number(7, B));
  EXPECT_NE(lot_number(7, A), lot_number(8, A));
  // A lot always separates: every player its own group.
  const Crosstable t = swiss();
  const auto parts = split_tied(t, Scoring::Fide, TieBreak::Lot, {A, B, C, D}, 7);
  EXPECT_EQ(parts.size(), 4u);
}

// A round robin of four: A-B 1-0, C-A 1-0, A-D ½-½, B-C 1-0, B-D 1-0, C-D 1-0.
//   among all four: A 1 + 0 + ½ = 1½, B 0 + 1 + 1 = 2, C 1 + 0 + 1 = 2, D ½
//   B and C still level: between themselves B beat C.
TEST(TieBreakDirectEncounter, EveryoneMetAndTheStillTiedAreSplitAgain) {
  Crosstable t(4, 3);
  t.add_game(0, first_wins(A, B));
  t.add_game(0, first_wins(C, D));
  t.add_game(1, first_wins(C, A));
  t.add_game(1, first_wins(B, D));
  t.add_game(2, drawn(A, D));
  t.add_game(2, first_wins(B, C));
  const std::vector<int> all{A, B, C, D};
  EXPECT_EQ(direct_encounter_points(t, Scoring::Fide, A, all), 1.5);
  EXPECT_EQ(direct_encounter_points(t, Scoring::Fide, B, all), 2.0);
  EXPECT_EQ(direct_encounter_points(t, Scoring::Fide, C, all), 2.0);
  EXPECT_EQ(direct_encounter_points(t, Scoring::Fide, D, all), 0.5);
  const auto parts = split_tied(t, Scoring::Fide, TieBreak::DirectEncounter, all, 0);
  EXPECT_EQ(parts, (std::vector<std::vector<int>>{{B}, {C}, {A}, {D}}));
}

// Not all met (6.2): in a Swiss, A beat B and C; B and C never met. A's 2
// beats the most B or C could reach (0 + one win = 1): A goes ahead; B and C
// cannot be told apart.
TEST(TieBreakDirectEncounter, WithoutAllEncountersOnlyAnUncatchableLeadCounts) {
  Crosstable t(3, 2);
  t.add_game(0, first_wins(A, B));
  t.add_game(1, first_wins(A, C));
  auto parts = split_tied(t, Scoring::Fide, TieBreak::DirectEncounter, {A, B, C}, 0);
  EXPECT_EQ(parts, (std::vector<std::vector<int>>{{A}, {B, C}}));

  // Had A only beaten B, C (0, with two encounters missing) could have
  // reached 2 > 1: nobody is separated.
  Crosstable u(3, 1);
  u.add_game(0, first_wins(A, B));
  parts = split_tied(u, Scoring::Fide, TieBreak::DirectEncounter, {A, B, C}, 0);
  EXPECT_EQ(parts, (std::vector<std::vector<int>>{{A, B, C}}));
}

TEST(TieBreakDirectEncounter, ForfeitsAreNotEncounters) {
  Crosstable t(2, 1);
  t.add_forfeit(0, A, B);
  EXPECT_EQ(direct_encounter_points(t, Scoring::Fide, A, {A, B}), 0.0);
}

TEST(Standings, TheOrganisersOrderDecides) {
  // C and F are level on 1 point. Buchholz puts C ahead (8½ to 5½); the
  // number of wins puts F ahead (1 to 0).
  const Crosstable t = swiss();
  RankingRules buchholz_first{Scoring::Fide, {TieBreak::Buchholz, TieBreak::Wins}, 0};
  RankingRules wins_first{Scoring::Fide, {TieBreak::Wins, TieBreak::Buchholz}, 0};
  auto by_buchholz = standings(t, buchholz_first);
  auto by_wins = standings(t, wins_first);
  auto order = [](const std::vector<Standing>& table) {
    std::vector<int> players;
    for (const Standing& s : table) players.push_back(s.player);
    return players;
  };
  EXPECT_EQ(order(by_buchholz), (std::vector<int>{A, E, B, C, F, D}));
  EXPECT_EQ(order(by_wins), (std::vector<int>{A, E, B, F, C, D}));
  // Values are reported in the chosen order.
  EXPECT_EQ(by_wins[3].tie_breaks, (std::vector<double>{1, 5.5}));
  EXPECT_EQ(by_wins[3].rank, 4);
  EXPECT_EQ(by_wins[4].rank, 5);
}

TEST(Standings, PlayersShareARankOnlyWhenEveryChosenTieBreakIsEqual) {
  // C and F: the same points and the same number of games won (0); games
  // with black differ (1 to 0).
  const Crosstable t = swiss();
  auto shared = standings(t, RankingRules{Scoring::Fide, {TieBreak::GamesWon}, 0});
  auto split = standings(t, RankingRules{Scoring::Fide, {TieBreak::GamesWon, TieBreak::GamesWithBlack}, 0});
  auto rank_of = [](const std::vector<Standing>& table, int player) {
    for (const Standing& s : table)
      if (s.player == player) return s.rank;
    return 0;
  };
  EXPECT_EQ(rank_of(shared, C), 4);
  EXPECT_EQ(rank_of(shared, F), 4);
  EXPECT_EQ(rank_of(shared, D), 6);
  EXPECT_EQ(rank_of(split, C), 4);
  EXPECT_EQ(rank_of(split, F), 5);
}

TEST(TieBreakParsing, AcronymsAndLists) {
  EXPECT_EQ(*parse_tie_break("bh-c1"), TieBreak::BuchholzCut1);
  EXPECT_EQ(*parse_tie_break("SB"), TieBreak::SonnebornBerger);
  EXPECT_FALSE(parse_tie_break("koya"));
  auto list = parse_tie_breaks("de,net");
  ASSERT_TRUE(list);
  EXPECT_EQ(*list, default_tie_breaks());
  EXPECT_FALSE(parse_tie_breaks("de,,net"));
  EXPECT_EQ(tie_break_code(TieBreak::AverageRatingOfOpponents), "ARO");
}

}  // namespace
}  // namespace qi::competition
