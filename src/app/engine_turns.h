// The engine's moves in games, shared fairly between clients. A game's turn
// is the client's whose request gave the engine the move (its address, as
// for analysis: analysis_queue.h); the manager's engine workers take the
// turns in this order: a client with fewer searches running first, among
// equals the one served longest ago, and each client's turns in the order
// they came. So a client runs several searches at once only while nobody
// else is waiting; when another client's turn is ready, every worker is busy
// and some client runs more than one search, that client's newest search
// gives way: it is stopped, its move is not played, and its turn goes back to
// the head of its client's queue. A client's turn therefore never waits for
// another client's second search, only for first searches, each of which the
// engine's ceiling on one move's time bounds (engine_opponent.h).
//
// Every running search has a stop flag: the manager sets it when the game no
// longer needs the move (resigned, aborted, removed, a move taken back, out
// of memory), and close() sets them all (the server stops).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "core/clock.h"

namespace qi::app {

class EngineTurns {
 public:
  // `workers`: the engine workers taking turns (a client gives way only
  // when all of them are busy).
  explicit EngineTurns(int workers);
  EngineTurns(const EngineTurns&) = delete;
  EngineTurns& operator=(const EngineTurns&) = delete;

  struct Turn {
    std::string game;
    std::string client;
    std::int64_t ready_ms = 0;  // not before (the pause of a watched engine-against-engine game)
  };
  // A turn being searched, and the flag that stops its search.
  struct Search {
    Turn turn;
    std::shared_ptr<std::atomic<bool>> stop;
    std::uint64_t number = 0;  // in the order searches started
  };

  // Queues a game's turn (a game already waiting is not queued twice), and
  // makes a search give way if the turn's client must not wait for it.
  void push(Turn turn, std::int64_t now);
  // The next turn in fair order that is ready at `now`, now running; none
  // when no turn is ready.
  std::optional<Search> start(std::int64_t now);
  // Waits until a turn is ready by `clock` and starts it; none once closed.
  std::optional<Search> wait_and_start(const Clock& clock);
  // The search has ended. True when it gave way: its turn is queued again,
  // at the head of its client's queue.
  bool finish(const Search& search);
  // Makes searches give way for ready turns of clients that run none, when
  // every worker is busy (push does it; call it as time passes too, for
  // turns that became ready later than they were queued).
  void rebalance(std::int64_t now);
  // Stops every running search and wakes the waiting workers: nothing more
  // is started.
  void close();

  struct Counts {
    std::uint64_t started = 0;   // searches begun
    std::uint64_t gave_way = 0;  // searches stopped for another client's turn
    std::size_t waiting = 0;     // turns queued now
    std::size_t running = 0;     // searches running now
  };
  Counts counts() const;
  // The searches running now for `client`.
  int running_for(const std::string& client) const;

 private:
  struct Client {
    std::deque<Turn> turns;
    int running = 0;
    std::uint64_t last_served = 0;  // the number of the last search started for it
  };
  struct Running {
    Search search;
    bool giving_way = false;
  };
  // Under mutex_.
  std::optional<Search> start_locked(std::int64_t now);
  void rebalance_locked(std::int64_t now);
  bool has_ready_turn(const Client& c, std::int64_t now) const;
  std::optional<std::int64_t> earliest_ready() const;

  const int workers_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, Client> clients_;  // with turns waiting or searches running
  std::set<std::string> queued_games_;     // games with a turn waiting
  std::vector<Running> running_;
  std::uint64_t next_number_ = 0;
  std::uint64_t gave_way_ = 0;
  bool closed_ = false;
};

}  // namespace qi::app
