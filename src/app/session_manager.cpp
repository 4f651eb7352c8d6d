#include "app/session_manager.h"

#include "app/record_import.h"
#include "app/refusal_codes.h"
#include "app/session_json.h"
#include "app/storage/stored_game.h"
#include "core/text.h"
#include "engine/registry.h"

namespace qi::app {

std::string new_game_id() { return new_token().substr(0, 12); }

namespace {

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
      ratings_(store),
      table_(store, time, options_),
      cluster_(cluster, store, time, table_, [this](const Entry& e) { engine_.schedule(e); }),
      engine_(table_, cluster_, opponent, time, options_,
              [this](Entry& e, bool durable) { return after_change(e, durable); }),
      analysis_(options_.analysis) {
  table_.set_hooks({.refresh_if_stale = [this](Entry& e) { return cluster_.refresh_if_stale(e); },
                    .brought_back = [this](const Entry& e) { engine_.schedule(e); }});
  // The threads start once every part they reach is built.
  if (options_.background_threads) {
    engine_.start_workers();
    ticker_ = std::thread([this] { ticker(); });
    cluster_.start_worker();
  }
}

SessionManager::~SessionManager() {
  cluster_.stop_listening();
  shutdown();
  if (ticker_.joinable()) ticker_.join();
  engine_.join();
  cluster_.join();
}

void SessionManager::shutdown() {
  stopping_ = true;
  engine_.close();
  analysis_.close();
  cluster_.stop();
  // Requests waiting for a change of a game.
  table_.wake_waiters();
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
      if (!cluster_.cluster().claim(saved.id)) continue;
      table_.adopt(std::move(*session));
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

Status SessionManager::add(std::unique_ptr<Session> session, bool durable, const std::string& client) {
  auto entry = std::make_shared<Entry>();
  entry->session = std::move(session);
  entry->engine_client = client;
  entry->last_used_ms = time_.now_ms();
  std::string id = entry->session->id();
  Status saved = Ok{};
  {
    std::lock_guard lock(entry->mutex);
    table_.insert(id, entry);
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
  if (!saved) table_.erase(id);  // never while holding a game's lock (tick takes them in this order)
  return saved;
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
    bool handed_over = false;
    saved = ratings_.save_result(s, std::move(write), now, handed_over);
    if (!handed_over) {
      // The ratings before the game could not be read: nothing is written
      // yet, and the ticker tries again (the game stays in memory until its
      // result is rated and saved).
      table_.notify_change(e);
      return saved;
    }
    e.rated = true;  // handed over: a failed commit is retried by the store with its ratings
  } else if (durable) {
    saved = store_.save_game(write);
  } else {
    store_.save_game_soon(write);
  }
  if (!saved && saved.error().code == refusal("stale")) {
    // Not made: the game as the other server left it replaces this change.
    (void)cluster_.refresh(e);
    return saved;
  }
  e.stored = true;
  e.last_saved_ms = now;
  e.saved_version = s.version();
  table_.notify_change(e);
  engine_.schedule(e);
  return saved;
}

std::uint64_t SessionManager::wait_for_change(const std::string& id, std::uint64_t seen,
                                              std::int64_t timeout_ms) {
  return table_.wait_for_change(id, seen, timeout_ms);
}

void SessionManager::set_change_listener(std::function<void(const std::string& id)> listener) {
  table_.set_change_listener(std::move(listener));
}

void SessionManager::set_remote_listener(std::function<void(const ClusterEvent&)> listener) {
  cluster_.set_remote_listener(std::move(listener));
}

void SessionManager::handle_cluster_events() { cluster_.handle_events(); }

void SessionManager::run_engine_moves() { engine_.run_pending(); }

std::size_t SessionManager::active_games() { return table_.active_games(); }

SessionManager::WrittenView SessionManager::written(const nlohmann::json& answer) {
  return {std::make_shared<const std::string>(
              answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)),
          0};
}

Expected<nlohmann::json> SessionManager::parsed(const Expected<WrittenView>& view) {
  if (!view) return view.error();
  return nlohmann::json::parse(*view->text);
}

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
    if (Status st = cluster_.refresh_if_stale(*e); !st) return st.error();
    if (e->removed || e->evicted) return std::nullopt;
    if (cluster_.flag_falls(*e)) (void)after_change(*e, false);
    return view_of(*e, time_.now_ms());
  };
  if (auto e = table_.find_in_memory(id))
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
    if (auto e = table_.adopt(std::move(*session)))
      if (auto v = in_memory(e)) return *v;
  }
  return make_error("there is no game " + id);
}

Expected<SessionManager::WrittenView> SessionManager::view_if_changed(const std::string& id,
                                                                      std::uint64_t seen) {
  {
    std::unique_lock<std::mutex> lock;
    auto found = table_.lock_game(id, lock, false);
    if (!found) return found.error();
    if (const std::shared_ptr<Entry>& e = *found) {
      if (cluster_.flag_falls(*e)) (void)after_change(*e, false);
      if (!e->removed && e->session->version() == seen)
        return written({{"id", id}, {"version", seen}, {"unchanged", true}});
    }
  }
  return shared_view(id);
}

std::string SessionManager::game_name(const std::string& id) {
  std::unique_lock<std::mutex> lock;
  if (auto e = table_.lock_game(id, lock, true); e && *e) return (*e)->session->setup().game;
  return {};
}

Expected<SessionManager::Access> SessionManager::check_token(const std::string& id,
                                                             const std::string& token) {
  std::unique_lock<std::mutex> lock;
  auto e = table_.lock_game(id, lock, true);
  if (!e) return e.error();
  if (!*e) return Access::NoSuchGame;
  return (*e)->session->seat_of(token) ? Access::Ok : Access::NotASeat;
}

Expected<nlohmann::json> SessionManager::record(const std::string& id) {
  auto answer = [&](const Session& s) {
    return nlohmann::json{{"id", id},
                          {"format", ascii_lower(s.game().record_dialect().format)},
                          {"record", s.record()},
                          {"fen", s.game().fen()}};
  };
  if (auto e = table_.find_in_memory(id)) {
    std::lock_guard lock(e->mutex);
    if (Status st = cluster_.refresh_if_stale(*e); !st) return st.error();
    if (!e->removed) return answer(*e->session);
  }
  auto saved = store_.load_game(id);
  if (!saved) return saved.error();
  if (!*saved) return make_error("there is no game " + id);
  auto session = restore_stored_game(**saved, time_.now_ms());
  if (!session) return session.error();
  return answer(**session);
}

}  // namespace qi::app
