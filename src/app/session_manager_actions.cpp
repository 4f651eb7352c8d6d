// The seats' actions on their games (SessionManager::act): each made under
// the game's lock and saved before it is answered. A draw offered to the
// engine is answered in the same request, judged without the lock on a
// trial copy of the game (the retry loop of act_written).
#include "app/refusal_codes.h"
#include "app/session_manager.h"

namespace qi::app {

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
    auto held = table_.lock_seat(id, token, lock);
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
      auto fresh = cluster_.refresh(*e);
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
      cluster_.cluster().announce({.kind = ClusterEvent::Kind::Presence,
                                   .game_id = id,
                                   .instance = cluster_.cluster().instance(),
                                   .side = *seat,
                                   .at_ms = now});
    if (action == Action::Presence) {
      if (after.version() != before) table_.notify_change(*e);
      return written({{"id", id}, {"version", after.version()}});
    }
    if (!status) return status.error();
    return view_of(*e, now);
  }
}

Expected<nlohmann::json> SessionManager::remove(const std::string& game_id, const std::string& token) {
  std::string id;
  {
    std::unique_lock<std::mutex> lock;
    auto held = table_.lock_seat(game_id, token, lock);
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
      (void)cluster_.refresh(*e);
      return saved.error();
    }
    e->removed = true;
    table_.notify_change(*e);
    id = s.id();
  }
  table_.erase(id);
  std::lock_guard lock(review_mutex_);
  std::erase_if(reviews_, [&](const auto& item) { return item.first.rfind(id + "/", 0) == 0; });
  return nlohmann::json{{"removed", id}};
}

}  // namespace qi::app
