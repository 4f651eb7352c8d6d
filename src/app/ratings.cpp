#include "app/ratings.h"

#include <algorithm>
#include <cmath>

namespace qi::app {

Rating EloRatingSystem::update(const Rating& player, double opponent_elo, double score) const {
  double expected = 1.0 / (1.0 + std::pow(10.0, (opponent_elo - player.elo) / 400.0));
  double k = player.games < 30 ? 40.0 : 20.0;
  Rating out = player;
  out.elo = player.elo + k * (score - expected);
  out.games = player.games + 1;
  return out;
}

double engine_level_elo(int level) { return 600.0 + 160.0 * std::clamp(level, 1, 10); }

std::unique_ptr<RatingSystem> make_default_rating_system() { return std::make_unique<EloRatingSystem>(); }

}  // namespace qi::app
