// A knockout match's structure, and how far a match has got: the regular
// games, then tie-break stages while the match is level, then one last
// decider.
//   Regular games: N games with colours alternating, `a` first; the match
//   stops once the leader cannot be caught in the games left.
//   Tie-break stages (FIDE's knockout events play two rapid games, then two
//   blitz games, ...): each a mini-match of M games scored on its own,
//   played only while everything before it left the match level; colours
//   keep alternating across the whole match.
//   The final decider, when every stage left it level:
//   - Armageddon (file 004: "若两盘平局加赛一局…和棋先手算负"): one game,
//     colours by lot, a draw wins for the player who moved second;
//   - Lot: a draw of lots from the organiser's seed.
// knockout.h holds the bracket; this file holds one match of it, so that a
// single or double elimination, a crossover stage and a team play-off all
// run their matches the same way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "competition/knockout.h"
#include "competition/played_game.h"
#include "core/expected.h"

namespace qi::competition {

enum class FinalDecider { Armageddon, Lot };

struct MatchFormat {
  int games = 2;                      // regular games
  std::vector<int> tie_break_stages;  // the games of each tie-break stage, in order
  FinalDecider decider = FinalDecider::Armageddon;
};

// File 004's crossover match: two games, then an armageddon game.
MatchFormat two_games_then_armageddon();
// File 004's best of three ("三局两胜制"): three games, then one decider
// game, then a lot (the players' other choice, the lot at once, is
// `{3, {}, FinalDecider::Lot}`).
MatchFormat best_of_three_then_decider();

enum class MatchStage { Regular, TieBreak, Armageddon, Decided };

struct MatchProgress {
  MatchStage stage = MatchStage::Regular;
  int tie_break_stage = -1;         // 0-based, while stage is TieBreak
  PlayedGame next;                  // the next game's players (first moves first), unless decided
  bool colours_by_lot = false;      // the armageddon game: `next` is only a suggestion
  double score_a = 0, score_b = 0;  // in the regular games
  int games_played = 0;
  int winner = -1;         // once decided
  std::string decided_by;  // "games", "tie-break games", "armageddon", "lot"
};

// Where the match of `a` against `b` stands after `games`, its games so far
// in the order played. An error names a game that is not between the two
// players, or one played after the match was decided.
Expected<MatchProgress> match_progress(const MatchFormat& format, int a, int b,
                                       const std::vector<PlayedGame>& games, std::uint64_t lot_seed = 0);

// Copies a decided match's winner, how it was decided and its regular
// games' score into a bracket's match (knockout.h); an undecided one leaves
// it as it is. `progress` is match_progress(format, match.a, match.b, ...).
void record_progress(KnockoutMatch& match, const MatchProgress& progress);

// "2 games, then 2 tie-break games, then armageddon": for people.
std::string match_format_text(const MatchFormat& format);

}  // namespace qi::competition
