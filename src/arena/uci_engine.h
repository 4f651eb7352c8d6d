// UCI engines, playing each game and variant as its registration says UCI
// speaks it (GameRegistration::protocols): the option that names it, whether
// `position startpos` stands for its start, and the coordinates of moves.
#pragma once

#include "arena/engine_player.h"
#include "core/registry.h"
#include "protocol/coordinates.h"

namespace qi::arena {

class UciEngine : public EnginePlayer {
 public:
  using EnginePlayer::EnginePlayer;

 protected:
  std::string hello() const override { return "uci"; }
  std::string hello_ok() const override { return "uciok"; }
  std::string option_command(const std::string& name, const std::string& value) const override;
  std::vector<std::pair<std::string, std::string>> game_options() const override;
  std::string new_game_command() const override { return "ucinewgame"; }
  std::string position_command(const MoveRequest& request) const override;
  std::string go_command(const MoveRequest& request) const override;
  std::string move_from_engine(const std::string& text) const override;

 private:
  const ProtocolVariant& spoken() const;
};

// ICCS "h2e2" (ranks 0-9) to Fairy-Stockfish's "h3e3" (ranks 1-10), and back,
// as `qi uci` speaks them too. Text that is not a square pair passes
// unchanged (the arbiter rejects it).
using protocol::iccs_to_uci_ranks;
using protocol::uci_ranks_to_iccs;

// The UCI "go" parameters for a request (shared with UCCI's shape of it).
std::string uci_go(const MoveRequest& request);

}  // namespace qi::arena
