// A tournament in FIDE's Tournament Report File (TRF-2016, with the lines the
// pairing programs added: XXR the number of rounds, XXC the first round's
// colour, BBW/BBD/BBL/BBZ/BBF/BBU the points of a result), read into what a
// Swiss pairing needs and written back. Points are counted in tenths, as the
// file writes them, so that sums are exact.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"

namespace qi::competition::swiss {

// The bounds the reader holds a file to: TRF's own columns allow 9999
// players; a club's or a school's event is far smaller.
inline constexpr int kMaxTrfPlayers = 9999;
inline constexpr int kMaxTrfRounds = 99;
inline constexpr std::size_t kMaxTrfBytes = 16 * 1024 * 1024;

// One round of a player's line: the opponent's starting rank (0: none), the
// colour ('w', 'b' or '-') and the result code ('1', '0', '=', '+', '-',
// 'W', 'D', 'L', 'H', 'F', 'U', 'Z', or ' ' when none is known yet).
struct TrfRound {
  int opponent = 0;
  char colour = '-';
  char result = ' ';

  // A game over the board: only these give colours and opponents to the
  // pairing (a forfeited game is an unplayed game to FIDE's general handling
  // rules for Swiss tournaments, C.04.2).
  bool played() const;
  // The player was paired in the round: a game, played or forfeited, or the
  // pairing-allocated bye.
  bool paired() const;
  // A bye the pairing gave, or a point without a game that counts as one
  // for the rule that a player gets at most one (FIDE C.04.1: nor after a
  // win by forfeit).
  bool is_point_without_game() const;
};

struct TrfPlayer {
  int id = 0;            // the starting rank (pairing number)
  std::string identity;  // columns 10-80: sex, title, name, rating, federation, FIDE id, birth
  std::string name;
  int rating = 0;
  int declared_points = 0;  // tenths, as the file states it
  int rank = 0;
  std::vector<TrfRound> rounds;
};

// The points of each result, in tenths (FIDE's 1/½/0 unless the file says).
struct TrfPoints {
  int win = 10;
  int draw = 5;
  int loss = 0;
  int zero_bye = 0;      // BBZ
  int forfeit_loss = 0;  // BBF
  int pairing_bye = 10;  // BBU: the pairing-allocated bye
  bool pairing_bye_set = false;
};

struct TrfTournament {
  std::vector<std::string> other_lines;  // kept in order for the writer
  std::vector<TrfPlayer> players;        // by starting rank (id 1 first)
  int total_rounds = 0;                  // XXR, 0 when absent
  char first_colour = ' ';               // XXC: 'w' or 'b' for the top player in round 1, ' ' unknown
  TrfPoints points;

  // The rounds with results or pairings in the file.
  int rounds_in_file() const;
  // The points a player has after `rounds` rounds, in tenths.
  int score(const TrfPlayer& player, int rounds) const;
  int result_points(const TrfRound& round) const;
  const TrfPlayer* find(int id) const;
};

// Reads a TRF; an error names the line and column ("TRF line 7, column 92: ...").
Expected<TrfTournament> read_trf(std::string_view text);

// Writes it back in the same layout (what read_trf reads to the same value).
std::string write_trf(const TrfTournament& tournament);

// Formats tenths as a TRF writes points: "1.5".
std::string format_points(int tenths);

}  // namespace qi::competition::swiss
