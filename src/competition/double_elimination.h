// Double elimination: a player is out after losing two matches.
//   The winners' bracket is the seeded single-elimination bracket of
//   knockout.h (bracket_order; byes for the top seeds when the field is not
//   a power of two). Its losers drop into the losers' bracket:
//   - losers' round 1: the losers of winners' round 1, in bracket order, the
//     losers of matches 1 and 2 meeting, of 3 and 4, ...;
//   - losers' round 2k (k >= 1): the winners of losers' round 2k-1 meet the
//     losers of winners' round k+1, who drop in crosswise (in reverse
//     order), so that the first of them meets the player from the far half
//     of the bracket: a player dropping from winners' round 2 cannot meet at
//     once the one it beat in winners' round 1;
//   - losers' round 2k+1: the winners of round 2k meet each other in order.
//   A bracket of 2^n slots has n winners' rounds and 2(n-1) losers' rounds.
//   The grand final: the winners' bracket's winner against the losers'
//   bracket's. With the bracket reset (the usual rule), a win by the
//   losers'-bracket player, the first loss of the other, calls for a second
//   final that decides; without it the first final decides.
//   Byes: a match against a bye (a missing seed, or a loser that never was)
//   is won at once and drops nobody; two byes make a bye.
// Each match is one decision: its games (a match of match_format.h, or a
// single game) are played elsewhere and only their winner is recorded.
#pragma once

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "competition/placing.h"
#include "core/expected.h"

namespace qi::competition {

enum class Bracket { Winners, Losers, GrandFinal, Reset };

struct BracketMatchId {
  Bracket bracket = Bracket::Winners;
  int round = 1;  // 1-based within its bracket; 1 for the finals
  int index = 0;  // 0-based within the round, top to bottom
  auto operator<=>(const BracketMatchId&) const = default;
};

// "W1.1", "L2.1", "GF", "GF2": for tables and logs.
std::string match_label(const BracketMatchId& id);

struct BracketMatch {
  BracketMatchId id;
  int a = -1, b = -1;  // players; a, the better seed, moves first in the first game
};

class DoubleElimination {
 public:
  // Players are seeds 0 .. players-1, the best first; at least 2.
  explicit DoubleElimination(int players, bool bracket_reset = true);

  int players() const { return players_; }
  int winners_rounds() const { return rounds_; }
  int losers_rounds() const { return 2 * (rounds_ - 1); }

  // The matches whose two players are known and whose winner is not yet
  // recorded, in the order of the bracket (winners', losers', finals).
  std::vector<BracketMatch> next_matches() const;

  // Records the winner of a match that next_matches() offers.
  Status record(const BracketMatchId& id, int winner);

  // The bracket rebuilt from stored results, each match's winner by its
  // id (what a store keeps): an error names a result that no match of the
  // bracket waits for.
  static Expected<DoubleElimination> from_results(int players, bool bracket_reset,
                                                  const std::map<BracketMatchId, int>& results);

  bool finished() const;
  // Every player's final place once finished (before, the players already
  // out): 1, 2, 3 for the loser of the losers' final, 4 for the loser of the
  // round before it, then the losers of each earlier losers' round sharing
  // a place; best first.
  std::vector<Placing> placings() const;

 private:
  struct Played {
    BracketMatch match;
    int winner = -2;  // -2 unknown, -1 a bye (two byes met)
    int loser = -2;
  };
  // Every match of the bracket whose players are known, from the results.
  std::vector<Played> replay() const;

  int players_;
  int rounds_;
  bool bracket_reset_;
  std::map<BracketMatchId, int> results_;
};

}  // namespace qi::competition
