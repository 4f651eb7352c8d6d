// A player in the arena: an external engine or one of Qi's own. The arena is
// the arbiter; a player only proposes moves. Everything a player is told comes
// through qi::Game's text interface, so every player works for every game it
// can speak.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/game.h"
#include "core/side.h"

namespace qi::arena {

// What the arena tells a player when it is its turn.
struct MoveRequest {
  std::string game;                // "chess"
  std::string variant;             // "" for the default
  std::string start_fen;           // the game's position before the first move
  bool standard_start = true;      // start_fen is the game's standard start
  std::vector<std::string> moves;  // machine ids (UCI, ICCS, PDN, squares) since start_fen
  Side side = Side::First;         // the side to move
  // Limits, as UCI "go" carries them; 0 means absent.
  std::int64_t time_ms[2] = {0, 0};  // clock left, by Side
  std::int64_t increment_ms = 0;
  int moves_to_go = 0;
  std::int64_t movetime_ms = 0;
  std::int64_t depth = 0;
  std::int64_t nodes = 0;
  // How long the arena waits for the reply before the player loses by time
  // or counts as hung; the player must return by then.
  std::int64_t deadline_ms = 0;
  // The arbiter's own game, for Qi's built-in players (read only).
  const Game* position = nullptr;
};

// Why a player could not produce a move.
enum class Failure : std::uint8_t {
  None,
  Crash,     // the process died or closed its output
  Timeout,   // no reply before the deadline
  Protocol,  // a reply that is not a move ("bestmove (none)" in a live position, garbage)
};

struct MoveReply {
  Failure failure = Failure::None;
  std::string move;    // the move as the player wrote it, translated back to the game's id notation
  std::string detail;  // for people, when it failed: "exited with status 1"
  // The last score the engine reported, from its own point of view, if any.
  std::optional<int> score_cp;
  std::optional<int> mate_in;        // moves to mate, negative when being mated
  std::int64_t engine_time_ms = -1;  // the last "time" it reported, -1 if none
  int depth = -1;                    // the last "depth" it reported, -1 if none
  // Microseconds from sending "go" to reading the reply, measured by an
  // engine player; the rest of the request's wall time is the arena's.
  std::int64_t wait_us = -1;

  static MoveReply failed(Failure f, std::string why) {
    MoveReply r;
    r.failure = f;
    r.detail = std::move(why);
    return r;
  }
};

class Player {
 public:
  virtual ~Player() = default;
  virtual const std::string& name() const = 0;
  // Starts the player (an engine: process, handshake, options). Called once
  // before the first game; an error means it cannot play at all.
  virtual Status start() = 0;
  // A new game begins; `seed` makes random players reproducible.
  virtual Status new_game(std::uint64_t seed) = 0;
  virtual MoveReply go(const MoveRequest& request) = 0;
  // False after a crash or a hang: the arena starts a fresh one for the next game.
  virtual bool alive() const = 0;
  virtual void quit() = 0;
};

}  // namespace qi::arena
