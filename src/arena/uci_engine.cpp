#include "arena/uci_engine.h"

#include "protocol/uci_variants.h"

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

std::vector<std::pair<std::string, std::string>> UciEngine::game_options() const {
  // Chess engines (Stockfish among them) have no UCI_Variant: chess sends none.
  if (config().game != "chess")
    if (std::optional<std::string_view> name = protocol::uci_variant_of(config().game, config().variant))
      return {{"UCI_Variant", std::string(*name)}};
  // Chess960: the engine reads X-FEN and Shredder-FEN and castles king takes
  // rook (e1h1), as Qi's move ids are.
  if (config().game == "chess" && config().variant == "chess960") return {{"UCI_Chess960", "true"}};
  return {};
}

std::string UciEngine::position_command(const MoveRequest& r) const {
  std::string out = "position ";
  if (r.standard_start && !xiangqi()) {
    out += "startpos";
  } else {
    out += "fen " + r.start_fen;
  }
  if (!xiangqi()) return out + moves_suffix(r.moves);
  std::vector<std::string> shifted;
  for (const std::string& m : r.moves) shifted.push_back(iccs_to_uci_ranks(m));
  return out + moves_suffix(shifted);
}

std::string UciEngine::go_command(const MoveRequest& r) const { return uci_go(r); }

std::string UciEngine::move_from_engine(const std::string& text) const {
  return xiangqi() ? uci_ranks_to_iccs(text) : text;
}

}  // namespace qi::arena
