// UCCI engines (xiangqi): "ucci"/"ucciok", "setoption NAME VALUE", positions
// as "position fen ... moves ..." with ICCS moves (ranks 0-9), and
// "go time T increment I opptime T' oppincrement I'" in milliseconds (the
// engine is told "setoption usemillisec true" first: UCCI's times are
// seconds otherwise), or "go depth D" / "go nodes N"; a fixed time per move
// is sent as "go time T movestogo 1".
#pragma once

#include "arena/engine_player.h"

namespace qi::arena {

class UcciEngine : public EnginePlayer {
 public:
  using EnginePlayer::EnginePlayer;

 protected:
  std::string hello() const override { return "ucci"; }
  std::string hello_ok() const override { return "ucciok"; }
  std::string option_command(const std::string& name, const std::string& value) const override {
    return "setoption " + name + " " + value;
  }
  std::vector<std::pair<std::string, std::string>> game_options() const override {
    return {{"usemillisec", "true"}};
  }
  std::string position_command(const MoveRequest& request) const override {
    return "position fen " + request.start_fen + moves_suffix(request.moves);
  }
  std::string go_command(const MoveRequest& request) const override;
};

}  // namespace qi::arena
