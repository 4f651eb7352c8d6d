#include "arena/uci_engine.h"

#include "core/registry.h"

namespace qi::arena {

std::string uci_go(const MoveRequest& r) {
  if (r.depth) return "go depth " + std::to_string(r.depth);
  if (r.nodes) return "go nodes " + std::to_string(r.nodes);
  if (r.movetime_ms) return "go movetime " + std::to_string(r.movetime_ms);
  std::string out = "go wtime " + std::to_string(r.time_ms[0]) + " btime " + std::to_string(r.time_ms[1]);
  if (r.increment_ms)
    out += " winc " + std::to_string(r.increment_ms) + " binc " + std::to_string(r.increment_ms);
  if (r.moves_to_go) out += " movestogo " + std::to_string(r.moves_to_go);
  return out;
}

std::string UciEngine::option_command(const std::string& name, const std::string& value) const {
  return "setoption name " + name + " value " + value;
}

// How the game's registration says UCI engines play this game and variant
// (make_player refuses a UCI engine for any other).
const ProtocolVariant& UciEngine::spoken() const {
  static const ProtocolVariant kGameIds{};
  const ProtocolVariant* v = protocol_variant(config().game, config().variant);
  return v ? *v : kGameIds;
}

std::vector<std::pair<std::string, std::string>> UciEngine::game_options() const {
  const ProtocolVariant& v = spoken();
  if (v.engine_option.empty()) return {};
  return {{std::string(v.engine_option), std::string(v.engine_option_value)}};
}

std::string UciEngine::position_command(const MoveRequest& r) const {
  const ProtocolVariant& v = spoken();
  std::string out = "position ";
  if (r.standard_start && v.engines_read_startpos) {
    out += "startpos";
  } else {
    out += "fen " + r.start_fen;
  }
  std::vector<std::string> moves;
  for (const std::string& m : r.moves) moves.push_back(protocol::from_game(v.coordinates, m));
  return out + moves_suffix(moves);
}

std::string UciEngine::go_command(const MoveRequest& r) const { return uci_go(r); }

std::string UciEngine::move_from_engine(const std::string& text) const {
  // A text that is no move in these coordinates passes unchanged: the
  // arbiter refuses it with the engine's own words.
  return spoken().coordinates == MoveCoordinates::FairyRanks ? uci_ranks_to_iccs(text) : text;
}

}  // namespace qi::arena
