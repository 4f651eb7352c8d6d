#include "app/statistics.h"

#include <algorithm>
#include <map>

namespace qi::app {

nlohmann::json player_statistics(Store& store, std::int64_t player) {
  struct Tally {
    int wins = 0, draws = 0, losses = 0;
    nlohmann::json json() const { return {{"wins", wins}, {"draws", draws}, {"losses", losses}}; }
  };
  std::map<std::string, Tally> by_game, by_opponent;
  Tally total;
  std::int64_t time_played = 0;
  int streak = 0, best_streak = 0;  // wins in a row: current and longest
  std::vector<GameSummary> games = store.list_games(100000, player);
  std::reverse(games.begin(), games.end());  // oldest first, for streaks
  for (const GameSummary& g : games) {
    if (g.status != "over") continue;
    int me = g.player_ids[0] == player ? 0 : 1;
    std::string opponent = g.levels[1 - me] > 0 ? "engine level " + std::to_string(g.levels[1 - me])
                                                : (g.names[1 - me].empty() ? "person" : g.names[1 - me]);
    int points = g.score == "1/2-1/2" ? 1 : ((g.score == "1-0") == (me == 0) ? 2 : 0);
    for (Tally* t : {&by_game[g.game], &by_opponent[opponent], &total}) {
      if (points == 2)
        ++t->wins;
      else if (points == 1)
        ++t->draws;
      else
        ++t->losses;
    }
    streak = points == 2 ? streak + 1 : 0;
    best_streak = std::max(best_streak, streak);
    time_played += std::max<std::int64_t>(0, g.updated_ms - g.created_ms);
  }
  nlohmann::json games_json = nlohmann::json::object(), opponents_json = nlohmann::json::object();
  for (const auto& [k, t] : by_game) games_json[k] = t.json();
  for (const auto& [k, t] : by_opponent) opponents_json[k] = t.json();
  return {{"total", total.json()},        {"by_game", games_json},          {"by_opponent", opponents_json},
          {"current_win_streak", streak}, {"best_win_streak", best_streak}, {"time_played_ms", time_played}};
}

}  // namespace qi::app
