// Rating updates after a rated game, behind an interface so that the arena's
// rating library (Elo and file 002's level-and-points system) can replace the
// placeholder here without touching sessions or storage.
#pragma once

#include <memory>
#include <string>

#include "app/store.h"

namespace qi::app {

class RatingSystem {
 public:
  virtual ~RatingSystem() = default;
  // `score` is 1, 0.5 or 0 for `player` against an opponent rated `opponent_elo`.
  virtual Rating update(const Rating& player, double opponent_elo, double score) const = 0;
};

// The logistic Elo formula: expected = 1 / (1 + 10^((opponent - player) / 400)),
// K = 40 for a player's first 30 games, then 20 (FIDE's choices). The
// level-and-points standing stays empty until the arena library provides it.
class EloRatingSystem final : public RatingSystem {
 public:
  Rating update(const Rating& player, double opponent_elo, double score) const override;
};

// The fixed rating of each engine level (1-10). A placeholder scale until
// docs/levels.md gives the measured figures.
double engine_level_elo(int level);

std::unique_ptr<RatingSystem> make_default_rating_system();

}  // namespace qi::app
