#include "app/storage/stored_game.h"

#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>

#include "app/session_json.h"
#include "app/storage/store.h"
#include "core/utf8.h"

namespace qi::app {

GameWrite write_of(const Session& s, std::int64_t now) {
  const Outcome o = s.outcome();
  GameWrite w{s.save(now), o, s.game().words(o), static_cast<int>(s.referee().plies())};
  w.to_move = s.game().side_to_move();
  return w;
}

Error report_damaged_game(const std::string& id, Error error) {
  // Bounded: beyond it every damaged game is reported each time it is met,
  // which only a database with thousands of damaged rows would see.
  static constexpr std::size_t kRemembered = 4096;
  static std::mutex mutex;
  static std::set<std::string> reported;
  std::lock_guard lock(mutex);
  if (reported.size() >= kRemembered || reported.insert(id).second)
    std::cerr << "qi: " << valid_utf8(error.message) << std::endl;
  return error;
}

Expected<Session::Saved> read_stored_game(const std::string& id, const std::string& state) {
  auto damaged = [&](const std::string& why) { return report_damaged_game(id, game_damaged(id, why)); };
  nlohmann::json j = nlohmann::json::parse(state, nullptr, false);
  if (j.is_discarded()) return damaged("its state is not JSON");
  if (!j.is_object()) return damaged("its state is not a JSON object");
  auto saved = saved_from_json(j);
  if (!saved) return damaged("its state: " + saved.error().message);
  if (saved->id != id) return damaged("its state is of game " + saved->id);
  return std::move(*saved);
}

Expected<std::unique_ptr<Session>> restore_stored_game(const Session::Saved& saved, std::int64_t now,
                                                       const Session* known) {
  auto session = Session::restore(saved, now, known);
  if (!session)
    return report_damaged_game(saved.id,
                               game_damaged(saved.id, "it does not replay: " + session.error().message));
  return session;
}

}  // namespace qi::app
