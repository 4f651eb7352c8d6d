// An external engine in a child process. The line protocol (UCI, UCCI) is a
// small set of hooks; the handshake, timed reads, score parsing and recovery
// from crashes and hangs are shared here.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "arena/player.h"
#include "arena/process.h"

namespace qi::arena {

struct EngineConfig {
  std::vector<std::string> argv;                             // the command, split into words
  std::string dir;                                           // working directory, empty for the current one
  std::string name;                                          // empty: the engine's "id name"
  std::vector<std::pair<std::string, std::string>> options;  // setoption, in order
  std::string game;                                          // what it will play, for protocol details
  std::string variant;
  std::int64_t startup_timeout_ms = 10000;  // handshake and isready
};

class EnginePlayer : public Player {
 public:
  explicit EnginePlayer(EngineConfig config);
  ~EnginePlayer() override;

  const std::string& name() const override { return name_; }
  Status start() override;
  Status new_game(std::uint64_t seed) override;
  MoveReply go(const MoveRequest& request) override;
  bool alive() const override { return alive_; }
  void quit() override;

 protected:
  const EngineConfig& config() const { return config_; }
  // The protocol.
  virtual std::string hello() const = 0;     // "uci"
  virtual std::string hello_ok() const = 0;  // "uciok"
  virtual std::string option_command(const std::string& name, const std::string& value) const = 0;
  // Options the protocol needs for this game (UCI_Variant for xiangqi).
  virtual std::vector<std::pair<std::string, std::string>> game_options() const { return {}; }
  virtual std::string new_game_command() const { return {}; }  // empty: none
  virtual std::string position_command(const MoveRequest& request) const = 0;
  virtual std::string go_command(const MoveRequest& request) const = 0;
  // The engine's move text in the game's id notation.
  virtual std::string move_from_engine(const std::string& text) const { return text; }

 private:
  // Sends `command`, then reads until a line starting with `reply`.
  Status exchange(const std::string& command, const std::string& reply, std::int64_t timeout_ms);
  // The engine failed: remember it is unusable and say why.
  std::string fail_description(Process::Read how);
  void parse_info(const std::string& line, MoveReply& reply) const;

  EngineConfig config_;
  std::string name_;
  Process process_;
  bool alive_ = false;
};

// The words of a move list for "position ... moves": " moves a b c", or "".
std::string moves_suffix(const std::vector<std::string>& moves);

}  // namespace qi::arena
