#include "app/session.h"

#include <random>

#include "app/refusal_codes.h"
#include "core/record.h"
#include "core/text.h"
#include "engine/handicap.h"
#include "engine/registry.h"

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

bool same_secret(std::string_view a, std::string_view b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

namespace {

Status check_seats(std::array<Seat, 2>& seats) {
  if (seats[0].open || seats[1].open) {
    // One open seat, for a friend or a stranger: the other seat is its creator's.
    const Seat& other = seats[0].open ? seats[1] : seats[0];
    if (other.open) return make_error("at most one seat may be open");
    if (other.kind != SeatKind::Human)
      return make_error("an open seat waits for a person to play you: take the other seat yourself");
  }
  for (Seat& seat : seats) {
    if (seat.open) {
      if (seat.kind != SeatKind::Human) return make_error("only a person's seat may be open");
      seat.token.clear();  // made when the seat is taken
      seat.player_id.reset();
      seat.name.clear();
      if (seat.invite.empty()) seat.invite = new_token();
      continue;
    }
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
  if (setup.variant.empty()) setup.variant = std::string((*game)->variant());
  // A FEN as pasted or sent: its surrounding white space (a line's end) is no part of it.
  std::string fen(trim(setup.fen));
  if (!setup.handicap.empty()) {
    if (!fen.empty()) return make_error("choose either a start position or a handicap, not both");
    // The engine gives the odds; between two people, the second player does.
    const Side giver = setup.seats[0].kind == SeatKind::Engine && setup.seats[1].kind == SeatKind::Human
                           ? Side::First
                           : Side::Second;
    const HandicapInfo* info = engine::find_handicap(**game, setup.handicap);
    if (info && !info->giver_avoids.empty() &&
        setup.seats[index(info->default_giver)].kind != SeatKind::Engine)
      return make_error("the " + info->name + " handicap is the engine's: it plays " +
                        (*game)->side_name(info->default_giver));
    auto handicapped = engine::handicap_fen(
        **game, setup.handicap, info && !info->giver_avoids.empty() ? info->default_giver : giver);
    if (!handicapped) return handicapped.error();
    fen = *handicapped;
  }
  if (!fen.empty()) {
    if (Status st = (*game)->set_fen(fen); !st) return st.error();
    if ((*game)->outcome().over()) return make_error("the start position is already the end of the game");
  }
  if (Status st = check_seats(setup.seats); !st) return st.error();
  if (Status st = validate(setup.time_control); !st) return st.error();
  if (setup.time_control.kind == TimeControl::Kind::Depth ||
      setup.time_control.kind == TimeControl::Kind::Nodes ||
      setup.time_control.kind == TimeControl::Kind::MoveTime)
    return make_error("time control: the app's games are unlimited, sudden death, increment or per move");
  std::unique_ptr<Session> s(new Session(Referee(std::move(*game), setup.time_control)));
  s->id_ = std::move(id);
  s->setup_ = std::move(setup);
  s->start_side_ = s->game().side_to_move();
  s->fens_.push_back(s->game().fen());
  s->boards_.push_back(s->game().board_cells());
  s->referee_.set_clock_waits_for_first_moves(true);
  s->referee_.set_max_plies(kMaxGamePlies);
  s->referee_.start_clock(now);
  s->created_ms_ = now;
  s->turn_started_ms_ = now;
  s->last_contact_ms_ = {now, now};
  s->changed(now);
  return s;
}

std::optional<Side> Session::seat_of(std::string_view token) const {
  for (Side s : {Side::First, Side::Second})
    if (setup_.seats[index(s)].kind == SeatKind::Human && same_secret(setup_.seats[index(s)].token, token))
      return s;
  return std::nullopt;
}

bool Session::engine_to_move() const {
  return !over() && !waiting_for_seat() &&
         setup_.seats[index(game().side_to_move())].kind == SeatKind::Engine;
}

bool Session::watched_by_clock() const {
  if (over() || waiting_for_seat()) return false;
  if (clock().running()) return true;
  return referee_.plies() < 2 && (setup_.rated || setup_.time_control.timed());
}

std::string Session::record() const {
  // Every view carries the record: written once a version.
  if (record_cache_ && record_cache_->first == version_) return record_cache_->second;
  const RecordDialect dialect = game().record_dialect();
  Tags tags = setup_.tags;
  auto set = [&](const std::string& name, const std::string& value) {
    for (auto& [n, v] : tags)
      if (n == name) {
        v = value;
        return;
      }
    tags.emplace_back(name, value);
  };
  for (Side s : {Side::First, Side::Second})
    if (const Seat& seat = setup_.seats[index(s)]; !seat.name.empty())
      set(dialect.player_tags[index(s)], seat.name);
  if (tags.empty() ||
      std::none_of(tags.begin(), tags.end(), [](const auto& t) { return t.first == "Event"; }))
    set("Event", "Qi");
  record_cache_.emplace(version_, write_record(record_of(referee_, tags, {}, std::nullopt, &moves_), game()));
  return record_cache_->second;
}

void Session::changed(std::int64_t now) {
  ++version_;
  updated_ms_ = now;
  if (over()) takeback_ = {};  // a proposal ends with the game
}

Side Session::side_of_ply(std::size_t ply) const { return ply % 2 == 0 ? start_side_ : ~start_side_; }

Status Session::turn_of(Side by) const {
  if (waiting_for_seat())
    return make_error(refusal("seat_open"), "the game starts when the open seat is taken");
  if (setup_.seats[index(by)].kind != SeatKind::Human)
    return make_error(refusal("engine_seat"), "that seat is played by the engine");
  if (game().side_to_move() != by)
    return make_error(refusal("not_your_turn"),
                      "it is not your turn: " + game().side_name(game().side_to_move()) + " is to move");
  return Ok{};
}

void Session::note_ply(MoveText move) {
  moves_.push_back(std::move(move));
  fens_.push_back(game().fen());
  boards_.push_back(game().board_cells());
}

void Session::forget_plies(std::size_t plies) {
  moves_.resize(moves_.size() - plies);
  fens_.resize(fens_.size() - plies);
  boards_.resize(boards_.size() - plies);
}

void Session::after_move(MoveText move, std::int64_t now) {
  turn_started_ms_ = now;
  note_ply(std::move(move));
  redo_.clear();
  takeback_after_move(side_of_ply(referee_.plies() - 1));
  changed(now);
}

Expected<MoveText> Session::move(Side by, std::string_view text, std::int64_t now) {
  check_flag(now);
  if (!over())
    if (Status st = turn_of(by); !st) return st.error();
  Expected<MoveText> played = referee_.play(text, now);
  if (played) after_move(*played, now);
  return played;
}

Expected<MoveText> Session::move_squares(Side by, const std::vector<std::string>& squares, std::int64_t now) {
  check_flag(now);
  if (!over())
    if (Status st = turn_of(by); !st) return st.error();
  Expected<MoveText> played = referee_.play_squares(squares, now);
  if (played) after_move(*played, now);
  return played;
}

Status Session::play_history(const std::vector<std::string>& moves, std::int64_t now) {
  Referee before = referee_;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto played = referee_.replay(moves[i]);
    if (!played) {
      forget_plies(i);
      referee_ = std::move(before);
      return make_error("move " + std::to_string(i + 1) + " (" + moves[i] + "): " + played.error().message);
    }
    note_ply(std::move(*played));
  }
  referee_.start_clock(now);
  changed(now);
  return Ok{};
}

Expected<MoveText> Session::engine_move(std::string_view text, std::int64_t now) {
  check_flag(now);
  if (!over() && setup_.seats[index(game().side_to_move())].kind != SeatKind::Engine)
    return make_error(refusal("not_engine_turn"), "it is not the engine's turn");
  Expected<MoveText> played = referee_.play(text, now);
  if (played) after_move(*played, now);
  return played;
}

std::size_t Session::last_own_ply(Side by) const {
  const std::size_t plies = referee_.plies();
  for (std::size_t i = plies; i-- > 0;)
    if (side_of_ply(i) == by) return i;
  return plies;
}

Status Session::may_undo(Side by) const {
  if (setup_.rated) return make_error(refusal("undo_rated"), "moves cannot be taken back in a rated game");
  if (outcome().verdict == Verdict::Aborted)
    return make_error(refusal("undo_aborted"), "the game was aborted; it cannot be taken back");
  if (const auto& ruling = referee_.ruling();
      ruling && (ruling->termination == Termination::Time || ruling->termination == Termination::Overruns ||
                 ruling->termination == Termination::TimeCannotWin))
    return make_error(
        refusal("undo_after_time"),
        "the game was decided on time (" + game().describe(*ruling) + "); it cannot be taken back");
  if (last_own_ply(by) == referee_.plies())
    return make_error(refusal("nothing_to_undo"), "there is no move of yours to take back");
  return Ok{};
}

bool Session::takeback_needs_consent(Side by) const {
  return setup_.seats[index(~by)].kind == SeatKind::Human;
}

Status Session::take_back_own(Side by, bool for_redo, std::int64_t now) {
  const std::size_t plies = referee_.plies();
  const std::size_t last_own = last_own_ply(by);
  std::vector<std::string> group;
  for (std::size_t i = last_own; i < plies; ++i) group.push_back(moves_[i].id);
  // A finished game reopens: the result is taken back with the moves.
  if (Status st = referee_.take_back(plies - last_own, now); !st) return st;
  forget_plies(plies - last_own);
  if (for_redo)
    redo_.push_back(std::move(group));
  else
    redo_.clear();
  if (rematch_.game.empty()) rematch_.offered_by.reset();  // the game goes on: no rematch of it yet
  takeback_.proposed_by.reset();
  takeback_.answer.reset();
  return Ok{};
}

Status Session::undo(Side by, SeatsHeld held, std::int64_t now) {
  if (Status st = may_undo(by); !st) return st;
  if (held == SeatsHeld::One && takeback_needs_consent(by))
    return make_error(refusal("takeback_needs_consent"),
                      "your opponent plays at another screen: propose a takeback, which is made when they "
                      "accept it");
  if (Status st = take_back_own(by, true, now); !st) return st;
  changed(now);
  return Ok{};
}

Status Session::redo(Side by, SeatsHeld held, std::int64_t now) {
  if (redo_.empty()) return make_error(refusal("nothing_to_redo"), "there is nothing to redo");
  if (held == SeatsHeld::One && takeback_needs_consent(by))
    return make_error(refusal("redo_others_moves"),
                      "the moves taken back are your opponent's too: only they play their moves");
  if (over())
    return make_error(checked_code(kRefereeRefusals, "game_over"),
                      "the game is over: " + game().describe(outcome()));
  std::vector<std::string> group = std::move(redo_.back());
  redo_.pop_back();
  for (const std::string& id : group) {
    auto played = referee_.replay(id);
    if (!played) break;  // cannot happen: the same moves from the same position
    note_ply(std::move(*played));
  }
  referee_.start_clock(now);
  takeback_.proposed_by.reset();
  takeback_.answer.reset();
  changed(now);
  return Ok{};
}

Status Session::resign(Side by, std::int64_t now) {
  if (waiting_for_seat())
    return make_error(refusal("seat_open"),
                      "the game has not started: nobody has taken the open seat (abort it)");
  if (Status st = referee_.resign(by, now); !st) return st;
  changed(now);
  return Ok{};
}

Status Session::offer_draw(Side by, std::int64_t now) {
  if (waiting_for_seat())
    return make_error(refusal("seat_open"), "the game starts when the open seat is taken");
  if (Status st = referee_.offer_draw(by, now); !st) return st;
  changed(now);
  return Ok{};
}

Status Session::offer_draw_with_move(Side by, std::int64_t now) {
  if (Status st = referee_.offer_draw_with_move(by, now); !st) return st;
  changed(now);
  return Ok{};
}

Status Session::answer_draw(Side by, bool accept, std::int64_t now) {
  if (Status st = referee_.answer_draw(by, accept, now); !st) return st;
  changed(now);
  return Ok{};
}

void Session::engine_answers_draw(bool accept, Words reason, std::int64_t now) {
  const std::optional<Side> pending = referee_.offers().pending;
  if (!pending || setup_.seats[index(~*pending)].kind != SeatKind::Engine) return;
  if (answer_draw(~*pending, accept, now)) engine_draw_reason_ = std::move(reason);
}

std::int64_t Session::away_ms(Side side, std::int64_t now) const {
  if (setup_.seats[index(side)].kind == SeatKind::Engine) return 0;
  return std::max<std::int64_t>(0, now - last_contact_ms_[index(side)]);
}

bool Session::notice_time(std::int64_t now) {
  bool noticed = false;
  for (Side side : {Side::First, Side::Second}) {
    const int i = index(side);
    const bool is_here = here(side, now);
    const int overruns = clock().overruns(side, now);
    if (is_here != seen_here_[i] || overruns != seen_overruns_[i]) noticed = true;
    seen_here_[i] = is_here;
    seen_overruns_[i] = overruns;
  }
  if (noticed) ++version_;
  return noticed;
}

Status Session::may_abort(Side by) const {
  if (over())
    return make_error(checked_code(kRefereeRefusals, "game_over"),
                      "the game is over: " + game().describe(outcome()));
  if (setup_.seats[index(by)].kind != SeatKind::Human)
    return make_error(refusal("engine_seat"), "that seat is played by the engine");
  if (referee_.plies() >= 2)
    return make_error(
        refusal("abort_too_late"),
        "both sides have made their first move: the game can no longer be aborted (resign instead)");
  return Ok{};
}

Status Session::abort(Side by, std::int64_t now) {
  if (Status st = may_abort(by); !st) return st;
  referee_.rule(Outcome::aborted(Termination::Aborted, by), now);
  changed(now);
  return Ok{};
}

Status Session::may_claim_abandoned(Side by, bool win, std::int64_t now) const {
  if (over())
    return make_error(checked_code(kRefereeRefusals, "game_over"),
                      "the game is over: " + game().describe(outcome()));
  if (referee_.plies() < 2)
    return make_error(refusal("abandon_claim_early"),
                      "before each side has made its first move a game that was left can only be aborted");
  if (here(~by, now)) return make_error(refusal("opponent_present"), "your opponent is still here");
  if (win && !game().can_win(by))
    return make_error(refusal("claim_win_cannot_win"), "you cannot possibly win any more: claim a draw");
  return Ok{};
}

Status Session::claim_abandoned(Side by, bool win, std::int64_t now) {
  if (Status st = may_claim_abandoned(by, win, now); !st) return st;
  referee_.rule(
      win ? Outcome::win(by, Termination::Abandoned) : Outcome::draw(Termination::AbandonedDraw, by), now);
  changed(now);
  return Ok{};
}

bool Session::check_first_move(std::int64_t now) {
  if (over() || referee_.plies() >= 2 || waiting_for_seat()) return false;
  if (!setup_.rated && !setup_.time_control.timed()) return false;
  const Side to_move = game().side_to_move();
  if (setup_.seats[index(to_move)].kind != SeatKind::Human) return false;
  if (now - turn_started_ms_ < kFirstMoveMs) return false;
  referee_.rule(Outcome::aborted(Termination::NoFirstMove, to_move), now);
  changed(now);
  return true;
}

Status Session::claim_draw(Side by, std::int64_t now) {
  if (Status st = referee_.claim_draw(by, now); !st) return st;
  changed(now);
  return Ok{};
}

bool Session::check_flag(std::int64_t now) {
  if (!referee_.check_flag(now)) return false;
  changed(now);
  return true;
}

Session::Saved Session::save(std::int64_t now) const {
  Saved s;
  s.id = id_;
  s.setup = setup_;
  if (s.setup.fen.empty()) s.setup.fen = fens_.front();  // handicaps and set-ups replay from here
  for (const MoveText& m : moves_) s.moves.push_back(m.id);
  s.redo = redo_;
  s.adjudication = referee_.ruling();
  s.clock = referee_.clock().save(now);
  s.draw = referee_.offers();
  s.engine_draw_reason = engine_draw_reason_;
  s.created_ms = created_ms_;
  s.updated_ms = updated_ms_;
  s.version = version_;
  s.rematch = rematch_;
  s.takeback = takeback_;
  return s;
}

bool Session::goes_on_into(const Saved& saved) const {
  if (saved.id != id_ || saved.setup.game != setup_.game || saved.setup.variant != setup_.variant ||
      saved.setup.fen != fens_.front() || referee_.ruling() || saved.moves.size() < moves_.size())
    return false;
  for (std::size_t i = 0; i < moves_.size(); ++i)
    if (moves_[i].id != saved.moves[i]) return false;
  return true;
}

Expected<std::unique_ptr<Session>> Session::restore(const Saved& saved, std::int64_t now,
                                                    const Session* known) {
  std::unique_ptr<Session> s;
  if (known && known->goes_on_into(saved)) {
    // What create would make of the saved setup, on the known game's board;
    // what a restore sets from the saved game is set below, and the rest
    // is as create leaves it.
    s = known->copy();
    SessionSetup setup = saved.setup;
    if (Status st = check_seats(setup.seats); !st) return st.error();
    s->setup_ = std::move(setup);
    s->seen_here_ = {true, true};
    s->seen_overruns_ = {};
    s->record_cache_.reset();
  } else {
    SessionSetup setup = saved.setup;
    setup.handicap.clear();  // already applied to the saved start position
    auto created = create(saved.id, setup, saved.created_ms);
    if (!created) return created.error();
    s = std::move(*created);
    s->setup_.handicap = saved.setup.handicap;
  }
  for (std::size_t i = s->moves_.size(); i < saved.moves.size(); ++i) {
    const std::string& id = saved.moves[i];
    auto played = s->referee_.replay(id);
    if (!played) return make_error("saved game " + saved.id + ": move " + id + ": " + played.error().message);
    s->note_ply(std::move(*played));
  }
  s->referee_.restore(saved.adjudication, saved.clock, saved.draw, now);
  s->redo_ = saved.redo;
  s->engine_draw_reason_ = saved.engine_draw_reason;
  s->rematch_ = saved.rematch;
  s->takeback_ = saved.takeback;
  // The time the server was down counts neither for the first-move rule nor
  // against a seat's presence.
  s->turn_started_ms_ = now;
  s->last_contact_ms_ = {now, now};
  s->created_ms_ = saved.created_ms;
  s->updated_ms_ = saved.updated_ms;
  s->version_ = std::max<std::uint64_t>(1, saved.version);
  return s;
}

}  // namespace qi::app
