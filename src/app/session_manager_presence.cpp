// Who has left the games in play, for the games list (SessionManager::gone_players).
#include "app/session_manager.h"

namespace qi::app {

std::optional<std::vector<Side>> SessionManager::gone_players(const GameSummary& game) {
  if (game.status == "over") return std::vector<Side>{};
  const std::int64_t now = time_.now_ms();
  // Not find_in_memory: a list that asks must not keep its games in memory.
  std::shared_ptr<Entry> e = table_.peek(game.id);
  std::vector<Side> gone;
  if (e) {
    std::lock_guard lock(e->mutex);
    if (e->removed || e->evicted || !e->session || e->session->over()) return std::nullopt;
    const Session& s = *e->session;
    for (Side side : {Side::First, Side::Second})
      if (!s.setup().seats[index(side)].open && !s.here(side, now)) gone.push_back(side);
    return gone;
  }
  // Out of memory: nobody's page has asked about it for its idle time, if
  // this server has run that long and holds all the games there are.
  if (shared() || now - started_ms_ < Session::kGoneAfterMs) return std::nullopt;
  for (Side side : {Side::First, Side::Second})
    if (game.levels[index(side)] == 0) gone.push_back(side);
  return gone;
}

}  // namespace qi::app
