#include "app/ratings.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "competition/rating/elo.h"
#include "competition/rating/level_points.h"
#include "engine/level_elo.h"
#include "engine/registry.h"

namespace qi::app {

namespace rating = qi::competition::rating;

int level_points_of(const Rating& r) {
  if (r.level_points.empty()) return 0;
  nlohmann::json j = nlohmann::json::parse(r.level_points, nullptr, false);
  if (!j.is_object() || !j.contains("points") || !j["points"].is_number_integer()) return 0;
  return j["points"].get<int>();
}

std::string level_points_json(int points) {
  return nlohmann::json{{"points", points}, {"level", rating::level_of(points)}}.dump();
}

Rating EloAndLevelPoints::update(const Rating& player, const RatedOpponent& opponent, double score) const {
  rating::FideStatus status;
  status.rating = player.elo;
  status.rated_games = player.games;
  status.reached_2400 = player.elo >= 2400;
  int k = rating::fide_k_factor(status);
  Rating out = player;
  out.elo = player.elo + rating::fide_rating_change(player.elo, k, {{opponent.elo, score}});
  out.games = player.games + 1;
  const Result result = score > 0.75 ? Result::Win : score < 0.25 ? Result::Loss : Result::Draw;
  int points = level_points_of(player);
  out.level_points =
      level_points_json(points + rating::level_points_change(points, opponent.points, result).first);
  return out;
}

std::optional<double> engine_level_elo(std::string_view game, int level) {
  return engine::elo_of_level(game, std::clamp(level, 1, 10));
}

int engine_level_points(int level) { return 300 * std::clamp(level, 1, 10); }

std::unique_ptr<RatingSystem> make_default_rating_system() { return std::make_unique<EloAndLevelPoints>(); }

std::string rating_key(std::string_view game, std::string_view variant) {
  if (const engine::GameRegistration* g = engine::find_game(game))
    if (const VariantDescriptor* v = g->descriptor().variant(variant); v && !v->rating_key.empty())
      return v->rating_key;
  return std::string(game);
}

}  // namespace qi::app
