// A knockout with placement matches (the CXA rules' 单淘汰赛附加赛, appendix
// 4 as file 004 lists it): every player plays every round, and the last
// round decides every place, not only the first.
//   Round 1 is the seeded bracket of knockout.h (bracket_order; byes for
//   the top seeds). From then on the players are in blocks, each playing
//   for a run of places: a round splits every block of 2m players into its
//   m winners, who play on for the block's first m places, and its m
//   losers, for the last m, each part in the order of the matches that made
//   it. With 8 players: round 2 plays for places 1-4 and 5-8, round 3 for
//   1-2, 3-4, 5-6 and 7-8.
//   Byes lose every match they are in; the players' places skip the places
//   the byes end on.
// Like double_elimination.h, each match is one decision: its games are
// played elsewhere (match_format.h) and only its winner is recorded.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "competition/placing.h"
#include "core/expected.h"

namespace qi::competition {

struct PlacementMatchId {
  int round = 1;  // 1-based
  int index = 0;  // 0-based, top to bottom across the round's blocks
  auto operator<=>(const PlacementMatchId&) const = default;
};

struct PlacementMatch {
  PlacementMatchId id;
  int a = -1, b = -1;                   // players; a, the better seed, moves first in the first game
  int best_place = 1, worst_place = 2;  // the places its block plays for, in the bracket's slots
};

// "R2.3": for tables and logs.
std::string match_label(const PlacementMatchId& id);

class PlacementKnockout {
 public:
  // Players are seeds 0 .. players-1, the best first; at least 2.
  explicit PlacementKnockout(int players);

  int rounds() const { return rounds_; }

  // The matches whose players are known and whose winner is not yet
  // recorded, top to bottom.
  std::vector<PlacementMatch> next_matches() const;
  Status record(const PlacementMatchId& id, int winner);
  bool finished() const;
  // Every player's place, 1 to the number of players, once finished;
  // empty before.
  std::vector<Placing> placings() const;

 private:
  struct Played {
    PlacementMatch match;
    int winner = -2, loser = -2;  // -2 unknown, -1 a bye
  };
  struct Replay {
    std::vector<Played> matches;
    std::vector<int> slot_of_place;  // the player (or bye, or unknown) on each place, once played out
  };
  Replay replay() const;

  int players_;
  int rounds_;
  std::map<PlacementMatchId, int> results_;
};

}  // namespace qi::competition
