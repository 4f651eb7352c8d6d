// Tournaments played out with Qi's own tic-tac-toe players, whose results are
// certain: the perfect player (qi:builtin) never loses, and two perfect
// players always draw.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "arena/tournament.h"
#include "arena_test_support.h"

namespace qi::arena {
namespace {

PlayerSpec named(const std::string& which, const std::string& name) {
  PlayerSpec p = test::builtin(which);
  p.name = name;
  return p;
}

TournamentOptions tictactoe(Format format, std::vector<PlayerSpec> players) {
  TournamentOptions o;
  o.players = std::move(players);
  o.format = format;
  o.settings.game = "tictactoe";
  o.settings.tc = *parse_time_control("depth=1");
  o.concurrency = 2;
  return o;
}

TEST(RoundRobin, SingleAndDoubleGameCounts) {
  std::vector<PlayerSpec> four = {named("builtin", "P1"), named("random", "R1"), named("random", "R2"),
                                  named("builtin", "P2")};
  std::ostringstream out;
  Expected<TournamentResult> single = run_tournament(tictactoe(Format::RoundRobin, four), out);
  ASSERT_TRUE(single);
  EXPECT_EQ(single->games.size(), 6u);
  Expected<TournamentResult> twice = run_tournament(tictactoe(Format::DoubleRoundRobin, four), out);
  ASSERT_TRUE(twice);
  EXPECT_EQ(twice->games.size(), 12u);
  for (const Standing& s : twice->standings) EXPECT_EQ(s.games, 6);
}

TEST(RoundRobin, PerfectPlayersShareTheTop) {
  auto o = tictactoe(Format::DoubleRoundRobin, {named("random", "R1"), named("builtin", "P1"),
                                                named("builtin", "P2"), named("random", "R2")});
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  // Both perfect players lose no game, draw each other, and beat or draw the
  // random ones; they finish above both random players.
  for (int rank = 0; rank < 2; ++rank) {
    const Standing& s = r->standings[rank];
    EXPECT_TRUE(s.player == 1 || s.player == 2);
    EXPECT_EQ(s.losses, 0);
  }
  std::string report = tournament_report(o, *r);
  EXPECT_NE(report.find("Cross-table"), std::string::npos);
  EXPECT_NE(report.find("P1"), std::string::npos);
}

TEST(Knockout, LevelMatchGoesToArmageddonWhereADrawLosesForTheFirstMover) {
  // Two perfect players draw both games, then the armageddon game too: the
  // player who moved first in it loses the match.
  auto o = tictactoe(Format::Knockout, {named("builtin", "P1"), named("builtin", "P2")});
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  ASSERT_EQ(r->matches.size(), 1u);
  const KnockoutMatch& m = r->matches[0];
  EXPECT_EQ(m.score_a, 1.0);
  EXPECT_EQ(m.score_b, 1.0);
  ASSERT_EQ(r->games.size(), 3u);
  const TournamentGame& armageddon = r->games.back();
  EXPECT_EQ(armageddon.kind, "armageddon");
  EXPECT_EQ(armageddon.game.outcome.verdict, Verdict::Draw);
  EXPECT_EQ(m.winner, armageddon.game.second);
  EXPECT_EQ(r->standings[0].player, m.winner);
}

TEST(Knockout, ClearMatchNeedsNoDecider) {
  auto o = tictactoe(Format::Knockout, {named("builtin", "P"), named("random", "R")});
  o.seed = 3;
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  const KnockoutMatch& m = r->matches[0];
  EXPECT_GE(m.score_a, 1.0);  // the perfect player never loses
  if (m.score_a > m.score_b) {
    EXPECT_EQ(m.decided_by, "games");
    EXPECT_EQ(r->games.size(), 2u);
  }
}

TEST(Knockout, ByesForTopSeedsAndOneChampion) {
  auto o = tictactoe(Format::Knockout, {named("builtin", "S1"), named("random", "S2"), named("random", "S3"),
                                        named("random", "S4"), named("random", "S5")});
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  int byes = 0;
  for (const KnockoutMatch& m : r->matches) byes += m.b < 0;
  EXPECT_EQ(byes, 3);  // 5 players in a bracket of 8
  EXPECT_EQ(r->standings[0].rank, 1);
  EXPECT_EQ(r->standings[1].rank, 2);
  // Every player but the champion lost exactly one match.
  int champions = 0;
  for (const Standing& s : r->standings) champions += s.rank == 1;
  EXPECT_EQ(champions, 1);
}

TEST(BestOfThree, LevelAfterThreeGoesToADeciderThenLot) {
  auto o = tictactoe(Format::BestOfThree, {named("builtin", "P1"), named("builtin", "P2")});
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  // Three draws, a drawn decider game, then the lot.
  ASSERT_EQ(r->games.size(), 4u);
  EXPECT_EQ(r->games.back().kind, "decider");
  EXPECT_EQ(r->matches[0].decided_by, "lot");
}

TEST(BestOfThree, LotOnlyWhenAsked) {
  auto o = tictactoe(Format::BestOfThree, {named("builtin", "P1"), named("builtin", "P2")});
  o.decider = Decider::Lot;
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->games.size(), 3u);
  EXPECT_EQ(r->matches[0].decided_by, "lot");
}

TEST(TournamentJson, HasStandingsCrossTableAndGames) {
  auto o =
      tictactoe(Format::RoundRobin, {named("builtin", "P1"), named("random", "R1"), named("random", "R2")});
  o.scoring = Scoring::Group;
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  nlohmann::json j = nlohmann::json::parse(tournament_json(o, *r));
  EXPECT_EQ(j["scoring"], "3-1-0");
  EXPECT_EQ(j["standings"].size(), 3u);
  EXPECT_EQ(j["games"].size(), 3u);
  EXPECT_TRUE(j["crosstable"][0][0].is_null());
  double total = 0;
  for (const auto& s : j["standings"]) total += s["points"].get<double>();
  double from_games = 0;
  for (const auto& g : j["games"]) from_games += g["result"] == "1/2-1/2" ? 2 : 3;
  EXPECT_EQ(total, from_games);
}

TEST(TournamentJson, NamesTheChosenTieBreaksAndTheirValues) {
  auto o =
      tictactoe(Format::RoundRobin, {named("random", "R1"), named("random", "R2"), named("random", "R3")});
  o.scoring = Scoring::TwoOneZero;
  o.tie_breaks = {competition::TieBreak::Wins, competition::TieBreak::Lot};
  std::ostringstream out;
  Expected<TournamentResult> r = run_tournament(o, out);
  ASSERT_TRUE(r);
  nlohmann::json j = nlohmann::json::parse(tournament_json(o, *r));
  EXPECT_EQ(j["scoring"], "2-1-0");
  EXPECT_EQ(j["tie_breaks"], (nlohmann::json{"WIN", "LOT"}));
  for (const auto& s : j["standings"]) {
    ASSERT_EQ(s["tie_breaks"].size(), 2u);
    EXPECT_EQ(s["tie_breaks"][0].get<double>(), s["wins"].get<double>());
  }
  // A lot last: nobody shares a rank.
  for (std::size_t i = 0; i < r->standings.size(); ++i)
    EXPECT_EQ(r->standings[i].rank, static_cast<int>(i) + 1);
}

}  // namespace
}  // namespace qi::arena
