// A tournament of people (and engines) played in the app: its settings, its
// entrants by starting rank, and its rounds of boards, each board a game
// between two devices (or at one screen) or a result the organiser entered.
// The pairings come from the competition library (round robins by FIDE's
// Berger tables, Swiss rounds by the FIDE Dutch system); the standings too.
// The whole tournament is one document (tournament_document.h) written with
// a version, so that several servers on one database change it one at a
// time (tournaments.h).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/outcome.h"
#include "core/time_control.h"

namespace qi::app {

// The bounds a tournament is held to: a club's, a school's or a class's
// event, and what one Swiss round pairs (competition/swiss/dutch.h).
inline constexpr int kMaxTournamentEntrants = 200;
inline constexpr int kMaxSwissRounds = 20;
inline constexpr std::size_t kMaxTournamentName = 80;

// How a board ended, as the crosstable needs it. The codes are the page's and
// the store's: "1-0", "0-1", "1/2-1/2", "+-" (the first player won by
// forfeit), "-+", "--" (neither came), "bye" (the pairing-allocated bye of
// `first`), "" (not yet known).
enum class BoardResult {
  None,
  FirstWins,
  SecondWins,
  Draw,
  FirstByForfeit,
  SecondByForfeit,
  BothAbsent,
  Bye
};
std::string board_result_code(BoardResult result);
std::optional<BoardResult> parse_board_result(std::string_view code);
// A finished board as a game's outcome for the competition library: a
// forfeit is a win for the player who came; anything else without a winner
// a draw.
Outcome board_outcome(BoardResult result);

struct TournamentSettings {
  std::string name;
  std::string game, variant;
  TimeControl time_control;
  // "swiss", "round-robin", "double-round-robin", "knockout", or
  // "groups-knockout": groups playing round robins, then their top two
  // crossing over into a knockout (the xiangqi document's event).
  std::string format = "swiss";
  int rounds = 0;                       // Swiss: the organiser's; round robins: their tables'
  std::string scoring;                  // empty: the format's usual (3-1-0 for groups, else 1-0.5-0)
  std::vector<std::string> tie_breaks;  // the codes, in the organiser's order
  bool rated = false;
  std::int64_t starts_ms = 0;
  // After this long without a move from a player, the organiser may score
  // the board a forfeit (the xiangqi document's "弃权" after five minutes).
  std::int64_t forfeit_after_ms = 5 * 60'000;
  double bye_score = 1;  // a pairing-allocated bye: 1 (FIDE C.04.1) or ½
  // The games are played over the board, not in the app: a round makes no
  // games, and results come from the two players (both reporting the same)
  // or the organiser.
  bool over_the_board = false;
  // A knockout's matches (competition/match_format.h): the regular games,
  // the tie-break stages' games, and the last decider ("armageddon" or
  // "lot"). By default the xiangqi document's crossover match: two games,
  // then an armageddon game.
  int match_games = 2;
  // A groups-knockout's groups (2, 4 or 8, filled by serpentine seeding)
  // and how many games each pair of a group plays (the document: two).
  int groups = 2;
  int group_cycles = 2;
  std::vector<int> tie_break_games;
  std::string decider = "armageddon";
};

struct Entrant {
  int number = 0;  // starting rank, 1-based
  std::optional<std::int64_t> player_id;
  std::string name;
  int level = 0;  // an engine entrant's level (1-10); 0 for a person
  int rating = 0;
  bool withdrawn = false;
  // The first round the entrant could be paired in (1 from the start; a
  // late entry's first round is the next one).
  int first_round = 1;
};

struct Board {
  int number = 0;
  int first = 0, second = 0;          // entrants; second 0 is a bye for first
  std::string game_id;                // empty: no game (a bye, or a result entered without one)
  std::array<std::string, 2> tokens;  // the seats' tokens, given only to their players
  BoardResult result = BoardResult::None;
  std::string result_by;  // "game", "organiser", "pairing", "withdrawal"
  // What each player reported (over the board): the result once both agree.
  std::array<BoardResult, 2> reports{BoardResult::None, BoardResult::None};
  // A knockout's game: the bracket's round (1-based) and its match there
  // (1-based, in bracket order); 0 in other formats.
  int stage = 0, match = 0;
  // A group's game (1-based group); 0 in other stages and formats.
  int group = 0;
};

struct TournamentRound {
  int number = 0;
  std::int64_t started_ms = 0;
  std::vector<Board> boards;
  bool complete() const;
};

struct Tournament {
  std::string id;
  std::int64_t organiser = 0;
  std::string organiser_name;
  TournamentSettings settings;
  std::vector<Entrant> entrants;
  std::vector<TournamentRound> rounds;
  // The players of a round robin or a knockout (entrant numbers), fixed
  // when the first round is paired: in the order of the Berger table's
  // numbers, or of the bracket's seeds.
  std::vector<int> field;
  std::int64_t created_ms = 0;
  std::uint64_t version = 0;  // the stored version this copy was read at (0: never stored)

  // "open" (taking entries, no round yet), "running", "over" (every planned
  // round complete).
  std::string status() const;
  // Every planned round has its results (a knockout: its final is decided).
  bool finished() const;
  int rounds_planned() const;
  bool is_swiss() const { return settings.format == "swiss"; }
  // Ends with a bracket: a knockout, or groups then a knockout.
  bool is_knockout() const { return settings.format == "knockout" || has_groups(); }
  bool has_groups() const { return settings.format == "groups-knockout"; }
  // The organiser may pair the next round: entrants enough, the last round
  // complete, rounds left.
  bool can_start_round() const;
  const Entrant* entrant_of_player(std::int64_t player) const;
};

}  // namespace qi::app
