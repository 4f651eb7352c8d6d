// A crosstable: for every player and round, how the round went (a game, a
// forfeit or a bye), against whom, in which colour and for what score. The
// tie-breaks (tie_breaks.h) are functions over it.
//   Unplayed rounds follow the categories of the FIDE Tie-Break Regulations
//   (C.07, 2024, article 16.2): a pairing-allocated bye, a forfeit win and a
//   full-point bye count for the player; a half-point bye, a zero-point bye
//   (absent, not yet entered, withdrawn) and a forfeit loss are the player's
//   own choice or fault, "voluntary unplayed rounds", which Buchholz cuts first
//   and which count as draws for the opponents once the player stops playing.
#pragma once

#include <vector>

#include "competition/played_game.h"

namespace qi::competition {

enum class RoundKind {
  Played,        // a game over the board
  ForfeitWin,    // the opponent did not come
  ForfeitLoss,   // did not come
  PairingBye,    // left over by the pairing (an odd number of players)
  FullPointBye,  // a bye worth a win, by the organiser's rules
  HalfPointBye,  // a requested bye worth a draw
  ZeroPointBye,  // not paired: absent, entered late, withdrawn
};

// Unplayed by the player's own choice or fault (FIDE C.07 16.2.5).
bool voluntarily_unplayed(RoundKind kind);

struct RoundResult {
  RoundKind kind = RoundKind::ZeroPointBye;
  int opponent = -1;   // -1 for a bye
  bool first = false;  // moved first (white, red)
  double score = 0;    // the game score, 1, ½ or 0, before the scoring system
  bool played() const { return kind == RoundKind::Played; }
};

class Crosstable {
 public:
  // Every round of every player starts as a zero-point bye.
  Crosstable(int players, int rounds);

  // The games and results of a round robin or a match list, without rounds:
  // each player's k-th game becomes its round k.
  static Crosstable from_games(int players, const std::vector<PlayedGame>& games);

  int players() const { return static_cast<int>(results_.size()); }
  int rounds() const { return rounds_; }
  const RoundResult& at(int player, int round) const { return results_[player][round]; }

  // Rounds are 0-based.
  void add_game(int round, const PlayedGame& game);
  // `present` came, `absent` did not; `present_first` says who would have
  // moved first.
  void add_forfeit(int round, int present, int absent, bool present_first = true);
  // A bye of any kind: its score follows the kind (a pairing-allocated bye
  // scores `pairing_bye_score`).
  void add_bye(int round, int player, RoundKind kind);

  // What a pairing-allocated bye is worth: 1 (a win, FIDE C.04.1 c) or ½ (a
  // draw), as the organiser says. Set it before adding byes.
  void set_pairing_bye_score(double game_score) { pairing_bye_score_ = game_score; }

  // Ratings for the average rating of opponents; 0 is unrated.
  void set_rating(int player, int rating) { ratings_[player] = rating; }
  int rating(int player) const { return ratings_[player]; }

 private:
  int rounds_;
  double pairing_bye_score_ = 1.0;
  std::vector<std::vector<RoundResult>> results_;
  std::vector<int> ratings_;
};

}  // namespace qi::competition
