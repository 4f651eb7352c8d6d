// Open seats and rematches of a Session (session.h): a game created with a
// seat for whoever brings its invite, and a new game from a finished one
// with the colours swapped.
#include "app/refusal_codes.h"
#include "app/session.h"

namespace qi::app {

bool Session::waiting_for_seat() const { return setup_.seats[0].open || setup_.seats[1].open; }

Expected<Side> Session::claim_seat(std::string_view invite, std::optional<std::int64_t> player_id,
                                   std::string name, std::int64_t now) {
  for (Side side : {Side::First, Side::Second}) {
    Seat& seat = setup_.seats[index(side)];
    if (!same_secret(seat.invite, invite)) continue;
    if (!seat.open) return make_error(refusal("seat_taken"), "someone has already taken this seat");
    if (setup_.rated) {
      if (!player_id)
        return make_error(refusal("rated_needs_profile"), "a rated game's seat needs a player profile");
      if (setup_.seats[index(~side)].player_id == player_id)
        return make_error(refusal("own_challenge"), "a player cannot take both seats of a rated game");
    }
    seat.open = false;
    seat.token = new_token();
    seat.player_id = player_id;
    seat.name = std::move(name);
    // The game starts now: presence and the first-move rule count from here.
    last_contact_ms_[index(side)] = now;
    turn_started_ms_ = now;
    changed(now);
    return side;
  }
  return make_error(refusal("wrong_invite"), "that invite is not for a seat of this game");
}

Status Session::may_rematch(Side by) const {
  (void)by;
  if (!over()) return make_error(refusal("rematch_not_over"), "a rematch is asked for once the game is over");
  if (waiting_for_seat())
    return make_error(refusal("rematch_open_seat"), "a game whose seat nobody took has no rematch");
  return Ok{};
}

Status Session::offer_rematch(Side by, std::int64_t now) {
  if (Status st = may_rematch(by); !st) return st;
  if (rematch_.offered_by == by || !rematch_.game.empty()) return Ok{};  // asked already: nothing new
  rematch_.offered_by = by;
  changed(now);
  return Ok{};
}

void Session::rematch_made(std::string game, std::array<std::string, 2> tokens, std::int64_t now) {
  rematch_.game = std::move(game);
  rematch_.tokens = std::move(tokens);
  changed(now);
}

}  // namespace qi::app
