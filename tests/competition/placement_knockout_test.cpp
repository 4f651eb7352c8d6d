// A knockout with placement matches: every place decided on the board.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

#include "competition/placement_knockout.h"

namespace qi::competition {
namespace {

std::vector<std::string> labels(const std::vector<PlacementMatch>& matches) {
  std::vector<std::string> out;
  for (const PlacementMatch& m : matches)
    out.push_back(match_label(m.id) + " " + std::to_string(m.a) + "-" + std::to_string(m.b) + " for " +
                  std::to_string(m.best_place) + "-" + std::to_string(m.worst_place));
  return out;
}

void win(PlacementKnockout& event, int round, int index, int winner) {
  const Status s = event.record({round, index}, winner);
  ASSERT_TRUE(s) << s.error().message;
}

using Strings = std::vector<std::string>;

TEST(PlacementKnockout, EightPlayersByHand) {
  PlacementKnockout event(8);
  EXPECT_EQ(event.rounds(), 3);
  EXPECT_EQ(labels(event.next_matches()),
            (Strings{"R1.1 0-7 for 1-8", "R1.2 3-4 for 1-8", "R1.3 1-6 for 1-8", "R1.4 2-5 for 1-8"}));
  win(event, 1, 0, 0);
  win(event, 1, 1, 4);
  win(event, 1, 2, 1);
  win(event, 1, 3, 2);
  // The winners play for 1-4, the losers for 5-8, each in match order.
  EXPECT_EQ(labels(event.next_matches()),
            (Strings{"R2.1 0-4 for 1-4", "R2.2 1-2 for 1-4", "R2.3 3-7 for 5-8", "R2.4 5-6 for 5-8"}));
  win(event, 2, 0, 0);
  win(event, 2, 1, 2);
  win(event, 2, 2, 3);
  win(event, 2, 3, 5);
  EXPECT_EQ(labels(event.next_matches()),
            (Strings{"R3.1 0-2 for 1-2", "R3.2 1-4 for 3-4", "R3.3 3-5 for 5-6", "R3.4 6-7 for 7-8"}));
  EXPECT_TRUE(event.placings().empty());
  win(event, 3, 0, 2);
  win(event, 3, 1, 1);
  win(event, 3, 2, 5);
  win(event, 3, 3, 7);
  ASSERT_TRUE(event.finished());
  std::map<int, int> place;
  for (const Placing& p : event.placings()) place[p.player] = p.place;
  EXPECT_EQ(place, (std::map<int, int>{{2, 1}, {0, 2}, {1, 3}, {4, 4}, {5, 5}, {3, 6}, {7, 7}, {6, 8}}));
}

TEST(PlacementKnockout, EveryFieldGetsEveryPlaceOnce) {
  std::mt19937 random(4);
  for (int players = 2; players <= 20; ++players) {
    PlacementKnockout event(players);
    while (!event.finished()) {
      const std::vector<PlacementMatch> next = event.next_matches();
      ASSERT_FALSE(next.empty()) << players;
      const PlacementMatch& m = next[random() % next.size()];
      ASSERT_TRUE(event.record(m.id, random() % 2 ? m.a : m.b));
    }
    std::set<int> players_placed, places;
    for (const Placing& p : event.placings()) players_placed.insert(p.player), places.insert(p.place);
    EXPECT_EQ(static_cast<int>(players_placed.size()), players);
    EXPECT_EQ(static_cast<int>(places.size()), players);
    EXPECT_EQ(*places.rbegin(), players);
  }
}

}  // namespace
}  // namespace qi::competition
