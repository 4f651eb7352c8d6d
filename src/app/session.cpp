#include "app/session.h"

#include <random>

#include "app/game_facts.h"
#include "app/refusal_codes.h"
#include "engine/handicap.h"
#include "games/registry.h"

namespace qi::app {

std::string new_token() {
  static thread_local std::random_device device;
  std::string out;
  constexpr char kHex[] = "0123456789abcdef";
  for (int i = 0; i < 8; ++i) {
    unsigned v = device();
    for (int j = 0; j < 4; ++j) out += kHex[(v >> (4 * j)) & 15];
  }
  return out;
}

namespace {

bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

Status check_seats(std::array<Seat, 2>& seats) {
  for (Seat& seat : seats) {
    if (seat.kind == SeatKind::Engine) {
      if (seat.level < 1 || seat.level > 10) return make_error("engine level must be between 1 and 10");
      if (seat.movetime_ms < 0 || seat.movetime_ms > 60'000)
        return make_error("an engine's movetime_ms is between 0 and 60000");
      seat.token.clear();
      if (seat.name.empty()) seat.name = "Qi level " + std::to_string(seat.level);
    } else {
      seat.level = 0;
      seat.movetime_ms = 0;
      if (seat.token.empty()) seat.token = new_token();
    }
    if (seat.name.size() > 64) return make_error("a player's name has at most 64 characters");
  }
  return Ok{};
}

}  // namespace

Expected<std::unique_ptr<Session>> Session::create(std::string id, SessionSetup setup, std::int64_t now) {
  auto game = make_game(setup.game, setup.variant);
  if (!game) return game.error();
  std::unique_ptr<Session> s(new Session);
  s->game_ = std::move(*game);
  if (setup.variant.empty()) setup.variant = std::string(s->game_->variant());
  std::string fen = setup.fen;
  if (!setup.handicap.empty()) {
    if (!fen.empty()) return make_error("choose either a start position or a handicap, not both");
    // The engine gives the odds; between two people, the second player does.
    Side giver = setup.seats[0].kind == SeatKind::Engine && setup.seats[1].kind == SeatKind::Human
                     ? Side::First
                     : Side::Second;
    if (setup.handicap == "no_centre" && setup.seats[1].kind != SeatKind::Engine)
      return make_error("the no_centre handicap is the engine's: it plays second");
    auto handicapped = engine::handicap_fen(setup.game, setup.variant, setup.handicap, giver);
    if (!handicapped) return handicapped.error();
    fen = *handicapped;
  }
  if (!fen.empty()) {
    if (Status st = s->game_->set_fen(fen); !st) return st.error();
    if (s->game_->outcome().over()) return make_error("the start position is already the end of the game");
  }
  if (Status st = check_seats(setup.seats); !st) return st.error();
  if (Status st = validate(setup.time_control); !st) return st.error();
  s->id_ = std::move(id);
  s->setup_ = std::move(setup);
  s->start_side_ = s->game_->side_to_move();
  s->fens_.push_back(s->game_->fen());
  s->clock_ = GameClock(s->setup_.time_control);
  s->clock_.start(s->start_side_, now);
  s->created_ms_ = now;
  s->changed(now);
  return s;
}

std::optional<Side> Session::seat_of(std::string_view token) const {
  for (Side s : {Side::First, Side::Second})
    if (setup_.seats[index(s)].kind == SeatKind::Human && same_secret(setup_.seats[index(s)].token, token))
      return s;
  return std::nullopt;
}

Outcome Session::outcome() const { return adjudication_ ? *adjudication_ : game_->outcome(); }

bool Session::engine_to_move() const {
  return !over() && setup_.seats[index(game_->side_to_move())].kind == SeatKind::Engine;
}

void Session::changed(std::int64_t now) {
  ++version_;
  updated_ms_ = now;
}

Status Session::refuse_if_over() const {
  if (Outcome o = outcome(); o.over())
    return make_error(refusal("game_over"), "the game is over: " + o.reason);
  return Ok{};
}

Side Session::side_of_ply(std::size_t ply) const { return ply % 2 == 0 ? start_side_ : ~start_side_; }

void Session::restart_clock(std::int64_t now) {
  clock_.stop(now);
  if (!over()) clock_.start(game_->side_to_move(), now);
}

void Session::after_move(Side mover, std::int64_t now) {
  fens_.push_back(game_->fen());
  // Moving is the answer to a pending offer from the opponent: a refusal.
  if (draw_.pending == ~mover) {
    draw_.pending.reset();
    draw_.may_offer[index(~mover)] = false;
  }
  if (over())
    clock_.stop(now);
  else
    clock_.press(now);
  changed(now);
}

Expected<MoveText> Session::move(Side by, std::string_view text, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  if (setup_.seats[index(by)].kind != SeatKind::Human)
    return make_error(refusal("engine_seat"), "that seat is played by the engine");
  if (game_->side_to_move() != by)
    return make_error(refusal("not_your_turn"),
                      "it is not your turn: " + game_->side_name(game_->side_to_move()) + " is to move");
  Expected<MoveText> played = game_->play(text);
  if (!played) return played;
  redo_.clear();
  after_move(by, now);
  return played;
}

Status Session::play_history(const std::vector<std::string>& moves, std::int64_t now) {
  std::unique_ptr<Game> trial = game_->clone();
  std::vector<std::string> fens;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto played = trial->play(moves[i]);
    if (!played)
      return make_error("move " + std::to_string(i + 1) + " (" + moves[i] + "): " + played.error().message);
    fens.push_back(trial->fen());
  }
  game_ = std::move(trial);
  fens_.insert(fens_.end(), fens.begin(), fens.end());
  restart_clock(now);
  changed(now);
  return Ok{};
}

Expected<MoveText> Session::engine_move(std::string_view text, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  Side mover = game_->side_to_move();
  if (setup_.seats[index(mover)].kind != SeatKind::Engine)
    return make_error(refusal("not_engine_turn"), "it is not the engine's turn");
  Expected<MoveText> played = game_->play(text);
  if (!played) return played;
  redo_.clear();
  after_move(mover, now);
  return played;
}

std::size_t Session::last_own_ply(Side by) const {
  const std::size_t plies = game_->moves_played().size();
  for (std::size_t i = plies; i-- > 0;)
    if (side_of_ply(i) == by) return i;
  return plies;
}

Status Session::may_undo(Side by) const {
  if (setup_.rated) return make_error(refusal("undo_rated"), "moves cannot be taken back in a rated game");
  if (adjudication_ &&
      (adjudication_->termination == "time" || adjudication_->termination == "time_no_mating_material"))
    return make_error(refusal("undo_after_time"), "the game was decided on time (" + adjudication_->reason +
                                                      "); it cannot be taken back");
  if (last_own_ply(by) == game_->moves_played().size())
    return make_error(refusal("nothing_to_undo"), "there is no move of yours to take back");
  return Ok{};
}

Status Session::undo(Side by, std::int64_t now) {
  if (Status st = may_undo(by); !st) return st;
  // A finished game reopens: the result is taken back with the moves.
  adjudication_.reset();
  std::size_t plies = game_->moves_played().size();
  std::size_t last_own = last_own_ply(by);
  std::vector<MoveText> played = game_->moves_played();
  std::vector<std::string> group;
  for (std::size_t i = last_own; i < plies; ++i) group.push_back(played[i].id);
  for (std::size_t i = last_own; i < plies; ++i) {
    game_->undo();
    fens_.pop_back();
  }
  redo_.push_back(std::move(group));
  draw_.pending.reset();
  if (draw_.offered_at_ply > static_cast<int>(last_own)) draw_.offered_at_ply = -1;
  restart_clock(now);
  changed(now);
  return Ok{};
}

Status Session::redo(Side /*by*/, std::int64_t now) {
  if (redo_.empty()) return make_error(refusal("nothing_to_redo"), "there is nothing to redo");
  if (Status st = refuse_if_over(); !st) return st.error();
  std::vector<std::string> group = std::move(redo_.back());
  redo_.pop_back();
  for (const std::string& id : group) {
    if (!game_->play(id)) break;  // cannot happen: the same moves from the same position
    fens_.push_back(game_->fen());
  }
  restart_clock(now);
  changed(now);
  return Ok{};
}

Status Session::resign(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  game_->resign(by);
  adjudication_ = game_->outcome();
  draw_.pending.reset();
  clock_.stop(now);
  changed(now);
  return Ok{};
}

Status Session::offer_draw(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  if (draw_.pending == by)
    return make_error(refusal("draw_offer_pending"), "your draw offer is still waiting for an answer");
  if (draw_.pending == ~by)
    return make_error(refusal("draw_offered_to_you"),
                      "your opponent has offered a draw: accept or decline it");
  std::size_t plies = game_->moves_played().size();
  if (game_->side_to_move() == by || plies == 0 || side_of_ply(plies - 1) != by)
    return make_error(refusal("draw_offer_after_move"),
                      "a draw is offered just after making your own move: make your move first");
  if (draw_.offered_at_ply == static_cast<int>(plies))
    return make_error(refusal("draw_already_offered"), "you have already offered a draw with this move");
  if (!draw_.may_offer[index(by)])
    return make_error(
        refusal("draw_offer_declined"),
        "your last draw offer was declined: you may offer again once your opponent has offered one");
  draw_.pending = by;
  draw_.offered_at_ply = static_cast<int>(plies);
  draw_.may_offer[index(~by)] = true;  // the opponent's own refusal is answered by this offer
  changed(now);
  return Ok{};
}

Status Session::answer_draw(Side by, bool accept, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  if (draw_.pending != ~by) return make_error(refusal("no_draw_offer"), "there is no draw offer to answer");
  draw_.pending.reset();
  if (accept) {
    game_->agree_draw();
    adjudication_ = game_->outcome();
    clock_.stop(now);
  } else {
    draw_.may_offer[index(~by)] = false;
  }
  changed(now);
  return Ok{};
}

void Session::engine_answers_draw(bool accept, std::int64_t now) {
  if (!draw_.pending || setup_.seats[index(~*draw_.pending)].kind != SeatKind::Engine) return;
  (void)answer_draw(~*draw_.pending, accept, now);
}

Status Session::claim_draw(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  if (game_->side_to_move() != by)
    return make_error(refusal("claim_own_turn"), "a draw is claimed on your own turn");
  if (Status st = game_->claim_draw(); !st) return st;
  adjudication_ = game_->outcome();
  draw_.pending.reset();
  clock_.stop(now);
  changed(now);
  return Ok{};
}

bool Session::check_flag(std::int64_t now) {
  if (over() || !clock_.control().timed()) return false;
  std::optional<Side> flagged = clock_.flagged(now);
  if (!flagged) return false;
  Side loser = *flagged;
  std::string why = clock_.control().kind == TimeControl::Kind::PerMove
                        ? game_->side_name(loser) + " overran the time for a move " +
                              std::to_string(clock_.control().max_overruns) + " times"
                        : game_->side_name(loser) + " ran out of time";
  if (could_still_win(*game_, ~loser))
    adjudication_ = Outcome::win(~loser, "time", why + "; " + game_->side_name(~loser) + " wins");
  else
    adjudication_ = Outcome::draw("time_no_mating_material",
                                  why + ", but " + game_->side_name(~loser) + " cannot possibly win: draw");
  draw_.pending.reset();
  clock_.stop(now);
  changed(now);
  return true;
}

Session::Saved Session::save(std::int64_t now) const {
  Saved s;
  s.id = id_;
  s.setup = setup_;
  if (s.setup.fen.empty()) s.setup.fen = fens_.front();  // handicaps and set-ups replay from here
  for (const MoveText& m : game_->moves_played()) s.moves.push_back(m.id);
  s.redo = redo_;
  s.adjudication = adjudication_;
  s.clock = clock_.save(now);
  s.draw = draw_;
  s.created_ms = created_ms_;
  s.updated_ms = updated_ms_;
  return s;
}

Expected<std::unique_ptr<Session>> Session::restore(const Saved& saved, std::int64_t now) {
  SessionSetup setup = saved.setup;
  setup.handicap.clear();  // already applied to the saved start position
  auto created = create(saved.id, setup, saved.created_ms);
  if (!created) return created.error();
  std::unique_ptr<Session> s = std::move(*created);
  s->setup_.handicap = saved.setup.handicap;
  for (const std::string& id : saved.moves) {
    auto played = s->game_->play(id);
    if (!played) return make_error("saved game " + saved.id + ": move " + id + ": " + played.error().message);
    s->fens_.push_back(s->game_->fen());
  }
  if (saved.adjudication) {
    const Outcome& o = *saved.adjudication;
    if (o.termination == "resignation")
      s->game_->resign(~o.winner);
    else if (o.termination == "agreement")
      s->game_->agree_draw();
    else if (o.termination != "time" && o.termination != "time_no_mating_material")
      (void)s->game_->claim_draw();
    s->adjudication_ = o;
  }
  s->redo_ = saved.redo;
  s->draw_ = saved.draw;
  s->clock_.restore(saved.clock, now);
  s->created_ms_ = saved.created_ms;
  s->updated_ms_ = saved.updated_ms;
  s->version_ = 1;
  return s;
}

}  // namespace qi::app
