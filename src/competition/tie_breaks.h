// Tie-breaks: what separates players level on points, each a function over a
// crosstable (crosstable.h) under a scoring system (scoring.h). The
// organiser chooses an ordered list of them; standings.h ranks by it.
// Definitions and sources are in docs/rules.md ("Tie-breaks"); the article
// numbers are the FIDE Tie-Break Regulations' (C.07, in force from 2024):
//   DirectEncounter           direct encounter, 直胜 (6): points among the
//                             tied players; see split_tied for three or more
//   Wins                      number of wins, 胜局数 (7.1): rounds scored as a
//                             win, with or without playing
//   GamesWon                  games won over the board (7.2)
//   NetGames                  net games, 净胜局: wins minus losses, forfeits
//                             included, byes not (the xiangqi document)
//   Buchholz                  对手分 (8.1): the sum of the opponents' scores
//   BuchholzCut1              Buchholz without its least value (14.1)
//   BuchholzMedian1           Buchholz without its least and greatest (14.3)
//   SonnebornBerger           (9.1): each opponent's score times the points
//                             scored against them
//   Progressive               cumulative score, 累进分 (7.5): the sum of the
//                             player's score after each round
//   GamesWithBlack            games played second (7.3)
//   AverageRatingOfOpponents  ARO (10.1), played games, rounded
//   Lot                       a draw of lots, by a seed the organiser keeps
// Unplayed rounds (16): a player's unplayed round counts in Buchholz and
// Sonneborn-Berger as a game against a dummy opponent with the player's own
// score (16.4); an opponent's score counts the rounds after it withdrew as
// draws (16.3); Cut-1 and Median-1 cut voluntary
// unplayed rounds before any other value (the regulation's cut modifiers).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "competition/crosstable.h"
#include "competition/scoring.h"
#include "core/expected.h"

namespace qi::competition {

enum class TieBreak {
  DirectEncounter,
  Wins,
  GamesWon,
  NetGames,
  Buchholz,
  BuchholzCut1,
  BuchholzMedian1,
  SonnebornBerger,
  Progressive,
  GamesWithBlack,
  AverageRatingOfOpponents,
  Lot,
};

// FIDE's acronyms, lower or upper case: "de", "win", "won", "net", "bh",
// "bh-c1", "bh-m1", "sb", "ps", "bpg", "aro", "lot".
Expected<TieBreak> parse_tie_break(std::string_view text);
// A comma-separated list, in the organiser's order: "de,net" or "bh-c1,bh,sb".
Expected<std::vector<TieBreak>> parse_tie_breaks(std::string_view text);
// The acronym parse_tie_break reads ("BH-C1"): a column header.
std::string tie_break_code(TieBreak tie_break);

// The player's points after the first `rounds` rounds (all by default).
double score(const Crosstable& table, Scoring scoring, int player, int rounds = -1);
// The score an opponent's Buchholz sees (16.3): the rounds the player was not
// paired in after its last round that was not a voluntary unplayed one (it
// withdrew) count as draws.
double adjusted_score(const Crosstable& table, Scoring scoring, int player);

int number_of_wins(const Crosstable& table, int player);
int games_won(const Crosstable& table, int player);
int net_games(const Crosstable& table, int player);
int games_with_black(const Crosstable& table, int player);
// Rounded to the nearest whole number, halves up; 0 without rated opponents.
int average_rating_of_opponents(const Crosstable& table, int player);
double progressive_score(const Crosstable& table, Scoring scoring, int player);
// `low_cuts` of the least values and `high_cuts` of the greatest left out.
double buchholz(const Crosstable& table, Scoring scoring, int player, int low_cuts = 0, int high_cuts = 0);
double sonneborn_berger(const Crosstable& table, Scoring scoring, int player);
// The points `player` scored in played games against the others of `group`.
double direct_encounter_points(const Crosstable& table, Scoring scoring, int player,
                               const std::vector<int>& group);
// A number drawn for the player by lot: the same seed draws the same numbers.
std::uint64_t lot_number(std::uint64_t seed, int player);

// The tie-break's value for a player, for tables; the direct encounter's is
// its points against `group`, the players tied with it; the lot's, how many
// players drew a lower number.
double tie_break_value(const Crosstable& table, Scoring scoring, TieBreak tie_break, int player,
                       const std::vector<int>& group, std::uint64_t lot_seed);

// Splits `group`, players tied so far, by one tie-break: the groups still
// tied, best first. The direct encounter (6): if every two of the group met,
// by their points among themselves; if not, a player goes ahead only with
// more points than any player below could have reached by winning its
// missing encounters (6.2); and a part that is still tied is split again by
// the encounters among its own players.
std::vector<std::vector<int>> split_tied(const Crosstable& table, Scoring scoring, TieBreak tie_break,
                                         const std::vector<int>& group, std::uint64_t lot_seed);

}  // namespace qi::competition
