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
// Round robins are scored 1 / ½ / 0, 3 / 1 / 0 or 2 / 1 / 0 and ranked by the
// chosen tie-breaks (tie_breaks.h; by default the xiangqi document's direct
// encounter then net games); knockout matches count games 1 / ½ / 0. The
// pairings, brackets, scoring and standings are the competition library's
// (src/competition); the arena plays the games.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "arena/game_runner.h"
#include "arena/openings.h"
#include "arena/player_spec.h"
#include "competition/format.h"
#include "competition/knockout.h"
#include "competition/scoring.h"
#include "competition/standings.h"

namespace qi::arena {

// The competition's words, as the arena's tournaments speak them.
using competition::Format;
using competition::format_name;
using competition::KnockoutMatch;
using competition::parse_format;
using competition::parse_scoring;
using competition::PlayedGame;
using competition::Scoring;
using competition::Standing;

enum class Decider { GameThenLot, Lot };

struct TournamentOptions {
  std::vector<PlayerSpec> players;  // in seeding order
  Format format = Format::RoundRobin;
  Scoring scoring = Scoring::Fide;
  std::vector<competition::TieBreak> tie_breaks = competition::default_tie_breaks();  // round robins
  Decider decider = Decider::GameThenLot;                                             // best of three
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

struct TournamentResult {
  std::vector<TournamentGame> games;   // in the order they finished
  std::vector<Standing> standings;     // round robins: by points; knockouts: by round reached
  std::vector<KnockoutMatch> matches;  // knockouts
};

Expected<TournamentResult> run_tournament(const TournamentOptions& options, std::ostream& progress);

// How a round robin's standings are ranked: the scoring, the tie-breaks and,
// for a draw of lots, the tournament's seed.
competition::RankingRules ranking_rules(const TournamentOptions& options);

// Cross-table / bracket and standings, for people.
std::string tournament_report(const TournamentOptions& options, const TournamentResult& result);
// The same as JSON.
std::string tournament_json(const TournamentOptions& options, const TournamentResult& result);

}  // namespace qi::arena
