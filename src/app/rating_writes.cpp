#include "app/rating_writes.h"

#include <array>
#include <optional>
#include <utility>

namespace qi::app {

RatingWrites::RatingWrites(Store& store) : store_(store), system_(make_default_rating_system()) {}

Status RatingWrites::save_result(const Session& s, GameWrite write, std::int64_t now, bool& handed_over) {
  handed_over = false;
  std::lock_guard lock(mutex_);
  auto already = store_.rated_already(s.id());
  if (!already) return already.error();
  auto rated = *already ? std::vector<RatingWrite>() : changes(s, now);
  if (!rated) return rated.error();
  write.ratings = std::move(*rated);
  handed_over = true;
  return store_.save_game(write);
}

Expected<std::vector<RatingWrite>> RatingWrites::changes(const Session& s, std::int64_t now) {
  Outcome o = s.outcome();
  if (o.verdict != Verdict::Win && o.verdict != Verdict::Draw)
    return std::vector<RatingWrite>();  // aborted: no result
  const auto& seats = s.setup().seats;
  std::array<RatedOpponent, 2> as_opponent{};
  std::array<std::optional<Rating>, 2> before;
  for (int i = 0; i < 2; ++i) {
    if (seats[i].kind == SeatKind::Engine) {
      // An engine level with no Elo in this game rates nobody.
      const std::optional<double> elo = engine_level_elo(s.setup().game, seats[i].level);
      if (!elo) return std::vector<RatingWrite>();
      as_opponent[i] = {*elo, engine_level_points(seats[i].level)};
    } else if (seats[i].player_id) {
      const std::string key = rating_key(s.setup().game, s.setup().variant);
      auto stored = store_.rating(*seats[i].player_id, key);
      if (!stored) return stored.error();
      before[i] = stored->value_or(Rating{*seats[i].player_id, key, 1500, 0, level_points_json(0)});
      as_opponent[i] = {before[i]->elo, level_points_of(*before[i])};
    }
  }
  // Both sides are rated from the ratings before the game.
  std::vector<RatingWrite> out;
  for (int i = 0; i < 2; ++i) {
    if (!before[i]) continue;
    double score = o.verdict == Verdict::Draw ? 0.5 : (index(o.winner) == i ? 1.0 : 0.0);
    out.push_back({system_->update(*before[i], as_opponent[1 - i], score), now});
  }
  return out;
}

}  // namespace qi::app
