// WinBoard / xboard engines (protocol 2), the small part of it a match needs:
// MaxQi and Fairy-Max speak only this. The engine is kept in force mode and
// told the moves it has not seen, then its clock ("time", "otim", in
// centiseconds, after "level 0 M:SS INC" once a game) and "go"; it answers
// "move X". Moves are the game's ids (chess coordinates; xiangqi squares with
// ranks 0-9, as xboard writes boards ten ranks high). Positions other than
// the standard start need the engine's "setboard" feature. A fixed time per
// move is "st" in whole seconds (at least 1), a depth "sd".
#pragma once

#include <string>
#include <vector>

#include "arena/engine_player.h"
#include "arena/process.h"

namespace qi::arena {

class XboardEngine : public Player {
 public:
  explicit XboardEngine(EngineConfig config);
  ~XboardEngine() override;

  const std::string& name() const override { return name_; }
  Status start() override;
  Status new_game(std::uint64_t seed) override;
  MoveReply go(const MoveRequest& request) override;
  bool alive() const override { return alive_; }
  void quit() override;

 private:
  bool send(const std::string& line);
  // "ping N" / "pong N": the engine has read everything sent before.
  Status sync(std::int64_t timeout_ms);
  std::string failure(Process::Read how);
  // Puts the engine in force mode at the request's position; false when it
  // cannot (a start position it cannot be given).
  Expected<bool> set_position(const MoveRequest& request);

  EngineConfig config_;
  std::string name_;
  Process process_;
  bool alive_ = false;
  bool setboard_ = false;  // the engine accepts "setboard FEN"
  int ping_ = 0;
  bool level_sent_ = false;         // this game's "level" (or "st"/"sd") was sent
  std::string start_fen_;           // the engine's start position this game
  std::vector<std::string> known_;  // moves the engine has been told (or played)
};

// The "feature" pairs of one line: `feature myname="MaxQi 4.8G" setboard=0`.
std::vector<std::pair<std::string, std::string>> xboard_features(const std::string& line);

}  // namespace qi::arena
