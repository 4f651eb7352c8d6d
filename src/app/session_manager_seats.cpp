// The SessionManager's open seats and rematches (session_manager.h): each a
// change of a game made under its lock and saved before it is answered, like
// any other action.
#include "app/refusal_codes.h"
#include "app/session_json.h"
#include "app/session_manager.h"

namespace qi::app {

namespace {

const char* side_key(Side s) { return s == Side::First ? "first" : "second"; }

// A rematch's setup: the same game, variant, start, handicap, time and
// rating, the players in each other's seats, new tokens.
SessionSetup swapped(const SessionSetup& played) {
  SessionSetup next = played;
  std::swap(next.seats[0], next.seats[1]);
  for (Seat& seat : next.seats) {
    seat.token.clear();
    seat.invite.clear();
    seat.open = false;
  }
  // A handicap is made again from the start (a restored game carries its
  // start position beside it); an imported record's tags were that game's.
  if (!next.handicap.empty()) next.fen.clear();
  next.tags.clear();
  return next;
}

}  // namespace

Expected<nlohmann::json> SessionManager::claim_seat(const std::string& id, const std::string& invite,
                                                    std::optional<std::int64_t> player_id, std::string name) {
  if (player_id) {
    auto p = store_.player(*player_id);
    if (!p) return p.error();
    if (!*p) return make_error("there is no player " + std::to_string(*player_id));
    if (name.empty()) name = (*p)->name;
  }
  std::unique_lock<std::mutex> lock;
  auto found = table_.lock_game(id, lock, false);
  if (!found) return found.error();
  const std::shared_ptr<Entry> e = *found;
  if (!e || e->removed) return make_error("no_such_game", "there is no game " + id + " in play");
  Session& s = *e->session;
  const std::int64_t now = time_.now_ms();
  auto side = s.claim_seat(invite, player_id, std::move(name), now);
  if (!side) return side.error();
  if (Status saved = after_change(*e, true); !saved) return not_saved(saved, store_.retries_failed_saves());
  nlohmann::json view = public_view(s, now);
  view["side"] = side_key(*side);
  view["token"] = s.setup().seats[index(*side)].token;
  return view;
}

Expected<nlohmann::json> SessionManager::rematch(const std::string& id, const std::string& token) {
  std::unique_lock<std::mutex> lock;
  auto found = table_.lock_any_game(id, lock);
  if (!found) return found.error();
  const std::shared_ptr<Entry> e = *found;
  if (!e) return make_error("no_such_game", "there is no game " + id);
  Session& s = *e->session;
  const std::optional<Side> by = s.seat_of(token);
  if (!by) return make_error("not_a_seat", "that token does not hold a seat in this game");
  const std::int64_t now = time_.now_ms();
  s.contact(*by, now);
  if (Status st = s.may_rematch(*by); !st) return st.error();
  const std::uint64_t before = s.version();
  const bool other_agrees =
      s.rematch().offered_by == ~*by || s.setup().seats[index(~*by)].kind == SeatKind::Engine;
  if (s.rematch().game.empty() && other_agrees) {
    // Made under the old game's lock, so that two seats asking at once make one game.
    auto made = create(swapped(s.setup()));
    if (!made) return made.error();
    const nlohmann::json& tokens = (*made)["tokens"];
    // This game's first player sits second in the new one, and the other way round.
    s.rematch_made((*made)["id"].get<std::string>(),
                   {tokens.value("second", std::string()), tokens.value("first", std::string())}, now);
  } else if (Status st = s.offer_rematch(*by, now); !st) {
    return st.error();
  }
  if (s.version() != before)
    if (Status saved = after_change(*e, true); !saved) return not_saved(saved, store_.retries_failed_saves());
  nlohmann::json view = public_view(s, now);
  if (!s.rematch().game.empty())
    view["rematch"] = {
        {"game", s.rematch().game}, {"token", s.rematch().tokens[index(*by)]}, {"side", side_key(~*by)}};
  return view;
}

}  // namespace qi::app
