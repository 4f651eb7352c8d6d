// Takebacks between people at two screens (app/takeback.h): proposed by one
// player, accepted or declined by the other, withdrawn by a move or by the
// proposer, ended by the end of the game (Session::changed).
#include "app/refusal_codes.h"
#include "app/session.h"

namespace qi::app {

Status Session::may_propose_takeback(Side by) const {
  if (waiting_for_seat())
    return make_error(refusal("seat_open"), "the game starts when the open seat is taken");
  if (setup_.seats[index(by)].kind != SeatKind::Human)
    return make_error(refusal("engine_seat"), "that seat is played by the engine");
  if (!takeback_needs_consent(by))
    return make_error(refusal("takeback_not_needed"),
                      "the engine needs no asking: undo takes your move back at once");
  if (over())
    return make_error(checked_code(kRefereeRefusals, "game_over"),
                      "the game is over: " + game().describe(outcome()));
  if (Status st = may_undo(by); !st) return st;
  if (takeback_.proposed_by == by)
    return make_error(refusal("takeback_pending"), "your takeback proposal is waiting for your opponent");
  if (takeback_.proposed_by == ~by)
    return make_error(refusal("takeback_proposed_to_you"),
                      "your opponent proposes a takeback: accept or decline it");
  if (takeback_.declined_at[index(by)] == static_cast<int>(referee_.plies()))
    return make_error(refusal("takeback_declined"),
                      "your opponent declined your takeback here; you may propose again after the next move");
  return Ok{};
}

Status Session::propose_takeback(Side by, std::int64_t now) {
  if (Status st = may_propose_takeback(by); !st) return st;
  takeback_.proposed_by = by;
  takeback_.answer.reset();
  changed(now);
  return Ok{};
}

Status Session::answer_takeback(Side by, bool accept, std::int64_t now) {
  if (takeback_.proposed_by != ~by)
    return make_error(refusal("no_takeback_proposed"), "no takeback is proposed to you");
  const Side proposer = ~by;
  if (accept) {
    if (Status st = take_back_own(proposer, false, now); !st) return st;
  } else {
    takeback_.declined_at[index(proposer)] = static_cast<int>(referee_.plies());
  }
  takeback_.proposed_by.reset();
  takeback_.answer =
      TakebackAnswer{by, accept ? TakebackAnswer::Kind::Accepted : TakebackAnswer::Kind::Declined,
                     static_cast<int>(referee_.plies())};
  changed(now);
  return Ok{};
}

Status Session::withdraw_takeback(Side by, std::int64_t now) {
  if (takeback_.proposed_by != by)
    return make_error(refusal("no_takeback_to_withdraw"), "you have no takeback proposal to withdraw");
  takeback_.proposed_by.reset();
  takeback_.answer = TakebackAnswer{by, TakebackAnswer::Kind::Withdrawn, static_cast<int>(referee_.plies())};
  changed(now);
  return Ok{};
}

void Session::takeback_after_move(Side mover) {
  const std::optional<Side> proposer = takeback_.proposed_by;
  takeback_.proposed_by.reset();
  takeback_.answer.reset();
  // The opponent played on instead of answering: that declines it.
  if (proposer && *proposer != mover)
    takeback_.answer =
        TakebackAnswer{mover, TakebackAnswer::Kind::Declined, static_cast<int>(referee_.plies())};
}

}  // namespace qi::app
