// Tournaments between several players, with Qi as the arbiter of every game.
//   round-robin         every pair meets once (Berger rotation; colours alternate)
//   double-round-robin  every pair meets twice, colours reversed
//   knockout            seeded bracket (byes for the top seeds); a match is two
//                       games, one with each colour; level after them, one
//                       armageddon game decides: colours by lot, and a draw
//                       counts as a loss for the side that moved first
//                       (xiangqi document: "若两盘平局加赛一局…和棋先手算负")
//   best-of-three       seeded bracket of best-of-three matches (三局两胜):
//                       up to three games with alternating colours, stopping
//                       once one side cannot be caught; level after three, one
//                       more game (colours by lot), and if that is drawn too,
//                       or with --decider lot, a draw by lot
// Round robins are scored 1 / ½ / 0 or 3 / 1 / 0 with the tie-breaks of
// standings.h; knockout matches count games 1 / ½ / 0.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arena/game_runner.h"
#include "arena/openings.h"
#include "arena/player_spec.h"
#include "arena/standings.h"

namespace qi::arena {

enum class Format { RoundRobin, DoubleRoundRobin, Knockout, BestOfThree };
enum class Decider { GameThenLot, Lot };

Expected<Format> parse_format(std::string_view text);
Expected<Scoring> parse_scoring(std::string_view text);
std::string format_name(Format f);

struct TournamentOptions {
  std::vector<PlayerSpec> players;  // in seeding order
  Format format = Format::RoundRobin;
  Scoring scoring = Scoring::Fide;
  Decider decider = Decider::GameThenLot;  // best of three
  int concurrency = 1;
  std::vector<Opening> openings;
  std::string pgn_path;
  std::uint64_t seed = 1;
  GameSettings settings;
};

struct TournamentGame {
  int number = 0;
  int round = 0;
  PlayedGame game;
  std::string kind;  // "", "armageddon", "decider"
  int plies = 0;
  std::string reason;  // the outcome in words, with the players' names
};

struct KnockoutMatch {
  int round = 0;
  int a = 0, b = -1;                // players; b = -1 is a bye for a
  double score_a = 0, score_b = 0;  // in the regular games
  std::vector<int> games;           // numbers of its games
  int winner = 0;
  std::string decided_by;  // "bye", "games", "armageddon", "decider game", "lot"
};

struct TournamentResult {
  std::vector<TournamentGame> games;   // in the order they finished
  std::vector<Standing> standings;     // round robins: by points; knockouts: by round reached
  std::vector<KnockoutMatch> matches;  // knockouts
};

Expected<TournamentResult> run_tournament(const TournamentOptions& options, std::ostream& progress);

// The round pairings of a round robin by Berger rotation: rounds of (first, second).
std::vector<std::vector<std::pair<int, int>>> round_robin_rounds(int players);
// First-round slots of a seeded bracket of `size` (a power of two): seed 0
// meets seed size-1, and the top seeds can only meet in late rounds.
std::vector<int> bracket_order(int size);

// Cross-table / bracket and standings, for people.
std::string tournament_report(const TournamentOptions& options, const TournamentResult& result);
// The same as JSON.
std::string tournament_json(const TournamentOptions& options, const TournamentResult& result);

}  // namespace qi::arena
