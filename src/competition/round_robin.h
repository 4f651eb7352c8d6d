// Round-robin pairings by FIDE's Berger tables (Handbook C.05, Annex 1), the
// tables arbiters use. With N players (one more, a dummy, when the number is
// odd: who meets it has a bye), round 1 pairs 1-N, 2-(N-1), ..., N/2-(N/2+1),
// the first named moving first. Each later round keeps the boards and their
// colours and adds N/2 to every number but N, counting round 1..N-1 (so
// modulo N-1); N stays on board 1, moving second in odd rounds and first in
// even ones. Each player then moves first in half its games, or one more or
// fewer. Players here are numbered from 0: FIDE's number k is player k-1.
#pragma once

#include <utility>
#include <vector>

namespace qi::competition {

// The rounds of a single round robin, board by board: each a list of
// (first, second).
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
