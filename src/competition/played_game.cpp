#include "competition/played_game.h"

namespace qi::competition {

int winner_of(const PlayedGame& g) {
  if (g.outcome.verdict != Verdict::Win) return -1;
  return g.outcome.winner == Side::First ? g.first : g.second;
}

double game_score(const PlayedGame& g, int player) {
  const int winner = winner_of(g);
  if (winner < 0) return 0.5;
  return winner == player ? 1.0 : 0.0;
}

}  // namespace qi::competition
