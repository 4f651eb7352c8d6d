// All games being played: creates and resumes sessions, runs each request
// under the game's lock, plays the engine's moves on worker threads, watches
// the clocks, saves every change to the Store and updates ratings when a
// rated game ends. The server is a thin layer of JSON over this.
//
// No engine search runs under a game's lock. The engine's moves are shared
// fairly between clients (engine_turns.h), each search is stopped at once
// when its game no longer needs it (resigned, aborted, removed, a move taken
// back) or the server stops, and the engine's ceiling bounds any one
// search's time (engine_opponent.h). Analysis (reviews, hints) goes through
// a fair queue of its own (analysis_queue.h) and never delays the engine's
// moves in games. Games in memory are bounded: an unfinished game
// with nothing pending leaves memory when idle (or when too many are in
// memory) and comes back from the store on its next request.
//
// Several managers (servers) may share one store (cluster.h): each change is
// then written on condition that the stored game is the version this one
// knows, a game another server changed is read again before it is used, and
// only the holder of a game's lease runs its clock and its engine.
//
// It is a facade over classes of one concept each:
//   GameTable (game_table.h)     the games in memory: the map and its lock,
//                                finding, locking, bringing back from the
//                                store, waiting for changes, eviction of idle
//                                games, expiry of stored ones;
//   EngineMoves (engine_moves.h) the engine's turns: its workers, the fair
//                                queue (engine_turns.h), searches stopped
//                                when moot;
//   ClusterSync (cluster_sync.h) sharing the store with other servers:
//                                stale copies read again, leases, taking
//                                over a stopped server's games, the others'
//                                announcements and their worker;
//   RatingWrites (rating_writes.h) a rated game's end written with its
//                                rating changes;
//   AnalysisQueue (analysis_queue.h) the fair queue of reviews and hints.
// What ties them stays here: requests and views (session_manager.cpp, which
// also saves every change: after_change), the seats' actions
// (session_manager_actions.cpp), open seats and rematches
// (session_manager_seats.cpp), the ticker's rounds of the clocks
// (session_manager_tick.cpp), reviews and hints
// (session_manager_analysis.cpp), who has left
// (session_manager_presence.cpp).
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>
#include <vector>

#include "app/analysis_queue.h"
#include "app/cluster_sync.h"
#include "app/engine_moves.h"
#include "app/engine_turns.h"
#include "app/game_entry.h"
#include "app/game_table.h"
#include "app/manager_options.h"
#include "app/opponent.h"
#include "app/rating_writes.h"
#include "app/session.h"
#include "app/storage/cluster.h"
#include "app/storage/store.h"
#include "app/view_text.h"
#include "core/clock.h"

namespace qi::app {

class SessionManager {
 public:
  // `cluster`: the servers sharing the store (none: this one alone).
  SessionManager(Store& store, Opponent& opponent, Clock& time, ManagerOptions options = {},
                 Cluster* cluster = nullptr);
  ~SessionManager();
  SessionManager(const SessionManager&) = delete;
  SessionManager& operator=(const SessionManager&) = delete;

  // Loads the unfinished games of the store that something is pending for (a
  // running clock, the first-move rule, the engine to move); returns how
  // many. The others come back on their first request. Unrated games nobody
  // touched for expire_after_ms expire here.
  // Fails only when the store cannot be read.
  Expected<int> resume_unfinished();

  // A new game; the answer is the public view plus the human seats' tokens.
  // `record` (a FEN, PGN or PDN; see record_import.h) starts it from a
  // record's position with the record's moves played. `client` (the
  // requester's address) is charged with the engine's turns in it.
  Expected<nlohmann::json> create(SessionSetup setup, const std::string& record = {},
                                  const std::string& client = {});

  // The engine's review of a game: every position's score, win/draw/loss
  // chances (from the first player's side) and best move. Searched without
  // the game's lock, in `client`'s turn of the analysis queue (refused with
  // code "busy" when that client has too many waiting); kept per game and
  // number of moves, and a review asked for while the same one is being
  // searched waits for that search.
  Expected<nlohmann::json> review(const std::string& id, const std::string& client = {});
  // The same review as the JSON text the API sends (and the cache keeps).
  Expected<std::shared_ptr<const std::string>> review_text(const std::string& id,
                                                           const std::string& client = {});
  // The game's record (PGN, or PDN for checkers).
  Expected<nlohmann::json> record(const std::string& id);

  using WrittenView = app::WrittenView;
  // The public view of a game (loaded from the store if it is finished and
  // not in memory).
  Expected<nlohmann::json> view(const std::string& id);
  // The same as written: a view of the game's present version written at
  // most kViewReuseMs ago (an action's answer is its watchers' view of that
  // change), else a new one.
  Expected<WrittenView> shared_view(const std::string& id);
  static constexpr std::int64_t kViewReuseMs = 100;
  // For a client that polls: when the game in play is still at version
  // `seen`, only {"id", "version", "unchanged": true}; else the view.
  Expected<WrittenView> view_if_changed(const std::string& id, std::uint64_t seen);

  enum class Action {
    Move,
    Undo,
    Redo,
    Resign,
    OfferDraw,
    AcceptDraw,
    DeclineDraw,
    ProposeTakeback,
    AcceptTakeback,
    DeclineTakeback,
    WithdrawTakeback,
    ClaimDraw,
    Hint,
    Presence,  // the seat's page is still there
    Abort,
    ClaimAbandonedWin,
    ClaimAbandonedDraw,
    Remove,
  };
  // Runs an action for the seat holding `token`; for Action::Move, `move` is
  // the move's text or `squares` the squares it goes through (a page's
  // clicks). On success returns the new view (for Hint: the hint; for
  // Presence: the id and version; for Remove: {"removed": id}), once the
  // change is in the store: a failed save fails the request (code
  // "not_saved"). Every action counts as contact from the seat. A hint is
  // analysis in `client`'s turn (see review). A draw offered to an engine
  // seat is answered in the same request, the engine judging the position
  // without the game's lock; the offer and its answer are one change.
  // `other_token`, for Undo and Redo: the other seat's token, sent by a page
  // that holds both seats (two people at one screen), whose takebacks need
  // no proposal.
  Expected<nlohmann::json> act(const std::string& id, const std::string& token, Action action,
                               const std::string& move = {}, bool offer_draw_with_move = false,
                               const std::vector<std::string>& squares = {}, const std::string& client = {},
                               const std::string& other_token = {});
  // The same, answered as written JSON text: a view is then the one its
  // watchers are sent, not written again.
  Expected<WrittenView> act_written(const std::string& id, const std::string& token, Action action,
                                    const std::string& move = {}, bool offer_draw_with_move = false,
                                    const std::vector<std::string>& squares = {},
                                    const std::string& client = {}, const std::string& other_token = {});

  // --- Open seats and rematches (session_manager_seats.cpp) ---------------
  // Takes the open seat whose invite this is (first claim wins; later ones:
  // "seat_taken"): the view with "side" and the seat's "token", once stored.
  Expected<nlohmann::json> claim_seat(const std::string& id, const std::string& invite,
                                      std::optional<std::int64_t> player_id, std::string name);
  // A seat of a finished game asks for a rematch: the view, which says it
  // is offered; when the other seat has asked too (or is the engine) the new
  // game is made, colours swapped, and the answer's "rematch" carries its id
  // with this seat's "token" and "side" in it (asking again answers the same).
  Expected<nlohmann::json> rematch(const std::string& id, const std::string& token);

  // The game a session plays ("chess"), or "" when there is no such game.
  std::string game_name(const std::string& id);

  // The people who have left a game in play (their page out of touch for
  // Session::kGoneAfterMs), for the games list (session_manager_presence.cpp):
  // from their contact while the game is in memory; a game out of memory has
  // had no page in touch for its idle time (a page in touch keeps its game
  // in memory), so every person of it has left, unless this server started
  // too recently to tell or shares its games with other servers (nullopt:
  // not known). Never loads a game.
  std::optional<std::vector<Side>> gone_players(const GameSummary& game);

  enum class Access { Ok, NoSuchGame, NotASeat };
  // Whether `token` holds a seat of game `id` in play (an error: the store
  // could not be read, or the game is damaged).
  Expected<Access> check_token(const std::string& id, const std::string& token);

  // Waits until the game's version exceeds `seen` or `timeout_ms` passes; the
  // current version, or 0 when there is no such game or it left memory
  // meanwhile (removed, expired, or finished for 10 minutes). A game waited
  // for does not leave memory for being idle; one out of memory is brought
  // back.
  std::uint64_t wait_for_change(const std::string& id, std::uint64_t seen, std::int64_t timeout_ms);
  // Called with a game's id whenever its version may have changed (under the
  // game's lock: the listener must only note it, as an event loop's post).
  void set_change_listener(std::function<void(const std::string& id)> listener);

  // Checks every clock (the background thread calls it).
  void tick();
  // Handles what the other servers announced (a background thread does it;
  // a test driving the manager calls it).
  void handle_cluster_events();
  // Called with what other servers announce besides changes (their
  // spectators), for the server's own counts.
  void set_remote_listener(std::function<void(const ClusterEvent&)> listener);
  // This server's name among those sharing the store, and whether any may.
  const std::string& instance() const { return cluster_.cluster().instance(); }
  bool shares_store() const { return cluster_.shared(); }
  // Games whose lease this server took over from a server that stopped, so far.
  std::uint64_t games_taken_over() const { return cluster_.taken_over(); }
  // Plays all pending engine moves now, on this thread (for tests).
  void run_engine_moves();
  // The server is stopping: every engine search ends at once (its move is
  // not played: the game resumes at the next start), analysis waiting is
  // answered "the server is stopping", requests waiting for a change are
  // woken, and no engine move starts any more. The destructor does it too.
  void shutdown();
  EngineTurns::Counts engine_counts() const { return engine_.counts(); }
  // Games in memory now.
  std::size_t active_games();
  AnalysisQueue::Counts analysis_counts() const { return analysis_.counts(); }
  std::size_t analysis_waiting() const { return analysis_.waiting(); }

 private:
  // A game in the table (game_entry.h).
  using Entry = GameEntry;

  // --- Requests and views (session_manager.cpp) -----------------------------
  // The game's view as of now, under its lock: the last one built if it is of
  // this version and fresh (kViewReuseMs), else a new one, kept.
  WrittenView view_of(Entry& e, std::int64_t now);
  // An answer that is no view, as written text; and written text read back.
  static WrittenView written(const nlohmann::json& answer);
  static Expected<nlohmann::json> parsed(const Expected<WrittenView>& view);
  // Adds a session and saves it (waiting for the commit when `durable`).
  Status add(std::unique_ptr<Session> session, bool durable, const std::string& client = {});
  // Under the entry's lock: persist (waiting for the commit when `durable`;
  // always when the change brings rating changes, which are written in the
  // same transaction as the result), wake watchers, queue the engine.
  Status after_change(Entry& e, bool durable);

  // --- The seats' actions (session_manager_actions.cpp) ---------------------
  Expected<nlohmann::json> remove(const std::string& id, const std::string& token);

  // --- The ticker's rounds (session_manager_tick.cpp) -----------------------
  void ticker();

  // --- Reviews and hints (session_manager_analysis.cpp) ---------------------
  Expected<nlohmann::json> hint(const std::string& id, const std::string& token, const std::string& client);
  // The review's search and its JSON (on an analysis worker).
  Expected<std::shared_ptr<const std::string>> review_now(const std::string& id, const std::string& key,
                                                          const Game& game);
  // A copy of the game being played or stored.
  Expected<std::unique_ptr<Game>> game_copy(const std::string& id);

  bool shared() const { return cluster_.shared(); }

  // The order of the members is the order of their use: each is built after
  // what it uses, and destroyed before it. The destructor first stops and
  // joins every thread (the ticker, the engine workers, the cluster's
  // worker), which reach across the parts (an engine move is saved by
  // after_change; a refresh queues the engine), so that no thread runs while
  // any part is destroyed.
  Store& store_;
  Opponent& opponent_;
  Clock& time_;
  ManagerOptions options_;
  RatingWrites ratings_;
  GameTable table_;
  ClusterSync cluster_;
  EngineMoves engine_;

  std::mutex tick_mutex_;  // one tick at a time (a test may tick beside the ticker)
  const std::int64_t started_ms_ = time_.now_ms();

  std::mutex review_mutex_;
  std::map<std::string, std::shared_ptr<const std::string>> reviews_;  // texts, by "id/plies"

  std::atomic<bool> stopping_{false};
  std::thread ticker_;

  // Last: its workers run jobs that use the members above (the opponent,
  // the table, the reviews), so it stops first.
  AnalysisQueue analysis_;
};

std::string new_game_id();  // 12 random hex digits

}  // namespace qi::app
