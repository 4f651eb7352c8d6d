// Knockout brackets: who meets whom, and who goes through.
//   The bracket is seeded: of `size` slots (a power of two), seed 0 meets seed
//   size-1 in the first round, and the top seeds can only meet late. With
//   fewer players than slots, the missing ones are byes for the top seeds.
//   A match is best of N games with colours alternating; it stops once the
//   leader cannot be caught in the games left. Level after them, a decider:
//   - armageddon (the xiangqi document: "若两盘平局加赛一局…和棋先手算负"):
//     one game, and a draw counts as a loss for the side that moved first;
//   - a decider game, and if that is drawn too, a draw by lot (or the lot at
//     once, when the organiser says so).
#pragma once

#include <string>
#include <vector>

#include "competition/played_game.h"

namespace qi::competition {

// First-round slots of a seeded bracket of `size` (a power of two): the seed
// in each slot, so that slot 2k meets slot 2k+1.
std::vector<int> bracket_order(int size);

// The slots of the first round for `players`: seeds, or -1 for a bye.
std::vector<int> first_round_slots(int players);

struct KnockoutMatch {
  int round = 0;
  int a = 0, b = -1;                // players; b = -1 is a bye for a
  double score_a = 0, score_b = 0;  // in the regular games
  std::vector<int> games;           // numbers of its games
  int winner = 0;
  std::string decided_by;  // "bye", "games", "armageddon", "decider game", "lot"
};

// The matches of a round from the players still in, in bracket order (-1 a
// bye); the better seed of each pair is `a` and moves first in its first game.
// A bye's match is decided already.
std::vector<KnockoutMatch> pair_round(const std::vector<int>& alive, int round);

// The players of game `game_index` (0-based) of a match: colours alternate,
// `a` first.
PlayedGame alternating_colours(const KnockoutMatch& match, int game_index);

// Whether a best-of-`games` match needs more games after `played`: the one
// behind can still catch up (each game is worth 1).
bool match_open(const KnockoutMatch& match, int played, int games);

// Counts a regular game of the match in its scores.
void add_regular_game(KnockoutMatch& match, const PlayedGame& game);

// Decides a match by its regular games; false when level.
bool decide_by_games(KnockoutMatch& match);

// The winner of an armageddon game: its winner, or on a draw the player who
// moved second.
int armageddon_winner(const PlayedGame& game);

// The winners of a round, in bracket order: the players of the next round.
std::vector<int> winners(const std::vector<KnockoutMatch>& round);

}  // namespace qi::competition
