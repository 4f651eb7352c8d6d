#include "app/game_entry.h"

#include "app/storage/stored_game.h"

namespace qi::app {

GameWrite write_of(const GameEntry& e, bool shared, std::int64_t now) {
  GameWrite w = write_of(*e.session, now);
  if (shared && e.stored) w.expected_version = e.saved_version;
  return w;
}

std::vector<std::string> move_ids(const Session& s) {
  std::vector<std::string> out;
  out.reserve(s.moves().size());
  for (const MoveText& m : s.moves()) out.push_back(m.id);
  return out;
}

void stop_moot_search(GameEntry& e) {
  if (!e.search_stop) return;
  const Session& s = *e.session;
  if (e.removed || e.evicted || s.over() || !s.engine_to_move() || s.moves().size() != e.search_plies)
    e.search_stop->store(true);
}

}  // namespace qi::app
