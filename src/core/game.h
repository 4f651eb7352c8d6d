// The run-time game interface: one object per game in progress, chosen by
// name, for the command line, the protocols, the arena and the app. Each game
// implements it once over its compile-time GameState; nothing here is on a
// hot path, so it speaks text and allocates freely.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/outcome.h"
#include "core/side.h"

namespace qi {

// A legal move in the two notations every game has.
struct MoveText {
  std::string id;  // machine notation: UCI (chess), ICCS (xiangqi), PDN (checkers), a square (tic-tac-toe)
  std::string display;  // what people read: SAN, Chinese, PDN, the square
  // Draughts: every square the piece stands on, from the first to the last
  // (the id may be short, "9x27", for 9x18x27); empty in the other games.
  std::vector<std::string> path = {};
  // The same move: the path only spells out what the id says.
  friend bool operator==(const MoveText& a, const MoveText& b) {
    return a.id == b.id && a.display == b.display;
  }
};

// A draw the side to move may claim now (chess: threefold repetition, fifty moves).
struct DrawClaim {
  std::string termination;  // "threefold_repetition", "fifty_moves"
  std::string reason;       // for people
};

class Game {
 public:
  virtual ~Game() = default;

  virtual std::string_view name() const = 0;               // "chess"
  virtual std::string_view variant() const { return {}; }  // "english" for checkers
  virtual std::unique_ptr<Game> clone() const = 0;

  // --- Position -----------------------------------------------------------
  virtual void reset() = 0;  // the standard start, empty history
  // Sets up a position in the game's FEN. On error nothing changes.
  virtual Status set_fen(std::string_view fen) = 0;
  virtual std::string fen() const = 0;
  virtual std::string start_fen() const = 0;
  virtual Side side_to_move() const = 0;
  virtual std::string side_name(Side side) const = 0;  // "White", "Red", "X"

  // --- Moves --------------------------------------------------------------
  virtual std::vector<MoveText> legal_moves() const = 0;
  // Accepts every notation the game knows. The error says why the text is not
  // a legal move here, in words: "e1g1: the king would pass through f1, which
  // the bishop on b5 attacks".
  virtual Expected<MoveText> parse_move(std::string_view text) const = 0;
  // Parses and plays; refuses once the game is over.
  Expected<MoveText> play(std::string_view text);
  // Takes back the last move (and any resignation, agreement or claim after
  // it). False if there was nothing to take back.
  bool undo();
  virtual std::vector<MoveText> moves_played() const = 0;

  // --- End of the game ----------------------------------------------------
  // Resignation, agreement or an accepted claim if there was one, else the
  // result by the rules (mate, stalemate, automatic draws, ...).
  Outcome outcome() const;
  virtual std::vector<DrawClaim> draw_claims() const { return {}; }
  Status claim_draw();  // takes the first available claim
  void resign(Side side);
  void agree_draw();

  // A simple built-in opponent until the engine layer exists: the perfect
  // player where the game is solved, a shallow search elsewhere.
  virtual MoveText builtin_move() const = 0;

  // --- Text ---------------------------------------------------------------
  virtual std::string board_text(bool flipped) const = 0;  // Unicode, for terminals
  virtual std::string record() const = 0;                  // PGN / PDN of the game so far

  // --- Move generation proof ----------------------------------------------
  virtual std::uint64_t perft(int depth) const = 0;
  virtual std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const = 0;

 protected:
  virtual void push(const MoveText& move) = 0;  // move came from parse_move
  virtual bool pop() = 0;
  virtual Outcome rules_outcome() const = 0;
  // Subclasses call this when the position is replaced (reset, set_fen).
  void clear_adjudication() { adjudication_.reset(); }

 private:
  std::optional<Outcome> adjudication_;
};

}  // namespace qi
