// A knockout in the app: the seeded bracket (competition/knockout.h) whose
// matches are played a game at a time (competition/match_format.h: regular
// games, tie-break stages, then armageddon or a lot). The bracket is not
// stored: it follows from the seeds (Tournament::field) and the boards'
// results, so that it can never disagree with them.
#pragma once

#include <vector>

#include "app/tournament/tournament.h"
#include "competition/match_format.h"
#include "core/expected.h"

namespace qi::app {

struct BracketMatch {
  int stage = 0, number = 0;         // the bracket's round and the match's place in it, 1-based
  int a = 0, b = 0;                  // entrants; b 0 is a bye for a
  std::vector<const Board*> boards;  // its games so far, in the order played
  bool playing = false;              // a game of it has no result yet
  competition::MatchProgress progress;
  int winner = 0;  // entrant, once decided
};

struct Bracket {
  std::vector<std::vector<BracketMatch>> stages;  // as far as the results reach
  int champion = 0;                               // entrant, once the final is decided
  int stages_planned = 0;                         // rounds of the whole bracket
};

competition::MatchFormat knockout_match_format(const TournamentSettings& s);
// The bracket from the seeds and every board played so far. An error when a
// board does not fit the bracket (a damaged tournament).
Expected<Bracket> knockout_bracket(const Tournament& t);
// The next game of every match not yet decided and not in play, in the
// bracket's current round (or the first games of the next round, when every
// match of the current one is decided).
Expected<std::vector<Board>> knockout_next_boards(const Tournament& t);

}  // namespace qi::app
