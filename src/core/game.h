// The run-time game interface: one object per game in progress, made by the
// registry (engine/registry.h) for the command line, the protocols, the
// arena, the app and record reading. Each game implements it once over its
// compile-time GameState. It knows the rules and their text; who may move
// when, clocks, offers, resignation and rulings belong to the referee
// (core/referee.h). Nothing here is on a hot path, so it speaks text and
// allocates freely.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/expected.h"
#include "core/game_descriptor.h"
#include "core/outcome.h"
#include "core/record_dialect.h"
#include "core/side.h"

namespace qi {

// A legal move: its machine id, the text people read, the squares it
// touches and its text in each of the game's notations.
struct MoveText {
  std::string id;       // UCI (chess), ICCS (xiangqi), PDN (draughts), a square (tic-tac-toe)
  std::string display;  // the game's first notation: SAN, Chinese, PDN, the square
  // From, every landing square, to: ["e2", "e4"], ["9", "18", "27"] for the
  // capture "9x27"; one square for a move that places a piece.
  std::vector<std::string> squares = {};
  // What the move turns a piece into where several moves share their
  // squares (chess promotion: the piece's code, "q"); empty otherwise.
  std::string choice = {};
  // The move in each notation of the descriptor, by notation id.
  std::vector<std::pair<std::string, std::string>> notations = {};

  // The same move: the rest only spells out what the id says.
  friend bool operator==(const MoveText& a, const MoveText& b) {
    return a.id == b.id && a.display == b.display;
  }
};

class Game {
 public:
  virtual ~Game() = default;

  virtual std::string_view name() const = 0;               // "chess"
  virtual std::string_view variant() const { return {}; }  // "english" for checkers
  virtual const VariantDescriptor& descriptor() const = 0;
  virtual std::unique_ptr<Game> clone() const = 0;
  std::string side_name(Side side) const { return descriptor().sides[index(side)].en; }  // "White"
  std::array<std::string, 2> side_names() const { return {side_name(Side::First), side_name(Side::Second)}; }

  // --- Position -----------------------------------------------------------
  virtual void reset() = 0;  // the standard start, empty history
  // Sets up a position in the game's FEN. On error nothing changes.
  virtual Status set_fen(std::string_view fen) = 0;
  // What the last set_fen read otherwise than the text says, a sentence each
  // (chess: a castling right the board cannot have, dropped); empty when it
  // was read as written. Cleared by reset and by every set_fen.
  virtual std::vector<std::string> fen_warnings() const { return {}; }
  virtual std::string fen() const = 0;
  virtual std::string start_fen() const = 0;    // the standard start
  virtual std::string initial_fen() const = 0;  // where this game's moves start from
  virtual Side side_to_move() const = 0;
  // The number of the move about to be made, as records count them: 1 for
  // the first move of each side, then 2, ...
  virtual int move_number() const = 0;
  // The pieces, one code per square of the descriptor in its order ('.' for
  // an empty square): what a page draws.
  virtual std::string board_cells() const = 0;
  // The square of the king or general in check, if the side to move is.
  virtual std::optional<std::string> checked_square() const { return std::nullopt; }
  // The same position with the other side to move, where the game has such
  // a thing (a pass: what a hint's threat is read in); nullopt elsewhere.
  virtual std::optional<std::string> fen_after_pass() const { return std::nullopt; }

  // --- Moves --------------------------------------------------------------
  virtual std::vector<MoveText> legal_moves() const = 0;
  // Accepts every notation the game knows. The error says why the text is not
  // a legal move here, in words: "e1g1: the king would pass through f1, which
  // the bishop on b5 attacks".
  virtual Expected<MoveText> parse_move(std::string_view text) const = 0;
  // The move through these squares (from a page's clicks: from, landings,
  // to), or why no legal move goes so, in the game's words.
  virtual Expected<MoveText> parse_squares(const std::vector<std::string>& squares) const;
  // Every legal move `text` may stand for: one where parse_move accepts it,
  // several where the text is ambiguous here (a draughts capture written
  // by its ends, whose routes differ), none where it names no legal move.
  // A record reader picks among several by the moves that follow.
  virtual std::vector<MoveText> moves_matching(std::string_view text) const;
  // Parses and plays. Only the position's own legality applies: whether the
  // game is over, whose turn it is for whom, is the referee's to say.
  Expected<MoveText> play(std::string_view text);
  // Takes back the last move. False if there was nothing to take back.
  bool undo() { return pop(); }
  // Whether moves are read as records hold them rather than as a person
  // plays them: chess then reads null moves ("--", the turn passes), which
  // no game in play allows. The referee in record mode and the record
  // writer set it; clones keep it.
  void set_record_mode(bool on) { record_mode_ = on; }
  bool record_mode() const { return record_mode_; }
  virtual std::vector<MoveText> moves_played() const = 0;

  // --- End of the game by the rules -----------------------------------------
  // Mate, stalemate and the draws the rules declare by themselves.
  virtual Outcome outcome() const = 0;
  // The draws the side to move may claim now (chess: threefold repetition,
  // fifty moves; xiangqi: an idle repetition).
  virtual std::vector<Outcome> draw_claims() const { return {}; }
  // Whether some series of legal moves could still let `side` win: a flag
  // falling against the other side loses only then (FIDE 6.9).
  virtual bool can_win(Side side) const = 0;
  // The squares that show how the game was won (tic-tac-toe's line).
  virtual std::vector<std::string> outcome_squares() const { return {}; }
  std::string describe(const Outcome& o) const { return qi::describe(o, side_names()); }
  Words words(const Outcome& o) const { return qi::words(o, descriptor().sides); }

  // --- Set-ups --------------------------------------------------------------
  // The standard start with `giver`'s odds taken off (descriptor().handicaps).
  virtual Expected<std::string> handicap_fen(std::string_view name, Side giver) const;
  // The start position of that number, for a variant whose descriptor has
  // numbered starts (Chess960: 0-959).
  virtual Expected<std::string> numbered_start_fen(int number) const;

  // --- Text ---------------------------------------------------------------
  virtual std::string board_text(bool flipped) const = 0;  // Unicode, for terminals
  // How the game's records are written and read (core/record_dialect.h),
  // and a move as its records write it (SAN, ICCS, PDN).
  virtual RecordDialect record_dialect() const = 0;
  virtual std::string record_move_text(const MoveText& m) const { return m.display; }

  // --- Move generation proof ----------------------------------------------
  virtual std::uint64_t perft(int depth) const = 0;
  virtual std::vector<std::pair<std::string, std::uint64_t>> perft_divide(int depth) const = 0;

 protected:
  virtual void push(const MoveText& move) = 0;  // move came from parse_move
  virtual bool pop() = 0;

 private:
  bool record_mode_ = false;
};

}  // namespace qi
