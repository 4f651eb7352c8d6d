// One game in progress in the app: the qi::Game, who sits in each seat (a
// person holding a secret token, or the engine at a level), the clock, draw
// offers and claims, undo and redo, resignation and loss on time.
//
// Draw offers follow the etiquette of the documents (FIDE 9.1.2 as file 001
// puts it): a player offers a draw only just after making a move, while the
// opponent is to move; the offer cannot be withdrawn; the opponent accepts,
// declines, or declines by moving. After a refusal the same player may not
// offer again until the opponent has made an offer of their own.
//
// Undo takes back the requesting player's last move and everything after it
// (the engine's reply); redo plays again what the last undo took back, until
// another move is made. Rated games allow no undo. An unrated game that has
// ended (mate, resignation, agreement, a claim) may be taken back and goes
// on, its clocks as they were; one lost on time may not (the time is gone).
//
// A Session is not thread-safe; the SessionManager serialises access.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/time_control.h"
#include "core/expected.h"
#include "core/game.h"

namespace qi::app {

enum class SeatKind { Human, Engine };

struct Seat {
  SeatKind kind = SeatKind::Human;
  int level = 0;                          // 1-10 for the engine
  std::string token;                      // secret of a human seat; empty for the engine
  std::optional<std::int64_t> player_id;  // a local profile, if chosen
  std::string name;                       // shown on the page
  std::int64_t movetime_ms = 0;           // engine: > 0 thinks exactly this long a move (load tests)
};

struct SessionSetup {
  std::string game = "chess";
  std::string variant;
  std::string fen;       // empty: the standard start
  std::string handicap;  // empty, or a name from handicap.h, taken from the engine's (or second) side
  std::array<Seat, 2> seats;
  TimeControl time_control;
  bool rated = false;
};

struct DrawOfferState {
  std::optional<Side> pending;  // who offered, waiting for an answer
  std::array<bool, 2> may_offer{true, true};
  int offered_at_ply = -1;  // one offer per move
};

class Session {
 public:
  // Builds the game from the setup; tokens for the human seats are made here.
  static Expected<std::unique_ptr<Session>> create(std::string id, SessionSetup setup, std::int64_t now);

  const std::string& id() const { return id_; }
  const SessionSetup& setup() const { return setup_; }
  const Game& game() const { return *game_; }
  const GameClock& clock() const { return clock_; }
  const DrawOfferState& draw_offer() const { return draw_; }
  // Increases with every change; the live view and the engine queue use it.
  std::uint64_t version() const { return version_; }
  std::int64_t created_ms() const { return created_ms_; }
  std::int64_t updated_ms() const { return updated_ms_; }
  // FEN after each ply; [0] is the start.
  const std::vector<std::string>& fens() const { return fens_; }
  bool can_redo() const { return !redo_.empty(); }

  // The seat whose token this is (compared in constant time).
  std::optional<Side> seat_of(std::string_view token) const;
  Outcome outcome() const;
  bool over() const { return outcome().over(); }
  bool engine_to_move() const;

  // Plays the moves of an imported record (move ids) before play starts; on
  // error nothing changes.
  Status play_history(const std::vector<std::string>& moves, std::int64_t now);

  // --- Actions: each refuses with a reason and changes nothing ------------
  Expected<MoveText> move(Side by, std::string_view text, std::int64_t now);
  Expected<MoveText> engine_move(std::string_view text, std::int64_t now);
  Status undo(Side by, std::int64_t now);
  // Whether `by` may undo now, and if not the refusal undo would give: the
  // page's button asks the same question.
  Status may_undo(Side by) const;
  Status redo(Side by, std::int64_t now);
  Status resign(Side by, std::int64_t now);
  Status offer_draw(Side by, std::int64_t now);
  Status answer_draw(Side by, bool accept, std::int64_t now);
  Status claim_draw(Side by, std::int64_t now);
  // An engine seat answers a draw offered to it.
  void engine_answers_draw(bool accept, std::int64_t now);
  // Ends the game if a flag has fallen; true if that happened now.
  bool check_flag(std::int64_t now);

  // --- Persistence -------------------------------------------------------
  struct Saved {
    std::string id;
    SessionSetup setup;
    std::vector<std::string> moves;  // ids
    std::vector<std::vector<std::string>> redo;
    std::optional<Outcome> adjudication;  // resignation, agreement, claim or time
    GameClock::Saved clock;
    DrawOfferState draw;
    std::int64_t created_ms = 0, updated_ms = 0;
  };
  Saved save(std::int64_t now) const;
  static Expected<std::unique_ptr<Session>> restore(const Saved& saved, std::int64_t now);

 private:
  Session() = default;
  void changed(std::int64_t now);
  Status refuse_if_over() const;
  void after_move(Side mover, std::int64_t now);
  Side side_of_ply(std::size_t ply) const;
  void restart_clock(std::int64_t now);

  std::string id_;
  SessionSetup setup_;
  std::unique_ptr<Game> game_;
  GameClock clock_;
  DrawOfferState draw_;
  // The ply of `by`'s last move; the number of moves played when it has none.
  std::size_t last_own_ply(Side by) const;
  std::vector<std::vector<std::string>> redo_;  // groups of move ids, last undone last
  // An end not by the rules of the position: resignation, agreement, an
  // accepted claim, or time (a loss, or a draw when the opponent cannot mate).
  std::optional<Outcome> adjudication_;
  Side start_side_ = Side::First;
  std::vector<std::string> fens_;
  std::uint64_t version_ = 0;
  std::int64_t created_ms_ = 0, updated_ms_ = 0;
};

std::string new_token();  // 128 random bits in hex

}  // namespace qi::app
