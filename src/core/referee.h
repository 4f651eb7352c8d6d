// The referee of one game in progress, for every way a game is played: the
// app's sessions, the arena's engine games, `qi play` in the terminal and the
// reading of a record. It holds the game (the rules), the clock and the
// draw offers, and gives the rulings the rules leave to an arbiter:
// resignation, agreement, claims, a fallen flag (a loss, or a draw when the
// opponent cannot possibly win: FIDE 6.9, and the same in the other games),
// and the arena's adjudications.
//
// Draw offers follow FIDE 9.1.2 as rule document 001 puts it: a draw is
// offered with one's own move. A player may ask to offer at any time (on
// their own turn, or while the opponent thinks); the offer is held and made
// with that player's next move, as lichess does. Once made it cannot be
// withdrawn; the opponent accepts, declines, or declines by moving. After a
// refusal the same player offers again only after ten more moves of their
// own, or at once after the opponent has offered (FIDE 11.5: repeated offers
// must not annoy).
//
// The clock may wait for the first moves (the app's games, as lichess): no
// side's time runs until each side has made its first move.
//
// In record mode the moves are a record's, played as written: where the
// rules would have ended the game by themselves (a repetition, a move limit)
// the ruling is noted with its ply and play goes on, because in real play an
// arbiter makes those rulings and the players played on.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/outcome.h"
#include "core/refusal_code.h"
#include "core/time_control.h"

namespace qi {

// The referee's refusals, with their Chinese sentences.
inline constexpr std::array kRefereeRefusals = {
    RefusalWords{"game_over", "对局已经结束"},
    RefusalWords{"draw_claim_unavailable", "当前局面不能要求判和"},
    RefusalWords{"claim_own_turn", "只能在轮到自己走时要求判和"},
    RefusalWords{"draw_offer_pending", "你的求和还在等对方答复"},
    RefusalWords{"draw_offered_to_you", "对方已提出和棋：请接受或拒绝"},
    RefusalWords{"draw_offer_after_move", "求和要在自己走完一步之后提出：请先走棋"},
    RefusalWords{"draw_already_offered", "这一步之后你已经提过和了"},
    RefusalWords{"draw_offer_held", "你的求和会随你的下一步棋提出"},
    RefusalWords{"draw_offer_declined", "你上次的求和被拒绝了；自己再走 10 步之后（或对方提和之后）才能再提"},
    RefusalWords{"no_draw_offer", "没有需要答复的求和"},
    RefusalWords{"game_too_long", "对局太长：超过了允许的最多步数"},
};

// The last answer to an offer: by whom, and at which ply.
struct DrawAnswer {
  Side by = Side::First;
  bool accepted = false;
  int ply = 0;
  friend bool operator==(const DrawAnswer&, const DrawAnswer&) = default;
};

struct DrawOffers {
  // After a refusal, the moves of one's own before offering again.
  static constexpr int kMovesBetweenOffers = 10;

  std::optional<Side> pending;             // who offered, waiting for an answer
  std::array<bool, 2> held{};              // asked for, to be made with that side's next move
  std::array<int, 2> declined_at{-1, -1};  // ply of the refusal of each side's last offer; -1 none since
  int offered_at_ply = -1;                 // one offer per move
  std::optional<DrawAnswer> answer;
  friend bool operator==(const DrawOffers&, const DrawOffers&) = default;
};

// Where a record played on past an ending the rules give by themselves:
// before the move of index `ply` (0 is the first move).
struct Ruling {
  int ply = 0;
  Outcome outcome;
};

class Referee {
 public:
  enum class Mode { Live, Record };

  explicit Referee(std::unique_ptr<Game> game, TimeControl tc = {}, std::int64_t margin_ms = 0,
                   Mode mode = Mode::Live);
  Referee(const Referee& other);
  Referee& operator=(const Referee& other);
  Referee(Referee&&) = default;
  Referee& operator=(Referee&&) = default;

  const Game& game() const { return *game_; }
  // Moves played since the game's start position.
  std::size_t plies() const { return plies_; }
  const GameClock& clock() const { return clock_; }
  const DrawOffers& offers() const { return offers_; }
  // The ending the referee gave (resignation, agreement, a claim, time, an
  // adjudication), if any.
  const std::optional<Outcome>& ruling() const { return ruling_; }
  // How the game stands: the referee's ruling, else the rules' verdict (in
  // record mode, only the ruling: the record decides).
  Outcome outcome() const;
  bool over() const { return outcome().over(); }
  // The legal moves, none once the game is over (FIDE 5 and 9.6: the game
  // ends at once, even where the pieces could still move).
  std::vector<MoveText> legal_moves() const;
  // The draws the side to move may claim now.
  std::vector<Outcome> draw_claims() const;
  const std::vector<Ruling>& noted_rulings() const { return noted_; }

  // Starts the clock of the side to move (the game begins or resumes), and
  // stops it.
  void start_clock(std::int64_t now);
  // No time runs until each side has made its first move.
  void set_clock_waits_for_first_moves(bool wait) { clock_waits_ = wait; }
  // The most plies a game may have (0: no bound), so that what one game
  // costs (its history, its views, a review of it) is bounded. A live game
  // that reaches it is drawn by adjudication (Termination::MaxMoves); a
  // record's move past it is refused (code "game_too_long"). Moves replayed
  // (a saved game, a redo) are not refused: they were played.
  void set_max_plies(std::size_t plies) { max_plies_ = plies; }
  std::size_t max_plies() const { return max_plies_; }
  // Whether the clock has started (it may wait for the first moves).
  bool clock_started() const;
  void stop_clock(std::int64_t now) { clock_.stop(now); }

  // --- Actions: each refuses with a reason and changes nothing ------------
  // Plays a move in any notation of the game (or by its squares) for the
  // side to move; checks the flag first.
  Expected<MoveText> play(std::string_view text, std::int64_t now);
  Expected<MoveText> play_squares(const std::vector<std::string>& squares, std::int64_t now);
  // Plays a move again outside the clock's time (a restored game's moves, a
  // redo, a record's moves): no time is charged, no flag is judged, and the
  // rules' own verdict does not stop it (a record may play on past it).
  Expected<MoveText> replay(std::string_view text);
  Status resign(Side by, std::int64_t now);
  // Asks to offer a draw: held, and made with `by`'s next move.
  Status offer_draw(Side by, std::int64_t now);
  // Offers a draw with the move `by` has just made (the opponent is to move).
  Status offer_draw_with_move(Side by, std::int64_t now);
  // Whether `by` may ask to offer a draw now, and if not the refusal.
  Status may_offer_draw(Side by) const;
  Status answer_draw(Side by, bool accept, std::int64_t now);
  // Claims the first draw the side to move may claim; `by` must be to move.
  Status claim_draw(Side by, std::int64_t now);
  // Ends the game if a flag has fallen; true if that happened now.
  bool check_flag(std::int64_t now);
  // An ending the arbiter gives for reasons outside the rules (the arena: a
  // crash, an illegal reply, adjudication by the engines' scores).
  void rule(Outcome outcome, std::int64_t now);
  // Takes back the last `plies` moves and any ruling after them; the clock
  // runs for the side to move again.
  Status take_back(std::size_t plies, std::int64_t now);

  // Record mode: the record's result, once its moves are played. Where the
  // rules ended the game in the final position, their verdict stands; a
  // decided result they have not reached is read as a claim (a draw the
  // rules allow claiming), an agreement or a resignation, or a loss on time
  // when the record says so.
  void conclude(Verdict verdict, Side winner, bool on_time);

  // Persistence: the parts of the referee's state a saved game restores
  // after replaying its moves.
  void restore(std::optional<Outcome> ruling, const GameClock::Saved& clock, const DrawOffers& offers,
               std::int64_t now);

 private:
  Status refuse_if_over() const;
  Expected<MoveText> after_move(Expected<MoveText> played, Side mover, std::int64_t now);
  void end(Outcome outcome, std::int64_t now);
  void make_offer(Side by);
  // Plays a move on the board: every move goes through here, so that the
  // ply count and the rules' verdict (asked many times a view) stay known.
  Expected<MoveText> play_on_board(std::string_view text);
  const Outcome& rules_outcome() const;

  std::unique_ptr<Game> game_;
  GameClock clock_;
  Mode mode_;
  DrawOffers offers_;
  std::optional<Outcome> ruling_;
  std::vector<Ruling> noted_;
  int last_over_ply_ = -2;  // record mode: the last ply before which the rules said the game was over
  bool clock_waits_ = false;
  std::size_t plies_ = 0;
  std::size_t max_plies_ = 0;
  mutable std::optional<Outcome> rules_;  // the rules' verdict in this position, once asked
};

}  // namespace qi
