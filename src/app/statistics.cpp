#include "app/statistics.h"

#include <algorithm>
#include <map>

namespace qi::app {

Expected<nlohmann::json> player_statistics(Store& store, std::int64_t player) {
  struct Tally {
    int wins = 0, draws = 0, losses = 0;
    std::int64_t time_ms = 0;
    nlohmann::json json() const {
      return {{"wins", wins},
              {"draws", draws},
              {"losses", losses},
              {"games", wins + draws + losses},
              {"time_played_ms", time_ms}};
    }
  };
  std::map<std::string, Tally> by_game, by_opponent, by_person;
  Tally total;
  // Streaks of the same result, oldest game first.
  char current = 0;  // 'w', 'd', 'l'
  int current_length = 0, longest_win = 0, longest_loss = 0, unbeaten = 0, longest_unbeaten = 0;
  auto listed = store.list_games(100000, player);
  if (!listed) return listed.error();
  std::vector<GameSummary> games = std::move(*listed);
  std::reverse(games.begin(), games.end());
  for (const GameSummary& g : games) {
    if (g.status != "over") continue;
    int me = g.player_ids[0] == player ? 0 : 1;
    bool engine = g.levels[1 - me] > 0;
    std::string opponent = engine ? "engine level " + std::to_string(g.levels[1 - me]) : "person";
    char result = g.score == "1/2-1/2" ? 'd' : ((g.score == "1-0") == (me == 0) ? 'w' : 'l');
    std::int64_t time = std::max<std::int64_t>(0, g.updated_ms - g.created_ms);
    std::vector<Tally*> tallies = {&by_game[g.game], &by_opponent[opponent], &total};
    if (!engine) tallies.push_back(&by_person[g.names[1 - me].empty() ? "?" : g.names[1 - me]]);
    for (Tally* t : tallies) {
      (result == 'w' ? t->wins : result == 'd' ? t->draws : t->losses)++;
      t->time_ms += time;
    }
    current_length = result == current ? current_length + 1 : 1;
    current = result;
    if (result == 'w') longest_win = std::max(longest_win, current_length);
    if (result == 'l') longest_loss = std::max(longest_loss, current_length);
    unbeaten = result == 'l' ? 0 : unbeaten + 1;
    longest_unbeaten = std::max(longest_unbeaten, unbeaten);
  }
  auto object = [](const std::map<std::string, Tally>& m) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [k, t] : m) j[k] = t.json();
    return j;
  };
  std::string current_name = current == 'w' ? "win" : current == 'd' ? "draw" : current == 'l' ? "loss" : "";
  return nlohmann::json{
      {"total", total.json()},
      {"by_game", object(by_game)},
      {"by_opponent", object(by_opponent)},
      {"by_person", object(by_person)},
      {"streaks",
       {{"current",
         {{"result", current_name.empty() ? nlohmann::json(nullptr) : nlohmann::json(current_name)},
          {"length", current_length}}},
        {"longest_win", longest_win},
        {"longest_loss", longest_loss},
        {"longest_unbeaten", longest_unbeaten}}},
      {"current_win_streak", current == 'w' ? current_length : 0},
      {"best_win_streak", longest_win},
      {"time_played_ms", total.time_ms}};
}

}  // namespace qi::app
