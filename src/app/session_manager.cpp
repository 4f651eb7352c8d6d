#include "app/session_manager.h"

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "app/record_import.h"
#include "app/refusal_codes.h"
#include "app/review_marks.h"
#include "app/session_json.h"
#include "app/stored_game.h"
#include "core/text.h"
#include "engine/registry.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace qi::app {

std::string new_game_id() { return new_token().substr(0, 12); }

namespace {

// How often a server sharing the store looks for games whose server stopped.
constexpr std::int64_t kTakeoverCheckMs = 1000;

// What the store keeps of a game: its state, and its ending with the words.
GameWrite write_of(const Session& s, std::int64_t now) {
  const Outcome o = s.outcome();
  GameWrite w{s.save(now), o, s.game().words(o), static_cast<int>(s.referee().plies())};
  w.to_move = s.game().side_to_move();
  return w;
}

// A game's change when other servers may change it too: written on
// condition that the store still holds the version this copy knows. (A
// game not yet stored is written as it is.)
template <class Entry>
GameWrite write_of(const Entry& e, bool shared, std::int64_t now) {
  GameWrite w = write_of(*e.session, now);
  if (shared && e.stored) w.expected_version = e.saved_version;
  return w;
}

// An imported record's players become the names of seats that have none.
void name_seats_from_tags(SessionSetup& setup) {
  auto game = make_game(setup.game, setup.variant);
  if (!game) return;
  const RecordDialect dialect = (*game)->record_dialect();
  for (int i = 0; i < 2; ++i) {
    Seat& seat = setup.seats[i];
    if (seat.kind != SeatKind::Human || !seat.name.empty()) continue;
    for (const auto& [tag, value] : setup.tags)
      if (tag == dialect.player_tags[i] && !value.empty() && value != "?") seat.name = value.substr(0, 64);
  }
}

}  // namespace

SessionManager::SessionManager(Store& store, Opponent& opponent, Clock& time, ManagerOptions options,
                               Cluster* cluster)
    : store_(store),
      opponent_(opponent),
      time_(time),
      options_(options),
      cluster_(cluster ? *cluster : solo_),
      ratings_(make_default_rating_system()),
      turns_(options_.engine_threads),
      analysis_(options_.analysis) {
  last_sweep_ms_ = time_.now_ms();
  if (options_.background_threads) {
    for (int i = 0; i < options_.engine_threads; ++i) threads_.emplace_back([this] { engine_worker(); });
    threads_.emplace_back([this] { ticker(); });
  }
  if (shared()) {
    cluster_.set_listener([this](const ClusterEvent& event) {
      {
        std::lock_guard lock(events_mutex_);
        events_.push_back(event);
      }
      events_cv_.notify_one();
    });
    if (options_.background_threads) threads_.emplace_back([this] { cluster_worker(); });
  }
}

SessionManager::~SessionManager() {
  if (shared()) cluster_.set_listener(nullptr);
  shutdown();
  for (std::thread& t : threads_) t.join();
}

void SessionManager::shutdown() {
  stopping_ = true;
  turns_.close();
  analysis_.close();
  events_cv_.notify_all();
  // Requests waiting for a change of a game: each is woken under its
  // game's lock, so that none misses it between its check and its wait.
  std::vector<std::shared_ptr<Entry>> entries;
  {
    std::shared_lock lock(map_mutex_);
    for (const auto& [id, e] : sessions_) entries.push_back(e);
  }
  for (const auto& e : entries) {
    std::lock_guard lock(e->mutex);
    e->changed.notify_all();
  }
}

std::shared_ptr<SessionManager::Entry> SessionManager::find_in_memory(const std::string& id) {
  std::shared_lock lock(map_mutex_);
  auto it = sessions_.find(id);
  if (it == sessions_.end()) return nullptr;
  it->second->last_used_ms = time_.now_ms();
  return it->second;
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::find(const std::string& id) {
  if (auto e = find_in_memory(id)) return e;
  // An unfinished game that left memory comes back as it was stored.
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return std::shared_ptr<Entry>();
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  if ((*session)->over()) return std::shared_ptr<Entry>();
  return adopt(std::move(*session));
}

std::shared_ptr<SessionManager::Entry> SessionManager::adopt(std::unique_ptr<Session> session) {
  const std::string id = session->id();
  auto entry = std::make_shared<Entry>();
  entry->session = std::move(session);
  entry->saved_version = entry->session->version();
  entry->stored = true;
  entry->last_saved_ms = time_.now_ms();
  entry->last_used_ms = time_.now_ms();
  entry->rated = entry->session->setup().rated && entry->session->over();
  {
    std::unique_lock map_lock(map_mutex_);
    auto [it, fresh] = sessions_.try_emplace(id, entry);
    if (!fresh) {
      it->second->last_used_ms = time_.now_ms();
      return it->second;  // another request brought it back first
    }
  }
  {
    std::lock_guard lock(entry->mutex);
    schedule_engine(*entry);
  }
  return entry;
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::lock_game(const std::string& id,
                                                                           std::unique_lock<std::mutex>& lock,
                                                                           bool reopen_finished) {
  // Leaving memory takes the game's lock, so a game found unlocked may leave
  // before it is locked: it is then found (brought back) again. Leaving
  // twice in a row needs it idle twice in a row: two tries are plenty.
  for (int tries = 0; tries < 3; ++tries) {
    auto found = reopen_finished ? find_or_reopen(id) : find(id);
    if (!found || !*found) return found;
    std::shared_ptr<Entry> e = std::move(*found);
    lock = std::unique_lock(e->mutex);
    // A copy known to be behind the store is not used while the store
    // cannot be read.
    if (Status st = refresh_if_stale(*e); !st) {
      lock.unlock();
      return st.error();
    }
    if (!e->evicted) return e;
    lock.unlock();
  }
  return std::shared_ptr<Entry>();
}

bool SessionManager::may_leave(const Entry& e) const {
  const Session& s = *e.session;
  if (e.removed || e.evicted || e.holds > 0) return false;
  if (s.over()) return true;
  return !s.engine_to_move() && !s.watched_by_clock();
}

Status SessionManager::add(std::unique_ptr<Session> session, bool durable, const std::string& client) {
  auto entry = std::make_shared<Entry>();
  entry->session = std::move(session);
  entry->engine_client = client;
  entry->last_used_ms = time_.now_ms();
  std::string id = entry->session->id();
  Status saved = Ok{};
  {
    std::lock_guard lock(entry->mutex);
    {
      std::unique_lock map_lock(map_mutex_);
      sessions_[id] = entry;
    }
    saved = after_change(*entry, durable);
    if (!saved) {
      // Not in the store: not acknowledged, so not kept either; the store's
      // retry of its first save is replaced by its removal.
      entry->removed = true;
      GameWrite gone = write_of(*entry->session, time_.now_ms());
      gone.remove = true;
      store_.save_game_soon(gone);
    }
  }
  if (!saved) {
    std::unique_lock map_lock(
        map_mutex_);  // never while holding a game's lock (tick takes them in this order)
    sessions_.erase(id);
  }
  return saved;
}

std::size_t SessionManager::active_games() {
  std::shared_lock lock(map_mutex_);
  return sessions_.size();
}

Expected<int> SessionManager::resume_unfinished() {
  auto unfinished = store_.unfinished_games();
  if (!unfinished) return unfinished.error();
  if (shared()) {
    // The other servers run their games already: only games with something
    // pending whose lease nobody living holds are this one's to run.
    int count = 0;
    for (const Session::Saved& saved : *unfinished) {
      auto session = restore_stored_game(saved, time_.now_ms());
      if (!session || (!(*session)->engine_to_move() && !(*session)->watched_by_clock())) continue;
      if (!cluster_.claim(saved.id)) continue;
      adopt(std::move(*session));
      ++count;
    }
    return count;
  }
  int count = 0;
  std::int64_t now = time_.now_ms();
  for (const Session::Saved& saved : *unfinished) {
    const bool expired = !saved.setup.rated && now - saved.updated_ms > options_.expire_after_ms;
    // Only these can have anything pending; a game between two people
    // without a clock waits in the store for its next request.
    const bool engine_seat =
        saved.setup.seats[0].kind == SeatKind::Engine || saved.setup.seats[1].kind == SeatKind::Engine;
    const bool clock = saved.clock.running || saved.setup.rated || saved.setup.time_control.timed();
    if (!expired && !engine_seat && !clock) continue;
    auto session = restore_stored_game(saved, now);
    if (!session) continue;  // a game this build cannot replay stays in the file untouched (and is reported)
    if (expired) {
      GameWrite gone = write_of(**session, now);
      gone.remove = true;
      store_.save_game_soon(gone);
      continue;
    }
    if (!(*session)->engine_to_move() && !(*session)->watched_by_clock()) continue;
    (void)add(std::move(*session), false);  // already in the store
    ++count;
  }
  return count;
}

Expected<nlohmann::json> SessionManager::create(SessionSetup setup, const std::string& record,
                                                const std::string& client) {
  ImportedGame imported;
  if (!record.empty()) {
    if (!setup.fen.empty() || !setup.handicap.empty())
      return make_error("choose a record, a start position or a handicap, not several");
    if (setup.rated) return make_error("a game started from a record cannot be rated");
    auto read = import_record(setup.game, setup.variant, record);
    if (!read) return read.error();
    imported = std::move(*read);
    setup.variant = imported.variant;
    setup.fen = imported.start_fen;
    setup.tags = imported.tags;
    name_seats_from_tags(setup);
  }
  for (Seat& seat : setup.seats)
    if (seat.player_id) {
      auto p = store_.player(*seat.player_id);
      if (!p) return p.error();
      if (!*p) return make_error("there is no player " + std::to_string(*seat.player_id));
      if (seat.name.empty()) seat.name = (*p)->name;
    }
  if (setup.rated && setup.seats[0].kind == SeatKind::Human && setup.seats[1].kind == SeatKind::Human &&
      ((!setup.seats[0].player_id && !setup.seats[0].open) ||
       (!setup.seats[1].player_id && !setup.seats[1].open)))
    return make_error("a rated game between people needs a player profile in each seat");
  auto session = Session::create(new_game_id(), std::move(setup), time_.now_ms());
  if (!session) return session.error();
  if (!imported.moves.empty())
    if (Status st = (*session)->play_history(imported.moves, time_.now_ms()); !st) return st.error();
  nlohmann::json view = public_view(**session, time_.now_ms());
  // What the start position's FEN was read as otherwise than written (chess:
  // a castling right the board cannot have, dropped), for the caller to say.
  const std::vector<std::string> warnings =
      record.empty() ? (*session)->game().fen_warnings() : imported.fen_warnings;
  if (!warnings.empty()) view["fen_warnings"] = warnings;
  if (!record.empty()) {
    // Where the record played on past an ending by rule: the ply, and the
    // ruling in words.
    nlohmann::json rulings = nlohmann::json::array();
    for (const Ruling& r : imported.rulings)
      rulings.push_back({{"ply", r.ply}, {"outcome", outcome_json(r.outcome, &(*session)->game())}});
    // Where the record left its variant open, what was assumed (in words).
    view["imported"] = {{"result", imported.result}, {"rulings", rulings}, {"assumed", imported.assumed}};
  }
  nlohmann::json tokens = nlohmann::json::object();
  for (Side s : {Side::First, Side::Second}) {
    const Seat& seat = (*session)->setup().seats[index(s)];
    if (seat.kind == SeatKind::Human && !seat.open)
      tokens[s == Side::First ? "first" : "second"] = seat.token;
    if (seat.open) view["invites"][s == Side::First ? "first" : "second"] = seat.invite;
  }
  view["tokens"] = tokens;
  // Not stored, not made: its retry is replaced by its removal (see add).
  if (Status saved = add(std::move(*session), true, client); !saved)
    return make_error(refusal("not_saved"), "the game was not created: " + saved.error().message);
  return view;
}

namespace {

SessionManager::WrittenView written(const nlohmann::json& answer) {
  return {std::make_shared<const std::string>(
              answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)),
          0};
}

Expected<nlohmann::json> parsed(const Expected<SessionManager::WrittenView>& view) {
  if (!view) return view.error();
  return nlohmann::json::parse(*view->text);
}

}  // namespace

SessionManager::WrittenView SessionManager::view_of(Entry& e, std::int64_t now) {
  if (!e.view.text || e.view.version != e.session->version() || now - e.view_ms > kViewReuseMs) {
    ViewText::Written written = e.view_text.write(*e.session, now);
    e.view = {std::make_shared<const std::string>(std::move(written.text)), e.session->version(),
              written.place,
              written.tail.empty() ? nullptr : std::make_shared<const std::string>(std::move(written.tail)),
              written.tail_from};
    e.view_ms = now;
  }
  return e.view;
}

Expected<nlohmann::json> SessionManager::view(const std::string& id) { return parsed(shared_view(id)); }

Expected<SessionManager::WrittenView> SessionManager::shared_view(const std::string& id) {
  auto in_memory = [&](const std::shared_ptr<Entry>& e) -> std::optional<Expected<WrittenView>> {
    std::lock_guard lock(e->mutex);
    if (Status st = refresh_if_stale(*e); !st) return st.error();
    if (e->removed || e->evicted) return std::nullopt;
    if (flag_falls(*e)) (void)after_change(*e, false);
    return view_of(*e, time_.now_ms());
  };
  if (auto e = find_in_memory(id))
    if (auto v = in_memory(e)) return *v;
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (*saved) {
    auto session = restore_stored_game(**saved, time_.now_ms());
    if (!session) return session.error();
    // A finished game is shown from the store; one in play comes back.
    if ((*session)->over())
      return WrittenView{
          std::make_shared<const std::string>(ViewText().write(**session, time_.now_ms()).text),
          (*session)->version()};
    if (auto e = adopt(std::move(*session)))
      if (auto v = in_memory(e)) return *v;
  }
  return make_error("there is no game " + id);
}

namespace {

// Runs one action (not Hint, Remove) on a session.
Status apply_action(Session& s, SessionManager::Action action, Side seat, SeatsHeld held,
                    const std::string& move, bool offer_draw_with_move,
                    const std::vector<std::string>& squares, std::int64_t now) {
  using Action = SessionManager::Action;
  switch (action) {
    case Action::Move: {
      auto played = squares.empty() ? s.move(seat, move, now) : s.move_squares(seat, squares, now);
      if (!played) return played.error();
      if (offer_draw_with_move) return s.offer_draw_with_move(seat, now);
      return Ok{};
    }
    case Action::Undo:
      return s.undo(seat, held, now);
    case Action::Redo:
      return s.redo(seat, held, now);
    case Action::ProposeTakeback:
      return s.propose_takeback(seat, now);
    case Action::AcceptTakeback:
      return s.answer_takeback(seat, true, now);
    case Action::DeclineTakeback:
      return s.answer_takeback(seat, false, now);
    case Action::WithdrawTakeback:
      return s.withdraw_takeback(seat, now);
    case Action::Resign:
      return s.resign(seat, now);
    case Action::OfferDraw:
      return s.offer_draw(seat, now);
    case Action::AcceptDraw:
      return s.answer_draw(seat, true, now);
    case Action::DeclineDraw:
      return s.answer_draw(seat, false, now);
    case Action::ClaimDraw:
      return s.claim_draw(seat, now);
    case Action::Abort:
      return s.abort(seat, now);
    case Action::ClaimAbandonedWin:
    case Action::ClaimAbandonedDraw:
      return s.claim_abandoned(seat, action == Action::ClaimAbandonedWin, now);
    case Action::Presence:
      s.notice_time(now);  // the seat is back: the others see it at once
      return Ok{};
    case Action::Hint:
    case Action::Remove:
      break;  // answered by the manager itself
  }
  return Ok{};
}

// The engine seat a pending draw offer waits for, if any.
std::optional<Side> engine_to_answer_draw(const Session& s) {
  if (!s.draw_offer().pending) return std::nullopt;
  Side engine = ~*s.draw_offer().pending;
  if (s.setup().seats[index(engine)].kind != SeatKind::Engine) return std::nullopt;
  return engine;
}

// The moves played, as the session keeps them (not written again).
std::vector<std::string> move_ids(const Session& s) {
  std::vector<std::string> out;
  out.reserve(s.moves().size());
  for (const MoveText& m : s.moves()) out.push_back(m.id);
  return out;
}

}  // namespace

Expected<nlohmann::json> SessionManager::act(const std::string& id, const std::string& token, Action action,
                                             const std::string& move, bool offer_draw_with_move,
                                             const std::vector<std::string>& squares,
                                             const std::string& client, const std::string& other_token) {
  return parsed(act_written(id, token, action, move, offer_draw_with_move, squares, client, other_token));
}

Expected<SessionManager::WrittenView> SessionManager::act_written(
    const std::string& id, const std::string& token, Action action, const std::string& move,
    bool offer_draw_with_move, const std::vector<std::string>& squares, const std::string& client,
    const std::string& other_token) {
  if (action == Action::Remove || action == Action::Hint) {
    auto answer = action == Action::Remove ? remove(id, token) : hint(id, token, client);
    if (!answer) return answer.error();
    return written(*answer);
  }
  // A draw offered to the engine is answered in this request, but its search
  // runs without the game's lock: the action is tried on a copy of the game;
  // if it leaves an offer for the engine, the engine judges that position
  // unlocked, and the action is made again with the answer (as one change)
  // if the game is still where it was judged.
  struct Judged {
    std::vector<std::string> moves;
    Side engine;
    DrawDecision decision;
  };
  std::optional<Judged> judged;
  for (int attempt = 0;; ++attempt) {
    std::unique_lock<std::mutex> lock;
    auto held = lock_seat(id, token, lock);
    if (!held) return held.error();
    const std::shared_ptr<Entry>& e = held->entry;
    const std::optional<Side> seat = held->seat;
    Session& real = *e->session;
    std::int64_t now = time_.now_ms();
    real.contact(*seat, now);
    if (!client.empty()) e->engine_client = client;
    const std::uint64_t before = real.version();
    const bool engine_seat =
        real.setup().seats[0].kind == SeatKind::Engine || real.setup().seats[1].kind == SeatKind::Engine;
    std::unique_ptr<Session> trial = engine_seat && action != Action::Presence ? real.copy() : nullptr;
    Session& s = trial ? *trial : real;
    // A page holding both seats consents to its takebacks for both.
    const SeatsHeld seats_held =
        !other_token.empty() && real.seat_of(other_token) == ~*seat ? SeatsHeld::Both : SeatsHeld::One;
    Status status = apply_action(s, action, *seat, seats_held, move, offer_draw_with_move, squares, now);
    if (!status && shared() && e->stored && attempt < 3) {
      // Refused by this server's copy, which may be behind the store (a
      // change made through another server a moment ago, not yet heard
      // of): the game as stored decides. Read again and, if it had moved
      // on, the action is tried on it; else the refusal stands.
      const std::uint64_t known = e->saved_version;
      auto fresh = refresh(*e);
      if (!fresh) return fresh.error();
      if (!*fresh) return make_error("there is no game " + id + " in play");
      if (e->saved_version != known) continue;
      return status.error();
    }
    if (std::optional<Side> engine = engine_to_answer_draw(s)) {
      std::vector<std::string> moves = move_ids(s);
      if (!judged || judged->moves != moves || judged->engine != *engine) {
        if (attempt < 3) {
          std::unique_ptr<Game> position = s.game().clone();
          ++e->holds;  // stays in memory meanwhile
          lock.unlock();
          DrawDecision decision = opponent_.answer_draw(*position, *engine);  // the search, unlocked
          {
            std::lock_guard relock(e->mutex);
            --e->holds;
          }
          judged = Judged{std::move(moves), *engine, std::move(decision)};
          continue;  // the game may have changed meanwhile
        }
        // The game kept changing under the search (it cannot in practice).
        judged = Judged{std::move(moves),
                        *engine,
                        {false,
                         {"Qi declines the draw: the game changed while it was judging",
                          "Qi 拒绝和棋：它判断局面时对局有了变化"}}};
      }
      s.engine_answers_draw(judged->decision.accept, judged->decision.reason, now);
    }
    if (trial) e->session = std::move(trial);
    Session& after = *e->session;
    if (after.version() != before && action != Action::Presence)
      if (Status saved = after_change(*e, true); !saved) {
        // Another server changed the game first: the action is tried again
        // on the game as it now is (a move that is no longer the seat's
        // turn is then refused as such).
        if (saved.error().code == refusal("stale") && attempt < 3) continue;
        return saved.error().code == refusal("stale") ? saved.error()
                                                      : not_saved(saved, store_.retries_failed_saves());
      }
    if (action == Action::Presence && shared())
      cluster_.announce({.kind = ClusterEvent::Kind::Presence,
                         .game_id = id,
                         .instance = cluster_.instance(),
                         .side = *seat,
                         .at_ms = now});
    if (action == Action::Presence) {
      if (after.version() != before) notify_change(*e);
      return written({{"id", id}, {"version", after.version()}});
    }
    if (!status) return status.error();
    return view_of(*e, now);
  }
}

Expected<nlohmann::json> SessionManager::hint(const std::string& id, const std::string& token,
                                              const std::string& client) {
  std::shared_ptr<const Game> position;
  std::uint64_t version = 0;
  {
    std::unique_lock<std::mutex> lock;
    auto held = lock_seat(id, token, lock);
    if (!held) return held.error();
    const std::shared_ptr<Entry>& e = held->entry;
    const std::optional<Side> seat = held->seat;
    Session& s = *e->session;
    s.contact(*seat, time_.now_ms());
    if (s.over())
      return make_error(checked_code(kRefereeRefusals, "game_over"),
                        "the game is over: " + s.game().describe(s.outcome()));
    if (s.game().side_to_move() != *seat)
      return make_error(refusal("hint_own_turn"), "a hint is for your own turn");
    position = s.game().clone();
    version = s.version();
  }
  // The search, without the game's lock, in the client's turn; the same
  // hint asked twice (a double click) is searched once.
  return analysis_.run(
      client, "hint/" + id + "/" + std::to_string(version),
      [this, position]() -> Expected<nlohmann::json> { return hint_json(opponent_.hint(*position)); });
}

Expected<SessionManager::SeatLock> SessionManager::lock_seat(const std::string& id, const std::string& token,
                                                             std::unique_lock<std::mutex>& lock) {
  auto e = lock_game(id, lock, true);
  if (!e) return e.error();
  if (!*e) return make_error("there is no game " + id + " in play");
  std::optional<Side> seat = (*e)->session->seat_of(token);
  if (!seat || (*e)->removed) return make_error("that token does not hold a seat in this game");
  return SeatLock{std::move(*e), *seat};
}

Expected<nlohmann::json> SessionManager::remove(const std::string& game_id, const std::string& token) {
  std::string id;
  {
    std::unique_lock<std::mutex> lock;
    auto held = lock_seat(game_id, token, lock);
    if (!held) return held.error();
    const std::shared_ptr<Entry>& e = held->entry;
    Session& s = *e->session;
    if (s.setup().rated)
      return make_error(refusal("remove_rated"),
                        "a rated game cannot be removed: its result counts in the ratings");
    GameWrite w = write_of(*e, shared(), time_.now_ms());
    w.remove = true;
    if (Status saved = store_.save_game(w); !saved) {
      if (saved.error().code != refusal("stale")) return not_saved(saved, store_.retries_failed_saves());
      (void)refresh(*e);
      return saved.error();
    }
    e->removed = true;
    notify_change(*e);
    id = s.id();
  }
  {
    std::unique_lock map_lock(map_mutex_);
    sessions_.erase(id);
  }
  std::lock_guard lock(review_mutex_);
  std::erase_if(reviews_, [&](const auto& item) { return item.first.rfind(id + "/", 0) == 0; });
  return nlohmann::json{{"removed", id}};
}

Expected<SessionManager::WrittenView> SessionManager::view_if_changed(const std::string& id,
                                                                      std::uint64_t seen) {
  {
    std::unique_lock<std::mutex> lock;
    auto found = lock_game(id, lock, false);
    if (!found) return found.error();
    if (const std::shared_ptr<Entry>& e = *found) {
      if (flag_falls(*e)) (void)after_change(*e, false);
      if (!e->removed && e->session->version() == seen)
        return written({{"id", id}, {"version", seen}, {"unchanged", true}});
    }
  }
  return shared_view(id);
}

Expected<std::shared_ptr<SessionManager::Entry>> SessionManager::find_or_reopen(const std::string& id) {
  if (auto e = find_in_memory(id)) return e;
  // One load serves both cases: an unfinished game that left memory while
  // idle, and a finished unrated one that may still be taken back (undo).
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return std::shared_ptr<Entry>();
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  if ((*session)->over() && (*saved)->setup.rated) return std::shared_ptr<Entry>();
  return adopt(std::move(*session));
}

std::string SessionManager::game_name(const std::string& id) {
  std::unique_lock<std::mutex> lock;
  if (auto e = lock_game(id, lock, true); e && *e) return (*e)->session->setup().game;
  return {};
}

Expected<SessionManager::Access> SessionManager::check_token(const std::string& id,
                                                             const std::string& token) {
  std::unique_lock<std::mutex> lock;
  auto e = lock_game(id, lock, true);
  if (!e) return e.error();
  if (!*e) return Access::NoSuchGame;
  return (*e)->session->seat_of(token) ? Access::Ok : Access::NotASeat;
}

std::uint64_t SessionManager::wait_for_change(const std::string& id, std::uint64_t seen,
                                              std::int64_t timeout_ms) {
  std::unique_lock<std::mutex> lock;
  auto found = lock_game(id, lock, false);
  if (!found || !*found) return 0;
  const std::shared_ptr<Entry>& e = *found;
  ++e->holds;  // a game waited for is not idle
  e->changed.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                      [&] { return e->session->version() > seen || stopping_ || e->removed || e->evicted; });
  --e->holds;
  e->last_used_ms = time_.now_ms();
  return e->removed || e->evicted ? 0 : e->session->version();
}

Status SessionManager::after_change(Entry& e, bool durable) {
  const Session& s = *e.session;
  std::int64_t now = time_.now_ms();
  GameWrite write = write_of(e, shared(), now);
  if (shared()) {
    // Between servers every change waits for its commit: one that another
    // server's change came before must be known now, not dropped later.
    durable = true;
  }
  Status saved = Ok{};
  if (s.setup().rated && s.over() && !e.rated) {
    // The result and the rating changes it brings, in one transaction.
    std::lock_guard ratings_lock(ratings_mutex_);
    auto already = store_.rated_already(s.id());
    auto changes = already && !*already ? rating_changes(s, now) : std::vector<RatingWrite>();
    if (!already || !changes) {
      // The ratings before the game could not be read: nothing is written
      // yet, and the ticker tries again (the game stays in memory until its
      // result is rated and saved).
      notify_change(e);
      return !already ? already.error() : changes.error();
    }
    write.ratings = std::move(*changes);
    saved = store_.save_game(write);
    e.rated = true;  // handed over: a failed commit is retried by the store with its ratings
  } else if (durable) {
    saved = store_.save_game(write);
  } else {
    store_.save_game_soon(write);
  }
  if (!saved && saved.error().code == refusal("stale")) {
    // Not made: the game as the other server left it replaces this change.
    (void)refresh(e);
    return saved;
  }
  e.stored = true;
  e.last_saved_ms = now;
  e.saved_version = s.version();
  notify_change(e);
  schedule_engine(e);
  return saved;
}

Expected<std::vector<RatingWrite>> SessionManager::rating_changes(const Session& s, std::int64_t now) {
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
    out.push_back({ratings_->update(*before[i], as_opponent[1 - i], score), now});
  }
  return out;
}

void SessionManager::schedule_engine(const Entry& e) {
  const Session& s = *e.session;
  if (!runs(s) || !s.engine_to_move()) return;
  bool watching = s.setup().seats[0].kind == SeatKind::Engine && s.setup().seats[1].kind == SeatKind::Engine;
  const std::int64_t now = time_.now_ms();
  turns_.push({s.id(), e.engine_client, now + (watching ? options_.watch_delay_ms : 0)}, now);
}

void SessionManager::stop_moot_search(Entry& e) {
  if (!e.search_stop) return;
  const Session& s = *e.session;
  if (e.removed || e.evicted || s.over() || !s.engine_to_move() || s.moves().size() != e.search_plies)
    e.search_stop->store(true);
}

bool SessionManager::play_engine_move(const EngineTurns::Search& search) {
  const std::string& id = search.turn.game;
  auto e = find_in_memory(id);  // a game the engine is to move in stays in memory
  if (!e) return false;
  std::unique_ptr<Game> position;
  std::vector<std::string> moves;
  MoveRequest request;
  {
    std::lock_guard lock(e->mutex);
    // Not on a copy known to be behind a store that cannot be read: the
    // ticker reads it again, and the engine is queued then.
    if (!refresh_if_stale(*e)) return false;
    Session& s = *e->session;
    if (e->removed || e->evicted) return false;
    if (shared() && !cluster_.holds(id)) return false;  // another server's engine plays it
    if (flag_falls(*e)) (void)after_change(*e, false);
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
  if (!refresh_if_stale(*e)) return false;
  Session& s = *e->session;
  if (e->removed || e->evicted) return false;
  // An undo or a flag came first. (A new version from time alone, a seat
  // gone quiet, changes nothing the move depends on; any change that does
  // queues the engine again.)
  if (!s.engine_to_move() || move_ids(s) != moves) return false;
  // Shown to the players only once it is in the store.
  if (s.engine_move(choice.id, time_.now_ms())) (void)after_change(*e, true);
  return true;
}

void SessionManager::run_engine_moves() {
  // Every turn, the pause of a watched game too.
  while (auto search = turns_.start(std::numeric_limits<std::int64_t>::max())) {
    play_engine_move(*search);
    turns_.finish(*search);
  }
}

MoveRequest SessionManager::move_request(const Session& s) const {
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

Expected<std::unique_ptr<Game>> SessionManager::game_copy(const std::string& id) {
  if (auto e = find_in_memory(id)) {
    std::lock_guard lock(e->mutex);
    if (Status st = refresh_if_stale(*e); !st) return st.error();
    if (!e->removed) return e->session->game().clone();
  }
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return make_error("there is no game " + id);
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  return (*session)->game().clone();
}

Expected<nlohmann::json> SessionManager::review(const std::string& id, const std::string& client) {
  Expected<std::shared_ptr<const std::string>> text = review_text(id, client);
  if (!text) return text.error();
  return nlohmann::json::parse(**text);
}

Expected<std::shared_ptr<const std::string>> SessionManager::review_text(const std::string& id,
                                                                         const std::string& client) {
  auto copy = game_copy(id);
  if (!copy) return copy.error();
  std::shared_ptr<const Game> game = std::move(*copy);
  std::string key = id + "/" + std::to_string(game->moves_played().size());
  {
    std::lock_guard lock(review_mutex_);
    if (auto it = reviews_.find(key); it != reviews_.end()) return it->second;
  }
  // In the client's turn; the same review asked for while it is searched
  // waits for that search. The job leaves the review's text in `made` and
  // the cache, and answers nothing itself: once the caller has its answer,
  // the queue (whose worker lets go of a job a moment after answering it)
  // holds nothing of the review.
  auto made = std::make_shared<std::shared_ptr<const std::string>>();
  Expected<nlohmann::json> done =
      analysis_.run(client, "review/" + key, [this, id, key, game, made]() -> Expected<nlohmann::json> {
        auto text = review_now(id, key, *game);
        if (!text) return text.error();
        *made = std::move(*text);
        return nlohmann::json(nullptr);
      });
  if (!done) return done.error();
  if (*made) return *made;
  // Another request's search of the same review answered this one too.
  std::lock_guard lock(review_mutex_);
  if (auto it = reviews_.find(key); it != reviews_.end()) return it->second;
  return make_error("busy", "the review was made but is no longer kept: ask again");
}

Expected<std::shared_ptr<const std::string>> SessionManager::review_now(const std::string& id,
                                                                        const std::string& key,
                                                                        const Game& game) {
  {
    // Finished by a request that came just before this one.
    std::lock_guard lock(review_mutex_);
    if (auto it = reviews_.find(key); it != reviews_.end()) return it->second;
  }
  std::vector<MoveText> moves = game.moves_played();
  // The slow part, no game's lock held; the server stopping ends it.
  std::vector<PositionReview> reviewed = opponent_.review(game, &stopping_);
  if (stopping_) return make_error("the server is stopping");
  std::vector<Side> movers;  // who made each move: the side to move before it
  for_each_position(game, [&](const Game& position, std::size_t i) {
    if (i < moves.size()) movers.push_back(position.side_to_move());
  });
  const std::vector<MoveJudgement> judged = judge_moves(reviewed, movers);
  nlohmann::json plies = nlohmann::json::array();
  for_each_position(game, [&](const Game& position, std::size_t i) {
    if (i >= reviewed.size()) return;
    const PositionReview& r = reviewed[i];
    nlohmann::json score =
        r.mate ? nlohmann::json{{"mate", *r.mate}} : nlohmann::json{{"cp", r.cp.value_or(0)}};
    plies.push_back({{"ply", i},
                     {"fen", position.fen()},
                     {"move", i == 0 ? nlohmann::json(nullptr) : nlohmann::json(moves[i - 1].id)},
                     {"display", i == 0 ? nlohmann::json(nullptr) : nlohmann::json(moves[i - 1].display)},
                     {"score", score},
                     {"win", r.win},
                     {"draw", r.draw},
                     {"loss", r.loss},
                     {"best", r.best ? nlohmann::json(r.best->id) : nlohmann::json(nullptr)},
                     {"best_display", r.best ? nlohmann::json(r.best->display) : nlohmann::json(nullptr)}});
    if (r.best) {
      plies.back()["best_squares"] = r.best->squares;
      plies.back()["best_move"] = move_json(*r.best);
    }
    // The move into this position: a book move, the expected score it lost
    // for the side that made it (move_loss) and its mark (review_marks.h);
    // the move itself (played) and the engine's choice in its place when
    // that was another (better), each in every notation of the game, so
    // that an entry explains its own move whatever notation is read.
    plies.back()["book"] = r.book;
    if (i > 0 && i - 1 < judged.size()) {
      const MoveJudgement& j = judged[i - 1];
      const std::optional<MoveText>& choice = reviewed[i - 1].best;
      plies.back()["move_loss"] = std::round(j.loss * 1000) / 1000;
      plies.back()["mark"] = j.mark ? nlohmann::json(*j.mark) : nlohmann::json(nullptr);
      plies.back()["played"] = move_json(moves[i - 1]);
      plies.back()["better"] =
          choice && choice->id != moves[i - 1].id ? move_json(*choice) : nlohmann::json(nullptr);
    } else {
      plies.back()["mark"] = nullptr;
    }
  });
  nlohmann::json out = {{"id", id},
                        {"game", std::string(game.name())},
                        {"variant", std::string(game.variant())},
                        {"point_of_view", "first"},
                        {"first_player", game.side_name(Side::First)},
                        {"plies", std::move(plies)}};
  // Kept as its text: a tenth of the memory of the JSON values.
  auto text =
      std::make_shared<const std::string>(out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
  std::lock_guard lock(review_mutex_);
  if (reviews_.size() >= options_.review_cache_size) reviews_.erase(reviews_.begin());
  reviews_[key] = text;
  return text;
}

Expected<nlohmann::json> SessionManager::record(const std::string& id) {
  auto answer = [&](const Session& s) {
    return nlohmann::json{{"id", id},
                          {"format", ascii_lower(s.game().record_dialect().format)},
                          {"record", s.record()},
                          {"fen", s.game().fen()}};
  };
  if (auto e = find_in_memory(id)) {
    std::lock_guard lock(e->mutex);
    if (Status st = refresh_if_stale(*e); !st) return st.error();
    if (!e->removed) return answer(*e->session);
  }
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return make_error("there is no game " + id);
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  return answer(**session);
}

void SessionManager::engine_worker() {
  // Searches are started from this thread and inherit its priority.
  if (options_.engine_idle_priority) {
    sched_param none{};
    (void)pthread_setschedparam(pthread_self(), SCHED_IDLE, &none);
  } else {
    (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), options_.engine_nice);
  }
  while (auto search = turns_.wait_and_start(time_)) {
    play_engine_move(*search);
    turns_.finish(*search);
  }
}

void SessionManager::tick() {
  std::lock_guard tick_lock(tick_mutex_);
  // A watched game's turn that became ready while every worker was busy.
  turns_.rebalance(time_.now_ms());
  std::vector<std::shared_ptr<Entry>> all;
  {
    std::shared_lock lock(map_mutex_);
    for (auto& [id, e] : sessions_) all.push_back(e);
  }
  // Games that may leave memory: those that must (idle, or finished for 10
  // minutes) and those that may if too many are in memory.
  std::vector<std::shared_ptr<Entry>> leaving;
  struct MayGo {
    std::int64_t last_used_ms;
    std::size_t plies;
    std::shared_ptr<Entry> entry;
  };
  std::vector<MayGo> may_go;
  std::size_t staying = 0, staying_plies = 0;
  if (shared() && time_.now_ms() - last_takeover_ms_ >= kTakeoverCheckMs) {
    last_takeover_ms_ = time_.now_ms();
    take_over_orphans();
  }
  for (auto& e : all) {
    std::lock_guard lock(e->mutex);
    (void)refresh_if_stale(*e);  // a store that cannot be read: tried again at the next use
    if (e->removed || e->evicted) continue;
    Session& s = *e->session;
    std::int64_t now = time_.now_ms();
    if (s.over() && s.setup().rated && !e->rated) {
      // Its result waits for the ratings before the game, which the store
      // could not read when it ended: tried again, and it stays meanwhile.
      (void)after_change(*e, false);
      ++staying;
      continue;
    }
    // Time alone changes a game at the server holding its lease only.
    const bool mine = !shared() || cluster_.holds(s.id());
    if (mine && (s.check_flag(now) || s.check_first_move(now))) {
      (void)after_change(*e, false);
      ++staying;
      staying_plies += s.referee().plies();
      continue;
    }
    if (s.notice_time(now)) notify_change(*e);  // an overrun, a seat gone or back
    if (mine && !s.over() && !s.setup().rated && now - s.updated_ms() > options_.expire_after_ms) {
      GameWrite w = write_of(s, now);
      w.remove = true;
      store_.save_game_soon(w);
      e->removed = true;
      notify_change(*e);
      continue;
    } else if (mine && !s.over() && s.clock().running() &&
               now - e->last_saved_ms >= options_.save_running_clock_ms) {
      store_.save_game_soon(write_of(*e, shared(), now));  // stale: dropped (the other server's change wins)
      e->last_saved_ms = now;
      e->saved_version = s.version();
    }
    // A finished game leaves 10 minutes after its end even if watched (its
    // watchers are told it left).
    if (s.over() && now - s.updated_ms() > 10 * 60 * 1000 && !e->removed) {
      leaving.push_back(e);
    } else if (may_leave(*e)) {
      if (now - e->last_used_ms >= options_.idle_game_ms) {
        leaving.push_back(e);
      } else {
        may_go.push_back({e->last_used_ms.load(), s.referee().plies(), e});
        ++staying;
        staying_plies += s.referee().plies();
      }
    } else {
      ++staying;
      staying_plies += s.referee().plies();
    }
  }
  // Beyond the caps (games, and their plies: what they hold is about
  // kGameBytesPerPly a ply), the least recently used go first.
  auto over_caps = [&] {
    return staying > options_.max_games_in_memory || staying_plies > options_.max_plies_in_memory;
  };
  if (over_caps()) {
    std::sort(may_go.begin(), may_go.end(),
              [](const MayGo& a, const MayGo& b) { return a.last_used_ms < b.last_used_ms; });
    for (std::size_t i = 0; i < may_go.size() && over_caps(); ++i) {
      leaving.push_back(may_go[i].entry);
      --staying;
      staying_plies -= may_go[i].plies;
    }
  }
  // The store must hold the version each leaving game is at (what time alone
  // changed, a seat gone, is not saved otherwise): it comes back at it.
  for (auto& e : leaving) {
    std::lock_guard lock(e->mutex);
    if (!e->removed && e->saved_version != e->session->version()) {
      store_.save_game_soon(write_of(*e, shared(), time_.now_ms()));
      e->saved_version = e->session->version();
    }
  }
  std::set<const Entry*> chosen;
  for (auto& e : leaving) chosen.insert(e.get());
  std::vector<std::string> released;
  {
    // A game whose lock is taken (a request, a commit) is left for the next
    // tick: the map's lock is never held while waiting for a game's.
    std::unique_lock lock(map_mutex_);
    std::erase_if(sessions_, [&](const auto& item) {
      Entry& e = *item.second;
      std::unique_lock entry_lock(e.mutex, std::try_to_lock);
      if (!entry_lock) return false;
      if (e.removed) return true;
      if (!chosen.contains(&e) || e.saved_version != e.session->version()) return false;
      const bool finished_long_ago =
          e.session->over() && time_.now_ms() - e.session->updated_ms() > 10 * 60 * 1000;
      if (!finished_long_ago && !may_leave(e)) return false;  // something came up meanwhile
      e.evicted = true;
      notify_change(e);  // its waiters are told it left
      if (shared()) released.push_back(item.first);
      return true;
    });
  }
  // Out of memory, nothing pending: another server may run it when it needs running.
  for (const std::string& id : released)
    if (cluster_.holds(id)) cluster_.release(id);
  std::int64_t now = time_.now_ms();
  if (now - last_sweep_ms_ >= options_.sweep_stored_ms) {
    last_sweep_ms_ = now;
    expire_stored(now);
  }
}

void SessionManager::expire_stored(std::int64_t now) {
  auto unfinished = store_.unfinished_games();
  if (!unfinished) return;  // a store that cannot be read now: the next sweep
  for (const Session::Saved& saved : *unfinished) {
    if (saved.setup.rated || now - saved.updated_ms <= options_.expire_after_ms) continue;
    {
      // In memory: the loop of tick() expires it. (A request bringing it
      // back just now keeps it in memory; it is then expired from there,
      // or saved again by its next change.)
      std::shared_lock lock(map_mutex_);
      if (sessions_.contains(saved.id)) continue;
    }
    auto session = Session::restore(saved, now);
    if (!session) continue;
    GameWrite gone = write_of(**session, now);
    gone.remove = true;
    store_.save_game_soon(gone);
  }
}

void SessionManager::ticker() {
  while (!stopping_) {
    std::this_thread::sleep_for(std::chrono::milliseconds(options_.tick_ms));
    tick();
  }
}

void SessionManager::set_change_listener(std::function<void(const std::string& id)> listener) {
  std::lock_guard lock(listener_mutex_);
  listener_ = std::move(listener);
}

void SessionManager::notify_change(Entry& e) {
  stop_moot_search(e);
  e.changed.notify_all();
  std::lock_guard lock(listener_mutex_);
  if (listener_) listener_(e.session->id());
}

// --- Sharing the store with other servers ------------------------------

bool SessionManager::flag_falls(Entry& e) {
  if (shared() && !cluster_.holds(e.session->id())) return false;
  return e.session->check_flag(time_.now_ms());
}

bool SessionManager::runs(const Session& s) {
  if (!shared()) return true;
  const std::string& id = s.id();
  if (s.over()) {
    if (cluster_.holds(id)) cluster_.release(id);
    return false;
  }
  if (cluster_.holds(id)) return true;
  if (!s.engine_to_move() && !s.watched_by_clock()) return false;
  return cluster_.claim(id);
}

Status SessionManager::refresh_if_stale(Entry& e) {
  if (!e.stale || e.removed) return Ok{};
  auto fresh = refresh(e);
  if (!fresh) return fresh.error();
  return Ok{};
}

Expected<bool> SessionManager::refresh(Entry& e) {
  const std::string id = e.session->id();
  auto loaded = store_.load_game(id);
  if (!loaded) {
    e.stale = true;  // read again on the next use; the copy in memory stays meanwhile
    return loaded.error();
  }
  e.stale = false;
  if (!*loaded) {
    // Removed (or expired) through another server.
    e.removed = true;
    notify_change(e);
    return false;
  }
  Session::Saved& saved = **loaded;
  const std::int64_t now = time_.now_ms();
  const Session& old = *e.session;
  const std::uint64_t stored_version = saved.version;
  // This server's own view may be ahead of the store by what time alone
  // changed here (a seat gone quiet); the view must still move forward.
  if (old.version() > saved.version) saved.version = old.version() + 1;
  auto fresh = restore_stored_game(saved, now, &old);
  if (!fresh) {
    e.stale = true;  // read again on the next use; the copy in memory stays meanwhile
    return fresh.error();
  }
  for (Side side : {Side::First, Side::Second})
    if (old.setup().seats[index(side)].kind == SeatKind::Human)
      (*fresh)->contact(side, now - old.away_ms(side, now));
  const bool changed = (*fresh)->version() != old.version();
  e.session = std::move(*fresh);
  e.stored = true;
  e.saved_version = stored_version;
  e.last_saved_ms = now;
  e.rated = e.session->setup().rated && e.session->over();
  if (changed) notify_change(e);
  schedule_engine(e);
  return true;
}

void SessionManager::take_over_orphans() {
  // The cluster hands them over a batch at a time (so that survivors share
  // them): all of this server's share is taken now, not one batch a tick.
  std::vector<TakenOver> all;
  for (int batch = 0; batch < 1000; ++batch) {
    std::vector<TakenOver> more = cluster_.take_over_orphans();
    if (more.empty()) break;
    all.insert(all.end(), more.begin(), more.end());
  }
  for (const TakenOver& t : all) {
    ++taken_over_;
    // Its clock goes on from its last save, as after a restart: the time
    // since then (the takeover's) is not charged.
    if (auto e = find_in_memory(t.game_id)) {
      std::lock_guard lock(e->mutex);
      if (!e->removed && !e->evicted) {
        (void)refresh(*e);  // a store that cannot be read: read again at the next use
        continue;
      }
    }
    (void)find(t.game_id);
  }
}

void SessionManager::on_cluster_event(const ClusterEvent& event) {
  using Kind = ClusterEvent::Kind;
  if (event.kind == Kind::Spectators) {
    std::lock_guard lock(listener_mutex_);
    if (remote_listener_) remote_listener_(event);
    return;
  }
  if (event.kind == Kind::Missed) {
    // Changes may have gone unheard: every game is read again before its
    // next use (the ticker uses them all within a tick).
    std::vector<std::shared_ptr<Entry>> all;
    {
      std::shared_lock lock(map_mutex_);
      for (auto& [id, entry] : sessions_) all.push_back(entry);
    }
    for (auto& entry : all) {
      std::lock_guard lock(entry->mutex);
      entry->stale = true;
    }
    return;
  }
  std::shared_ptr<Entry> e;
  {
    std::shared_lock lock(map_mutex_);  // not a use: an announcement keeps no game in memory
    if (auto it = sessions_.find(event.game_id); it != sessions_.end()) e = it->second;
  }
  if (!e) {
    // A game this server runs comes back to run what is now pending.
    if (event.kind == Kind::Changed && cluster_.holds(event.game_id)) (void)find(event.game_id);
    return;
  }
  std::lock_guard lock(e->mutex);
  if (e->removed || e->evicted) return;
  if (event.kind == Kind::Changed) {
    // Read at once: watchers here see the change, and the engine replies.
    // The same version again is a running clock's periodic save: nothing to
    // read. Version 0 is a removal.
    if (event.version == 0 || event.version != e->saved_version) (void)refresh(*e);
  } else if (event.kind == Kind::Presence) {
    (void)refresh_if_stale(*e);
    Session& s = *e->session;
    if (s.setup().seats[index(event.side)].kind != SeatKind::Human) return;
    const std::int64_t now = time_.now_ms();
    s.contact(event.side, std::min(event.at_ms, now));
    if (s.notice_time(now)) notify_change(*e);
  }
}

void SessionManager::handle_cluster_events() {
  std::vector<ClusterEvent> events;
  {
    std::lock_guard lock(events_mutex_);
    events.swap(events_);
  }
  for (const ClusterEvent& event : events) on_cluster_event(event);
}

void SessionManager::cluster_worker() {
  while (!stopping_) {
    {
      std::unique_lock lock(events_mutex_);
      events_cv_.wait_for(lock, std::chrono::milliseconds(200),
                          [&] { return stopping_ || !events_.empty(); });
    }
    handle_cluster_events();
  }
}

void SessionManager::set_remote_listener(std::function<void(const ClusterEvent&)> listener) {
  std::lock_guard lock(listener_mutex_);
  remote_listener_ = std::move(listener);
}

}  // namespace qi::app
