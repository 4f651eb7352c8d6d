// A game in the table of games in memory (game_table.h): its session,
// the lock every request on it holds, what the table knows of its place in
// the store and in memory, and the engine's search running for it.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "app/session.h"
#include "app/storage/store.h"
#include "app/view_text.h"

namespace qi::app {

struct GameEntry {
  std::mutex mutex;
  std::condition_variable changed;
  std::unique_ptr<Session> session;
  std::int64_t last_saved_ms = 0;
  std::uint64_t saved_version = 0;            // the version last handed to the store
  std::atomic<std::int64_t> last_used_ms{0};  // the last request that found it
  // Requests waiting for its next change or working for it without its
  // lock (a draw answer being searched): it stays in memory meanwhile.
  int holds = 0;
  bool rated = false;    // its result has gone into the ratings
  bool removed = false;  // removed or expired: leaves the map at the next tick
  bool evicted = false;  // left memory: whoever still holds this entry finds the game again
  bool stored = false;   // in the store (read from it, or written): its writes are conditional
  bool stale = false;    // another server changed it: read it again before using it
  // The last view written (view_of), at view_ms, and what writes them.
  WrittenView view;
  std::int64_t view_ms = 0;
  ViewText view_text;
  // The client charged with the engine's turns: whose request last acted
  // on the game (none for a game resumed or taken over).
  std::string engine_client;
  // The engine's search running for the game, if any, and the plies it
  // searches after: stopped once the game no longer needs it.
  std::shared_ptr<std::atomic<bool>> search_stop;
  std::size_t search_plies = 0;
};

// A game's change when other servers may change it too: written on
// condition that the store still holds the version this copy knows. (A
// game not yet stored is written as it is.)
GameWrite write_of(const GameEntry& e, bool shared, std::int64_t now);

// The moves played, as the session keeps them (not written again): what an
// engine's search or a draw's judgement was made after.
std::vector<std::string> move_ids(const Session& s);

// Under the entry's lock: stops the engine's search when the game no
// longer needs it (over, removed, out of memory, its moves changed).
void stop_moot_search(GameEntry& e);

}  // namespace qi::app
