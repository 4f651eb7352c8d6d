// One game in progress in the app: the referee (core/referee.h: the rules,
// the clock, draw offers and claims, resignation, the flag) and what the app
// adds to it: who sits in each seat (a person holding a secret token, or the
// engine at a level), undo and redo, the record's tags, and the version
// every change increases.
//
// Undo takes back the requesting player's last move and everything after it
// (the engine's reply); redo plays again what the last undo took back, until
// another move is made. Rated games allow no undo. An unrated game that has
// ended (mate, resignation, agreement, a claim) may be taken back and goes
// on, its clocks as they were; one lost on time may not (the time is gone).
// Between people at two screens a takeback needs the opponent's consent: it
// is proposed, then accepted or declined (app/takeback.h), and nobody plays
// the other's moves again with redo.
//
// A Session is not thread-safe; the SessionManager serialises access.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/takeback.h"
#include "core/expected.h"
#include "core/game.h"
#include "core/record_dialect.h"
#include "core/referee.h"
#include "core/registry.h"
#include "core/time_control.h"

namespace qi::app {

// The most plies a game has in the app: 1,000 moves a side, four times the
// longest master game on record in chess (269 moves) and beyond any in
// xiangqi or draughts, whose count rules end idle play much sooner. It
// bounds what one game costs: its memory (docs/app.md, "Games in memory"),
// its import and its review. An import that goes on past it is refused
// (code "game_too_long"); a game played to it is drawn by adjudication.
inline constexpr std::size_t kMaxGamePlies = 2000;
// What a game in memory holds for each ply, at most: its move with the
// move's text in every notation (twice in the games whose adapter keeps its
// own list), the position after it, and their text in the game's view
// (written once). 1.2-2.0 KiB measured (xiangqi the most); docs/app.md states
// it, tests/bounds checks it. At the bound of plies: 5 MiB a game.
inline constexpr std::size_t kGameBytesPerPly = 2560;

enum class SeatKind { Human, Engine };

struct Seat {
  SeatKind kind = SeatKind::Human;
  int level = 0;                          // 1-10 for the engine
  std::string token;                      // secret of a human seat; empty for the engine
  std::optional<std::int64_t> player_id;  // a local profile, if chosen
  std::string name;                       // shown on the page
  std::int64_t movetime_ms = 0;           // engine: > 0 thinks exactly this long a move (load tests)
  // A person's seat nobody holds yet: whoever brings its invite takes it
  // (once), and play waits until then. The invite (128 bits, hex) is kept
  // after the claim, so that a second claim is told the seat is taken.
  bool open = false;
  std::string invite;
};

// A rematch of a finished game: asked for by one seat, then made (a new game,
// colours swapped) when the other asks too or is the engine. Each player's
// token in the new game is given only to that player's seat.
struct Rematch {
  std::optional<Side> offered_by;
  std::string game;                   // the new game's id, once made
  std::array<std::string, 2> tokens;  // by side of this game: that player's token in the new game
};

struct SessionSetup {
  std::string game = default_game_name();  // where a request names none: Qi's default game
  std::string variant;
  std::string fen;       // empty: the standard start
  std::string handicap;  // empty, or a handicap of the game, taken from the engine's (or second) side
  std::array<Seat, 2> seats;
  TimeControl time_control;
  bool rated = false;
  Tags tags;  // an imported record's tags (Event, Site, Date, ...), kept for its export
};

class Session {
 public:
  // Builds the game from the setup; tokens for the human seats are made here.
  static Expected<std::unique_ptr<Session>> create(std::string id, SessionSetup setup, std::int64_t now);

  const std::string& id() const { return id_; }
  const SessionSetup& setup() const { return setup_; }
  const Referee& referee() const { return referee_; }
  const Game& game() const { return referee_.game(); }
  const GameClock& clock() const { return referee_.clock(); }
  const DrawOffers& draw_offer() const { return referee_.offers(); }
  // Increases with every change; the live view and the engine queue use it.
  std::uint64_t version() const { return version_; }
  std::int64_t created_ms() const { return created_ms_; }
  std::int64_t updated_ms() const { return updated_ms_; }
  // The moves played, a ply each (the game's moves_played, kept as they are
  // played rather than written again from the start for every view).
  const std::vector<MoveText>& moves() const { return moves_; }
  // FEN after each ply; [0] is the start.
  const std::vector<std::string>& fens() const { return fens_; }
  // The board cells (Game::board_cells) after each ply; [0] is the start.
  const std::vector<std::string>& boards() const { return boards_; }
  bool can_redo() const { return !redo_.empty(); }

  // The seat whose token this is (compared in constant time).
  std::optional<Side> seat_of(std::string_view token) const;
  Outcome outcome() const { return referee_.outcome(); }
  bool over() const { return referee_.over(); }
  bool engine_to_move() const;
  // Whether time alone can change the game, so the manager's ticker must
  // watch it: a running clock, or the first-move rule of a timed or rated
  // game not yet started.
  bool watched_by_clock() const;
  // The game's record (PGN, PDN) with the seats' names and the tags of an
  // imported record.
  std::string record() const;

  // Plays the moves of an imported record (move ids) before play starts; on
  // error nothing changes.
  Status play_history(const std::vector<std::string>& moves, std::int64_t now);

  // --- Actions: each refuses with a reason and changes nothing ------------
  // A move in any notation of the game, or by its squares (a page's clicks).
  Expected<MoveText> move(Side by, std::string_view text, std::int64_t now);
  Expected<MoveText> move_squares(Side by, const std::vector<std::string>& squares, std::int64_t now);
  Expected<MoveText> engine_move(std::string_view text, std::int64_t now);
  // Takes back `by`'s last move and everything after it, at once: against
  // the engine, or sent by a page holding both seats. Between people at two
  // screens (`held` One, the opponent a person) it is refused
  // ("takeback_needs_consent"): propose_takeback asks the opponent.
  Status undo(Side by, SeatsHeld held, std::int64_t now);
  // Whether the rules let `by` take a move back now, and if not the refusal
  // undo would give: the page's button asks the same question.
  Status may_undo(Side by) const;
  // Whether `by`'s takebacks need the opponent's consent: a person, not the
  // engine, plays the other seat.
  bool takeback_needs_consent(Side by) const;
  // Plays again what the last undo took back: the moves of both sides, so
  // between people only a page holding both seats may.
  Status redo(Side by, SeatsHeld held, std::int64_t now);

  // --- Takebacks between people at two screens (session_takeback.cpp) -----
  const Takebacks& takeback() const { return takeback_; }
  // Whether `by` may propose a takeback now, and if not why.
  Status may_propose_takeback(Side by) const;
  Status propose_takeback(Side by, std::int64_t now);
  // The opponent of the proposer accepts (the takeback is made) or declines.
  Status answer_takeback(Side by, bool accept, std::int64_t now);
  Status withdraw_takeback(Side by, std::int64_t now);
  Status resign(Side by, std::int64_t now);
  // Asks to offer a draw: made with `by`'s next move (referee.h).
  Status offer_draw(Side by, std::int64_t now);
  // Offers a draw with the move `by` has just made.
  Status offer_draw_with_move(Side by, std::int64_t now);
  Status answer_draw(Side by, bool accept, std::int64_t now);
  Status claim_draw(Side by, std::int64_t now);
  // An engine seat answers a draw offered to it, with its reason.
  void engine_answers_draw(bool accept, Words reason, std::int64_t now);
  // The engine's reason for its last answer to a draw offer, if it gave one.
  const std::optional<Words>& engine_draw_reason() const { return engine_draw_reason_; }
  // Ends the game if a flag has fallen; true if that happened now.
  bool check_flag(std::int64_t now);

  // --- Leaving a game ----------------------------------------------------
  // A person's seat is present while its page keeps in touch; it has gone
  // after this long without a word from it (lichess: the opponent left).
  static constexpr std::int64_t kGoneAfterMs = 30'000;
  // A side that does not make its first move within this time (timed or
  // rated games) aborts the game.
  static constexpr std::int64_t kFirstMoveMs = 60'000;

  void contact(Side side, std::int64_t now) { last_contact_ms_[index(side)] = now; }
  // How long the seat has been silent; 0 for the engine.
  std::int64_t away_ms(Side side, std::int64_t now) const;
  bool here(Side side, std::int64_t now) const { return away_ms(side, now) < kGoneAfterMs; }
  // Before each side has made its first move, either person may abort: no
  // result, nothing rated.
  Status may_abort(Side by) const;
  Status abort(Side by, std::int64_t now);
  // When the opponent (a person) has gone: the win, or a draw.
  Status may_claim_abandoned(Side by, bool win, std::int64_t now) const;
  Status claim_abandoned(Side by, bool win, std::int64_t now);
  // Aborts a timed or rated game whose side to move has let its first move
  // wait too long; true if that happened now.
  bool check_first_move(std::int64_t now);
  // Notes what time alone changes in the view (an overrun counted, a seat
  // gone or back) with a new version; true if anything did.
  bool notice_time(std::int64_t now);

  // A copy, to try an action on before it is made (the manager answers a
  // draw offered to the engine without holding the game's lock).
  std::unique_ptr<Session> copy() const { return std::make_unique<Session>(*this); }

  // --- Open seats and rematches (an invite link, play again) ---------------
  // A seat is open: no move, no clock and no first-move rule until it is taken.
  bool waiting_for_seat() const;
  // Takes the open seat whose invite this is for a person (a profile, or
  // only a name): its side. Refused with "seat_taken" once it was taken,
  // "wrong_invite" for an invite of no seat.
  Expected<Side> claim_seat(std::string_view invite, std::optional<std::int64_t> player_id, std::string name,
                            std::int64_t now);
  const Rematch& rematch() const { return rematch_; }
  // `by` asks for a rematch of this finished game (the other seat has not yet).
  Status offer_rematch(Side by, std::int64_t now);
  // Whether `by` may ask for a rematch now, and if not why.
  Status may_rematch(Side by) const;
  // The rematch was made: its game, and each seat's token in it.
  void rematch_made(std::string game, std::array<std::string, 2> tokens, std::int64_t now);

  // --- Persistence -------------------------------------------------------
  struct Saved {
    std::string id;
    SessionSetup setup;
    std::vector<std::string> moves;  // ids
    std::vector<std::vector<std::string>> redo;
    std::optional<Outcome> adjudication;  // the referee's ruling: resignation, agreement, claim or time
    GameClock::Saved clock;
    DrawOffers draw;
    std::optional<Words> engine_draw_reason;
    std::int64_t created_ms = 0, updated_ms = 0;
    // The version when saved: a game that leaves memory and comes back goes
    // on from it, so that a client polling with the version it saw is not
    // told "unchanged" about a later change. 0 in games saved before it was kept.
    std::uint64_t version = 0;
    Rematch rematch;
    Takebacks takeback;
  };
  Saved save(std::int64_t now) const;
  // `known`: this game as this server last had it. When the saved game
  // goes on from it (the same start, its moves and then more, no ruling
  // yet), it goes on from there instead of playing every move again: the
  // same session as a restore from nothing, in a ply's time.
  static Expected<std::unique_ptr<Session>> restore(const Saved& saved, std::int64_t now,
                                                    const Session* known = nullptr);

 private:
  explicit Session(Referee referee) : referee_(std::move(referee)) {}
  void changed(std::int64_t now);
  Status turn_of(Side by) const;
  void after_move(MoveText move, std::int64_t now);
  Side side_of_ply(std::size_t ply) const;
  // The ply of `by`'s last move; the number of moves played when it has none.
  std::size_t last_own_ply(Side by) const;
  // Whether `saved` is this game gone on: restore may start from it.
  bool goes_on_into(const Saved& saved) const;
  // Notes the ply just played (its move, and the position after it), or
  // forgets the last `plies` taken back.
  void note_ply(MoveText move);
  void forget_plies(std::size_t plies);
  // Takes back `by`'s last move and everything after it; the moves taken
  // back are kept for redo when `for_redo`.
  Status take_back_own(Side by, bool for_redo, std::int64_t now);
  // What a move does to a takeback proposal: withdraws it (the opponent's
  // move declines it).
  void takeback_after_move(Side mover);

  std::string id_;
  SessionSetup setup_;
  Referee referee_;
  std::vector<std::vector<std::string>> redo_;  // groups of move ids, last undone last
  Side start_side_ = Side::First;
  std::vector<MoveText> moves_;      // a ply each
  std::vector<std::string> fens_;    // the start, then a ply each
  std::vector<std::string> boards_;  // the start, then a ply each
  std::uint64_t version_ = 0;
  std::int64_t created_ms_ = 0, updated_ms_ = 0;
  std::optional<Words> engine_draw_reason_;
  Rematch rematch_;
  Takebacks takeback_;
  std::array<std::int64_t, 2> last_contact_ms_{};
  std::array<bool, 2> seen_here_{true, true};
  std::array<int, 2> seen_overruns_{};
  mutable std::optional<std::pair<std::uint64_t, std::string>> record_cache_;  // by version
  std::int64_t turn_started_ms_ = 0;  // the last move, or the start: the first-move rule counts from it
};

std::string new_token();  // 128 random bits in hex
// Whether two secrets (tokens, invites) are equal, compared in constant time;
// an empty secret equals nothing.
bool same_secret(std::string_view a, std::string_view b);

}  // namespace qi::app
