// Round-robin pairings by the circle (Berger) method: player 0 stays, the
// others rotate a place each round; with an odd number of players a dummy
// gives one player a bye each round. Colours alternate so that each player
// moves first in half its games, or one more or fewer.
#pragma once

#include <utility>
#include <vector>

namespace qi::competition {

// The rounds of a single round robin: each a list of (first, second).
std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players);

struct Pairing {
  int round = 0;              // 1-based
  int first = 0, second = 0;  // first moves first
};

// Every game of `cycles` round robins in order, round by round; each cycle
// after the first repeats the one before with colours reversed, so a double
// round robin gives each pair one game with each colour.
std::vector<Pairing> round_robin_pairings(int players, int cycles);

}  // namespace qi::competition
