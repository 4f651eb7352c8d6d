// Rating updates after a rated game, with the competition library's ratings: Elo as
// FIDE computes it (src/competition/rating/elo.h) and the level-and-points system
// of file 002 (src/competition/rating/level_points.h). Both are updated after every
// rated game. Engine levels carry fixed ratings (engine_level_elo,
// engine_level_points) and are never updated.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "app/storage/store.h"

namespace qi::app {

// The other side of a rated game, as the rating systems see it.
struct RatedOpponent {
  double elo = 1500;
  int points = 0;  // level-and-points
};

class RatingSystem {
 public:
  virtual ~RatingSystem() = default;
  // `score` is 1, 0.5 or 0 for `player`.
  virtual Rating update(const Rating& player, const RatedOpponent& opponent, double score) const = 0;
};

// Elo: FIDE's expected score (with the 400-point rule) and K-factor (40 for
// the first 30 games, 10 from 2400, else 20); level-and-points: file 002's
// table of gains, the loser losing what the winner gains.
class EloAndLevelPoints final : public RatingSystem {
 public:
  Rating update(const Rating& player, const RatedOpponent& opponent, double score) const override;
};

// The level-and-points standing kept in Rating::level_points as JSON text:
// {"points": N, "level": L} with L = 30 (lowest) .. 1 (highest), 0 unranked.
int level_points_of(const Rating& rating);
std::string level_points_json(int points);

// The fixed Elo of each engine level (1-10) in a game: that game's table of
// docs/levels.md (engine::level_table); none in a game whose levels carry no
// Elo.
std::optional<double> engine_level_elo(std::string_view game, int level);
// The fixed level-and-points standing of each engine level: 300 points a
// level (level 1: 300 points, rank 28; level 10: 3000 points, rank 1).
int engine_level_points(int level);

std::unique_ptr<RatingSystem> make_default_rating_system();

// The key a player's ratings in a game are kept under: the variant's own
// where its descriptor names one (Chess960: "chess960", so that a Chess960
// game never moves a chess rating), else the game's name.
std::string rating_key(std::string_view game, std::string_view variant);

}  // namespace qi::app
