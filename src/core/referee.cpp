#include "core/referee.h"

namespace qi {
namespace {

consteval const char* refusal(const char* code) { return checked_code(kRefereeRefusals, code); }

}  // namespace

Referee::Referee(std::unique_ptr<Game> game, TimeControl tc, std::int64_t margin_ms, Mode mode)
    : game_(std::move(game)), clock_(tc, margin_ms), mode_(mode), plies_(game_->moves_played().size()) {
  game_->set_record_mode(mode == Mode::Record);  // a record's own moves (chess's null move) only there
}

const Outcome& Referee::rules_outcome() const {
  if (!rules_) rules_ = game_->outcome();
  return *rules_;
}

Expected<MoveText> Referee::play_on_board(std::string_view text) {
  Expected<MoveText> played = game_->play(text);
  if (played) {
    ++plies_;
    rules_.reset();
  }
  return played;
}

Referee::Referee(const Referee& other)
    : game_(other.game_->clone()),
      clock_(other.clock_),
      mode_(other.mode_),
      offers_(other.offers_),
      ruling_(other.ruling_),
      noted_(other.noted_),
      last_over_ply_(other.last_over_ply_),
      clock_waits_(other.clock_waits_),
      plies_(other.plies_),
      max_plies_(other.max_plies_),
      rules_(other.rules_) {}

Referee& Referee::operator=(const Referee& other) {
  if (this != &other) *this = Referee(other);
  return *this;
}

Outcome Referee::outcome() const {
  if (ruling_) return *ruling_;
  if (mode_ == Mode::Record) return Outcome::ongoing();
  return rules_outcome();
}

std::vector<MoveText> Referee::legal_moves() const {
  if (over()) return {};
  return game_->legal_moves();
}

std::vector<Outcome> Referee::draw_claims() const {
  if (over()) return {};
  return game_->draw_claims();
}

bool Referee::clock_started() const { return !clock_waits_ || plies_ >= 2; }

void Referee::start_clock(std::int64_t now) {
  clock_.stop(now);
  if (!over() && clock_started()) clock_.start(game_->side_to_move(), now);
}

Status Referee::refuse_if_over() const {
  if (Outcome o = outcome(); o.over())
    return make_error(refusal("game_over"), "the game is over: " + game_->describe(o));
  return Ok{};
}

void Referee::end(Outcome o, std::int64_t now) {
  ruling_ = std::move(o);
  offers_.pending.reset();
  offers_.held = {};
  clock_.stop(now);
}

Expected<MoveText> Referee::after_move(Expected<MoveText> played, Side mover, std::int64_t now) {
  if (!played) return played;
  const int ply = static_cast<int>(plies_);
  // Moving is the answer to a pending offer from the opponent: a refusal.
  if (offers_.pending == ~mover) {
    offers_.pending.reset();
    offers_.declined_at[index(~mover)] = ply;
    offers_.answer = DrawAnswer{mover, false, ply};
  }
  if (!over() && max_plies_ > 0 && plies_ >= max_plies_)
    end(Outcome::draw(Termination::MaxMoves, game_->side_to_move(), static_cast<int>(plies_ / 2)), now);
  if (over()) {
    offers_.held = {};
    clock_.stop(now);
    return played;
  }
  // An offer asked for earlier is made with this move.
  if (offers_.held[index(mover)]) {
    offers_.held[index(mover)] = false;
    make_offer(mover);
  }
  if (clock_.running())
    clock_.press(now);
  else if (clock_started())
    clock_.start(game_->side_to_move(), now);
  return played;
}

void Referee::make_offer(Side by) {
  offers_.pending = by;
  offers_.offered_at_ply = static_cast<int>(plies_);
  offers_.declined_at[index(~by)] = -1;  // the opponent's refusal is answered by this offer
}

Expected<MoveText> Referee::play(std::string_view text, std::int64_t now) {
  if (mode_ == Mode::Record) {
    // The record goes on past an ending the rules give by themselves: note
    // it, once, where it would have fallen.
    // A repetition stands as long as it goes on: note where it began.
    const int ply = static_cast<int>(plies_);
    if (Outcome o = rules_outcome(); o.over()) {
      const bool same = !noted_.empty() && last_over_ply_ == ply - 1 &&
                        noted_.back().outcome.termination == o.termination &&
                        noted_.back().outcome.winner == o.winner;
      if (!same) noted_.push_back({ply, o});
      last_over_ply_ = ply;
    }
    if (max_plies_ > 0 && plies_ >= max_plies_)
      return make_error(refusal("game_too_long"),
                        "the game goes on past " + std::to_string(max_plies_) +
                            " plies (moves of either side), the most a game may have");
    return play_on_board(text);
  }
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  const Side mover = game_->side_to_move();
  return after_move(play_on_board(text), mover, now);
}

Expected<MoveText> Referee::replay(std::string_view text) {
  // Moves known to have been played: only a ruling stops them, not the
  // rules' own verdict (a record may play on past it, and the game with it).
  if (ruling_) return make_error(refusal("game_over"), "the game is over: " + game_->describe(*ruling_));
  Expected<MoveText> played = play_on_board(text);
  if (played && offers_.pending == game_->side_to_move()) {
    offers_.pending.reset();
    offers_.declined_at[index(game_->side_to_move())] = static_cast<int>(plies_);
  }
  return played;
}

Expected<MoveText> Referee::play_squares(const std::vector<std::string>& squares, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st.error();
  Expected<MoveText> move = game_->parse_squares(squares);
  if (!move) return move;
  return play(move->id, now);
}

Status Referee::resign(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st;
  end(Outcome::win(~by, Termination::Resignation), now);
  return Ok{};
}

Status Referee::may_offer_draw(Side by) const {
  if (Status st = refuse_if_over(); !st) return st;
  if (offers_.pending == by)
    return make_error(refusal("draw_offer_pending"), "your draw offer is still waiting for an answer");
  if (offers_.pending == ~by)
    return make_error(refusal("draw_offered_to_you"),
                      "your opponent has offered a draw: accept or decline it");
  if (offers_.held[index(by)])
    return make_error(refusal("draw_offer_held"), "your draw offer will be made with your next move");
  if (const int declined = offers_.declined_at[index(by)]; declined >= 0) {
    const int plies = static_cast<int>(plies_);
    const int own_moves_since = (plies - declined + (game_->side_to_move() == by ? 0 : 1)) / 2;
    if (own_moves_since < DrawOffers::kMovesBetweenOffers)
      return make_error(refusal("draw_offer_declined"),
                        "your last draw offer was declined: you may offer again after " +
                            std::to_string(DrawOffers::kMovesBetweenOffers) +
                            " more moves of your own, or once your opponent has offered one");
  }
  return Ok{};
}

Status Referee::offer_draw(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = may_offer_draw(by); !st) return st;
  offers_.held[index(by)] = true;
  return Ok{};
}

Status Referee::offer_draw_with_move(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = may_offer_draw(by); !st) return st;
  const std::size_t plies = plies_;
  if (game_->side_to_move() == by || plies == 0)
    return make_error(refusal("draw_offer_after_move"),
                      "a draw is offered with your own move: make your move first");
  if (offers_.offered_at_ply == static_cast<int>(plies))
    return make_error(refusal("draw_already_offered"), "you have already offered a draw with this move");
  make_offer(by);
  return Ok{};
}

Status Referee::answer_draw(Side by, bool accept, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st;
  if (offers_.pending != ~by) return make_error(refusal("no_draw_offer"), "there is no draw offer to answer");
  offers_.pending.reset();
  const int ply = static_cast<int>(plies_);
  offers_.answer = DrawAnswer{by, accept, ply};
  if (accept)
    end(Outcome::draw(Termination::Agreement, by), now);
  else
    offers_.declined_at[index(~by)] = ply;
  return Ok{};
}

Status Referee::claim_draw(Side by, std::int64_t now) {
  check_flag(now);
  if (Status st = refuse_if_over(); !st) return st;
  if (game_->side_to_move() != by)
    return make_error(refusal("claim_own_turn"), "a draw is claimed on your own turn");
  std::vector<Outcome> claims = game_->draw_claims();
  if (claims.empty())
    return make_error(refusal("draw_claim_unavailable"), "no draw can be claimed in this position");
  end(claims.front(), now);
  return Ok{};
}

bool Referee::check_flag(std::int64_t now) {
  if (over() || !clock_.control().timed()) return false;
  const std::optional<Side> flagged = clock_.flagged(now);
  if (!flagged) return false;
  const Side loser = *flagged;
  if (!game_->can_win(~loser))
    end(Outcome::draw(Termination::TimeCannotWin, loser), now);
  else if (clock_.control().kind == TimeControl::Kind::PerMove)
    end(Outcome::win(~loser, Termination::Overruns, clock_.control().max_overruns), now);
  else
    end(Outcome::win(~loser, Termination::Time), now);
  return true;
}

void Referee::rule(Outcome o, std::int64_t now) { end(std::move(o), now); }

Status Referee::take_back(std::size_t plies, std::int64_t now) {
  if (plies > plies_) return make_error("there are not so many moves to take back");
  for (std::size_t i = 0; i < plies; ++i) game_->undo();
  plies_ -= plies;
  rules_.reset();
  ruling_.reset();
  offers_.pending.reset();
  offers_.held = {};
  if (offers_.offered_at_ply > static_cast<int>(plies_)) offers_.offered_at_ply = -1;
  start_clock(now);
  return Ok{};
}

void Referee::conclude(Verdict verdict, Side winner, bool on_time) {
  const Outcome rules = rules_outcome();
  if (rules.over() && (verdict == Verdict::Ongoing ||
                       (rules.verdict == verdict && (verdict == Verdict::Draw || rules.winner == winner)))) {
    ruling_ = rules;
    return;
  }
  if (verdict == Verdict::Draw) {
    std::vector<Outcome> claims = game_->draw_claims();
    ruling_ = claims.empty() ? Outcome::draw(Termination::Agreement) : claims.front();
  } else if (verdict == Verdict::Win) {
    ruling_ = Outcome::win(winner, on_time ? Termination::Time : Termination::Resignation);
  }
}

void Referee::restore(std::optional<Outcome> ruling, const GameClock::Saved& clock, const DrawOffers& offers,
                      std::int64_t now) {
  ruling_ = std::move(ruling);
  clock_.restore(clock, now);
  offers_ = offers;
}

}  // namespace qi
