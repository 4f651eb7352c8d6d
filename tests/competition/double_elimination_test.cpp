// Double elimination: an eight-player bracket played by hand, byes, and the
// invariants of every bracket of 2 to 20 players.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "competition/double_elimination.h"

namespace qi::competition {
namespace {

std::vector<std::string> labels(const std::vector<BracketMatch>& matches) {
  std::vector<std::string> out;
  for (const BracketMatch& m : matches)
    out.push_back(match_label(m.id) + " " + std::to_string(m.a) + "-" + std::to_string(m.b));
  return out;
}

void win(DoubleElimination& event, Bracket bracket, int round, int index, int winner) {
  const Status s = event.record({bracket, round, index}, winner);
  ASSERT_TRUE(s) << s.error().message;
}

using Strings = std::vector<std::string>;

TEST(DoubleElimination, EightPlayersByHand) {
  DoubleElimination event(8);
  EXPECT_EQ(event.winners_rounds(), 3);
  EXPECT_EQ(event.losers_rounds(), 4);
  // Seeds 0..7 in bracket order 0 7 3 4 1 6 2 5.
  EXPECT_EQ(labels(event.next_matches()), (Strings{"W1.1 0-7", "W1.2 3-4", "W1.3 1-6", "W1.4 2-5"}));
  win(event, Bracket::Winners, 1, 0, 0);
  win(event, Bracket::Winners, 1, 1, 4);  // an upset: 3 drops
  win(event, Bracket::Winners, 1, 2, 1);
  win(event, Bracket::Winners, 1, 3, 2);
  // Losers' round 1: the losers of W1.1 and W1.2 meet, of W1.3 and W1.4.
  EXPECT_EQ(labels(event.next_matches()), (Strings{"W2.1 0-4", "W2.2 1-2", "L1.1 3-7", "L1.2 5-6"}));
  win(event, Bracket::Losers, 1, 0, 3);
  win(event, Bracket::Losers, 1, 1, 5);
  win(event, Bracket::Winners, 2, 0, 0);
  win(event, Bracket::Winners, 2, 1, 2);
  // Losers' round 2: W2's losers (4, 1) drop in crosswise: the loser of W2.2
  // meets the player from the top half, not the winner of L1.2, who could
  // have been 6, the player 1 beat in W1.3.
  EXPECT_EQ(labels(event.next_matches()), (Strings{"W3.1 0-2", "L2.1 1-3", "L2.2 4-5"}));
  win(event, Bracket::Losers, 2, 0, 1);
  win(event, Bracket::Losers, 2, 1, 5);
  win(event, Bracket::Losers, 3, 0, 1);
  win(event, Bracket::Winners, 3, 0, 2);
  EXPECT_EQ(labels(event.next_matches()), (Strings{"L4.1 0-1"}));
  win(event, Bracket::Losers, 4, 0, 0);
  // The grand final: the losers' bracket's winner wins it, the first loss
  // of the other: the bracket is reset.
  EXPECT_EQ(labels(event.next_matches()), (Strings{"GF 0-2"}));
  win(event, Bracket::GrandFinal, 1, 0, 0);
  EXPECT_FALSE(event.finished());
  EXPECT_EQ(labels(event.next_matches()), (Strings{"GF2 0-2"}));
  win(event, Bracket::Reset, 1, 0, 0);
  EXPECT_TRUE(event.finished());
  EXPECT_TRUE(event.next_matches().empty());

  std::map<int, int> place;
  for (const Placing& p : event.placings()) place[p.player] = p.place;
  EXPECT_EQ(place, (std::map<int, int>{{0, 1}, {2, 2}, {1, 3}, {5, 4}, {3, 5}, {4, 5}, {6, 7}, {7, 7}}));
}

TEST(DoubleElimination, RebuiltFromStoredResultsInAnyOrder) {
  // Six results of the eight-player bracket above, written in no order.
  std::map<BracketMatchId, int> results{{{Bracket::Losers, 1, 0}, 3},  {{Bracket::Winners, 1, 0}, 0},
                                        {{Bracket::Winners, 1, 1}, 4}, {{Bracket::Winners, 1, 2}, 1},
                                        {{Bracket::Winners, 1, 3}, 2}, {{Bracket::Winners, 2, 0}, 0}};
  Expected<DoubleElimination> event = DoubleElimination::from_results(8, true, results);
  ASSERT_TRUE(event) << event.error().message;
  EXPECT_EQ(labels(event->next_matches()), (Strings{"W2.2 1-2", "L1.2 5-6"}));
  // A result no match waits for: 7 is not in L1.2.
  results[{Bracket::Losers, 1, 1}] = 7;
  const Expected<DoubleElimination> wrong = DoubleElimination::from_results(8, true, results);
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("L1.2"), std::string::npos);
}

TEST(DoubleElimination, WithoutTheResetTheFirstFinalDecides) {
  DoubleElimination event(2, false);
  EXPECT_EQ(labels(event.next_matches()), (Strings{"W1.1 0-1"}));
  win(event, Bracket::Winners, 1, 0, 0);
  EXPECT_EQ(labels(event.next_matches()), (Strings{"GF 0-1"}));  // the rematch
  win(event, Bracket::GrandFinal, 1, 0, 1);
  EXPECT_TRUE(event.finished());
  EXPECT_EQ(event.placings().front().player, 1);
}

TEST(DoubleElimination, ByesGoToTheTopSeedsAndDropNobody) {
  // Five players in a bracket of eight: slots 0 - 3 4 1 - 2 -.
  DoubleElimination event(5);
  EXPECT_EQ(labels(event.next_matches()), (Strings{"W1.2 3-4", "W2.2 1-2"}));
  win(event, Bracket::Winners, 1, 1, 3);
  win(event, Bracket::Winners, 2, 1, 1);
  // 4, the only loser of round 1, passes losers' round 1 on a bye and meets
  // W2.2's loser, who drops in crosswise.
  EXPECT_EQ(labels(event.next_matches()), (Strings{"W2.1 0-3", "L2.1 2-4"}));
}

TEST(DoubleElimination, TheFirstDropInsMeetNobodyTheyMetBefore) {
  // From 8 players on, losers' round 2 pairs a winners' round 2 loser with
  // a player from the other half of the bracket: never a rematch, whatever
  // the results.
  std::mt19937 random(29);
  for (int players = 8; players <= 32; ++players) {
    DoubleElimination event(players);
    std::set<std::pair<int, int>> met;
    while (!event.finished()) {
      const std::vector<BracketMatch> next = event.next_matches();
      ASSERT_FALSE(next.empty());
      const BracketMatch& m = next[random() % next.size()];
      if (m.id.bracket == Bracket::Losers && m.id.round == 2) {
        EXPECT_FALSE(met.count({m.a, m.b})) << players << " players, " << match_label(m.id);
      }
      met.insert({m.a, m.b});
      ASSERT_TRUE(event.record(m.id, random() % 2 ? m.a : m.b));
    }
  }
}

TEST(DoubleElimination, RefusesAResultItDoesNotWaitFor) {
  DoubleElimination event(4);
  EXPECT_FALSE(event.record({Bracket::Winners, 2, 0}, 0));  // its players are not known yet
  EXPECT_FALSE(event.record({Bracket::Winners, 1, 0}, 2));  // 2 is not in W1.1
  EXPECT_TRUE(event.record({Bracket::Winners, 1, 0}, 3));
  EXPECT_FALSE(event.record({Bracket::Winners, 1, 0}, 0));  // already recorded
}

TEST(DoubleElimination, EveryBracketEndsWithEachPlayerOutAfterTwoLosses) {
  std::mt19937 random(53);
  for (int players = 2; players <= 20; ++players) {
    for (const bool reset : {true, false}) {
      DoubleElimination event(players, reset);
      std::map<int, int> losses;
      int matches = 0;
      while (!event.finished()) {
        const std::vector<BracketMatch> next = event.next_matches();
        ASSERT_FALSE(next.empty()) << players;
        const BracketMatch& m = next[random() % next.size()];
        const int winner = random() % 2 ? m.a : m.b;
        ++losses[winner == m.a ? m.b : m.a];
        ASSERT_TRUE(event.record(m.id, winner));
        ++matches;
      }
      const std::vector<Placing> placings = event.placings();
      ASSERT_EQ(static_cast<int>(placings.size()), players);
      std::set<int> placed;
      for (const Placing& p : placings) placed.insert(p.player);
      EXPECT_EQ(static_cast<int>(placed.size()), players);
      const int champion = placings.front().player;
      EXPECT_EQ(placings.front().place, 1);
      EXPECT_EQ(placings[1].place, 2);
      for (const Placing& p : placings) {
        if (p.player == champion) {
          EXPECT_LE(losses[p.player], 1);
        } else if (reset || p.place != 2) {  // without the reset, the runner-up may have lost once
          EXPECT_EQ(losses[p.player], 2) << players << " players, player " << p.player;
        }
        // A place counts the players ahead: never more than the field.
        EXPECT_LE(p.place, players);
      }
      // Every player but the champion loses twice (the runner-up once when
      // the first final decides): 2n-2 matches, or one more.
      EXPECT_GE(matches, 2 * players - 2 - (reset ? 0 : 1));
      EXPECT_LE(matches, 2 * players - 1);
    }
  }
}

}  // namespace
}  // namespace qi::competition
