#include "competition/crosstable.h"

#include <algorithm>

namespace qi::competition {

bool voluntarily_unplayed(RoundKind kind) {
  return kind == RoundKind::HalfPointBye || kind == RoundKind::ZeroPointBye || kind == RoundKind::ForfeitLoss;
}

Crosstable::Crosstable(int players, int rounds)
    : rounds_(rounds), results_(players, std::vector<RoundResult>(rounds)), ratings_(players, 0) {}

Crosstable Crosstable::from_games(int players, const std::vector<PlayedGame>& games) {
  std::vector<int> played(players, 0);
  for (const PlayedGame& g : games) ++played[g.first], ++played[g.second];
  Crosstable table(players, players ? *std::max_element(played.begin(), played.end()) : 0);
  std::vector<int> next(players, 0);
  for (const PlayedGame& g : games) {
    for (const bool first : {true, false}) {
      const int me = first ? g.first : g.second;
      table.results_[me][next[me]++] = {RoundKind::Played, first ? g.second : g.first, first,
                                        game_score(g, me)};
    }
  }
  return table;
}

void Crosstable::add_game(int round, const PlayedGame& g) {
  results_[g.first][round] = {RoundKind::Played, g.second, true, game_score(g, g.first)};
  results_[g.second][round] = {RoundKind::Played, g.first, false, game_score(g, g.second)};
}

void Crosstable::add_forfeit(int round, int present, int absent, bool present_first) {
  results_[present][round] = {RoundKind::ForfeitWin, absent, present_first, 1.0};
  results_[absent][round] = {RoundKind::ForfeitLoss, present, !present_first, 0.0};
}

void Crosstable::add_bye(int round, int player, RoundKind kind) {
  double score = 0;
  if (kind == RoundKind::PairingBye) score = pairing_bye_score_;
  if (kind == RoundKind::FullPointBye) score = 1.0;
  if (kind == RoundKind::HalfPointBye) score = 0.5;
  results_[player][round] = {kind, -1, false, score};
}

}  // namespace qi::competition
