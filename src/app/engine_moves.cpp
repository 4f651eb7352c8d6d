#include "app/engine_moves.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <limits>

namespace qi::app {

EngineMoves::EngineMoves(GameTable& table, ClusterSync& cluster, Opponent& opponent, Clock& time,
                         const ManagerOptions& options, std::function<Status(Entry&, bool)> after_change)
    : table_(table),
      cluster_(cluster),
      opponent_(opponent),
      time_(time),
      options_(options),
      after_change_(std::move(after_change)),
      turns_(options.engine_threads) {}

EngineMoves::~EngineMoves() {
  close();
  join();
}

void EngineMoves::start_workers() {
  for (int i = 0; i < options_.engine_threads; ++i) workers_.emplace_back([this] { worker(); });
}

void EngineMoves::join() {
  for (std::thread& t : workers_)
    if (t.joinable()) t.join();
}

void EngineMoves::schedule(const Entry& e) {
  const Session& s = *e.session;
  if (!cluster_.runs(s) || !s.engine_to_move()) return;
  bool watching = s.setup().seats[0].kind == SeatKind::Engine && s.setup().seats[1].kind == SeatKind::Engine;
  const std::int64_t now = time_.now_ms();
  turns_.push({s.id(), e.engine_client, now + (watching ? options_.watch_delay_ms : 0)}, now);
}

bool EngineMoves::play(const EngineTurns::Search& search) {
  const std::string& id = search.turn.game;
  auto e = table_.find_in_memory(id);  // a game the engine is to move in stays in memory
  if (!e) return false;
  std::unique_ptr<Game> position;
  std::vector<std::string> moves;
  MoveRequest request;
  {
    std::lock_guard lock(e->mutex);
    // Not on a copy known to be behind a store that cannot be read: the
    // ticker reads it again, and the engine is queued then.
    if (!cluster_.refresh_if_stale(*e)) return false;
    Session& s = *e->session;
    if (e->removed || e->evicted) return false;
    if (!cluster_.mine(id)) return false;  // another server's engine plays it
    if (cluster_.flag_falls(*e)) (void)after_change_(*e, false);
    if (!s.engine_to_move()) return false;
    position = s.game().clone();
    moves = move_ids(s);
    request = move_request(s);
    request.stop = search.stop.get();
    e->search_stop = search.stop;
    e->search_plies = moves.size();
  }
  MoveText choice = opponent_.choose_move(*position, request);  // the slow part, without the lock
  std::lock_guard lock(e->mutex);
  if (e->search_stop == search.stop) e->search_stop.reset();
  // Stopped: the game no longer needs this move, the server is stopping
  // (the game resumes at its next start), or the search gave way to another
  // client's turn (it is queued again).
  if (search.stop->load()) return false;
  if (!cluster_.refresh_if_stale(*e)) return false;
  Session& s = *e->session;
  if (e->removed || e->evicted) return false;
  // An undo or a flag came first. (A new version from time alone, a seat
  // gone quiet, changes nothing the move depends on; any change that does
  // queues the engine again.)
  if (!s.engine_to_move() || move_ids(s) != moves) return false;
  // Shown to the players only once it is in the store.
  if (s.engine_move(choice.id, time_.now_ms())) (void)after_change_(*e, true);
  return true;
}

void EngineMoves::run_pending() {
  // Every turn, the pause of a watched game too.
  while (auto search = turns_.start(std::numeric_limits<std::int64_t>::max())) {
    play(*search);
    turns_.finish(*search);
  }
}

MoveRequest EngineMoves::move_request(const Session& s) const {
  Side side = s.game().side_to_move();
  const Seat& seat = s.setup().seats[index(side)];
  MoveRequest r;
  r.level = seat.level;
  r.handicap = s.setup().handicap;
  r.movetime_ms = seat.movetime_ms;
  const TimeControl& tc = s.clock().control();
  std::int64_t now = time_.now_ms();
  if (tc.kind == TimeControl::Kind::PerMove) {
    // A tenth of the time a move allows (3 s of xiangqi's 30 s), never an overrun.
    if (r.movetime_ms <= 0) r.movetime_ms = std::clamp<std::int64_t>(tc.base_ms / 10, 50, 3000);
  } else if (tc.timed()) {
    r.time_left_ms = s.clock().remaining_ms(side, now);
    r.opponent_time_ms = s.clock().remaining_ms(~side, now);
    r.increment_ms = tc.increment_ms;
  }
  return r;
}

void EngineMoves::worker() {
  // Searches are started from this thread and inherit its priority.
  if (options_.engine_idle_priority) {
    sched_param none{};
    (void)pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
  } else {
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), options_.engine_nice);
  }
  while (auto search = turns_.wait_and_start(time_)) {
    play(*search);
    turns_.finish(*search);
  }
}

}  // namespace qi::app
