#include "arena/uci_engine.h"

#include <cctype>

namespace qi::arena {
namespace {

// Splits "a10b9" into squares of a letter and digits; false if it is not that.
bool split_squares(const std::string& move, std::string& from_file, int& from_rank, std::string& to_file,
                   int& to_rank) {
  std::size_t i = 0;
  auto square = [&](std::string& file, int& rank) {
    if (i >= move.size() || !std::islower(static_cast<unsigned char>(move[i]))) return false;
    file = move.substr(i++, 1);
    std::size_t digits = 0;
    rank = 0;
    while (i < move.size() && std::isdigit(static_cast<unsigned char>(move[i])) && digits < 2)
      rank = rank * 10 + (move[i++] - '0'), ++digits;
    return digits > 0;
  };
  return square(from_file, from_rank) && square(to_file, to_rank) && i == move.size();
}

std::string shift_ranks(const std::string& move, int by) {
  std::string f1, f2;
  int r1 = 0, r2 = 0;
  if (!split_squares(move, f1, r1, f2, r2)) return move;
  return f1 + std::to_string(r1 + by) + f2 + std::to_string(r2 + by);
}

}  // namespace

std::string iccs_to_uci_ranks(const std::string& move) { return shift_ranks(move, 1); }
std::string uci_ranks_to_iccs(const std::string& move) { return shift_ranks(move, -1); }

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
  if (xiangqi()) return {{"UCI_Variant", "xiangqi"}};
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
