#include "arena/ucci_engine.h"

namespace qi::arena {

std::string UcciEngine::go_command(const MoveRequest& r) const {
  if (r.depth) return "go depth " + std::to_string(r.depth);
  if (r.nodes) return "go nodes " + std::to_string(r.nodes);
  if (r.movetime_ms) return "go time " + std::to_string(r.movetime_ms) + " movestogo 1";
  const int us = index(r.side);
  std::string out = "go time " + std::to_string(r.time_ms[us]);
  if (r.moves_to_go)
    out += " movestogo " + std::to_string(r.moves_to_go);
  else if (r.increment_ms)
    out += " increment " + std::to_string(r.increment_ms);
  out += " opptime " + std::to_string(r.time_ms[1 - us]);
  if (r.moves_to_go)
    out += " oppmovestogo " + std::to_string(r.moves_to_go);
  else if (r.increment_ms)
    out += " oppincrement " + std::to_string(r.increment_ms);
  return out;
}

}  // namespace qi::arena
