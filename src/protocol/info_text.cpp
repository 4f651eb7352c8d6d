#include "protocol/info_text.h"

#include <algorithm>
#include <sstream>

namespace qi::protocol {
namespace {

void tail(std::ostringstream& s, const engine::SearchInfo& info) {
  if (info.lowerbound) s << " lowerbound";
  if (info.upperbound) s << " upperbound";
}

void counters(std::ostringstream& s, const engine::SearchInfo& info) {
  const std::int64_t ms = std::max<std::int64_t>(info.time_ms, 1);
  s << " nodes " << info.nodes << " nps " << info.nodes * 1000 / ms << " hashfull " << info.hashfull;
  if (info.tbhits) s << " tbhits " << info.tbhits;  // only where endgame tables answered
  s << " time " << info.time_ms << " pv";
  for (const std::string& m : info.pv) s << ' ' << m;
}

}  // namespace

std::string uci_info_text(const engine::SearchInfo& info, bool show_wdl) {
  std::ostringstream s;
  s << "info depth " << info.depth << " seldepth " << info.seldepth << " multipv " << info.multipv;
  if (engine::is_mate_score(info.score))
    s << " score mate " << engine::mate_moves(info.score);
  else
    s << " score cp " << info.score;
  tail(s, info);
  if (show_wdl) s << " wdl " << info.wdl.win << ' ' << info.wdl.draw << ' ' << info.wdl.loss;
  counters(s, info);
  return s.str();
}

std::string ucci_info_text(const engine::SearchInfo& info) {
  std::ostringstream s;
  s << "info depth " << info.depth << " score " << info.score;
  counters(s, info);
  return s.str();
}

std::string uci_current_move_text(const engine::CurrentMove& current) {
  return "info depth " + std::to_string(current.depth) + " currmove " + current.move + " currmovenumber " +
         std::to_string(current.number);
}

std::string ucci_current_move_text(const engine::CurrentMove& current) {
  return "info currmove " + current.move + " currmovenumber " + std::to_string(current.number);
}

}  // namespace qi::protocol
