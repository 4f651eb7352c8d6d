#include "protocol/go_request.h"

#include <algorithm>

#include "protocol/command_words.h"

namespace qi::protocol {
namespace {

// Any time or count beyond this is taken as this (about 35 years in ms).
constexpr std::int64_t kLongest = std::int64_t{1} << 40;

}  // namespace

GoRequest parse_go(const std::vector<std::string>& words, const GoContext& context) {
  GoRequest go;
  engine::SearchLimits& limits = go.limits;
  const bool ucci = context.dialect == Dialect::Ucci;
  const bool first = context.side_to_move == Side::First;
  // UCCI's times are seconds unless the GUI asked for milliseconds.
  const std::int64_t unit = ucci && !context.milliseconds ? 1000 : 1;
  bool asked_infinite = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    // The word's number, if the next word is one (it is then consumed).
    auto value = [&](std::int64_t lo, std::int64_t hi) -> std::optional<std::int64_t> {
      if (i + 1 >= words.size()) return std::nullopt;
      const std::optional<std::int64_t> v = whole_number(words[i + 1], lo, hi);
      if (v) ++i;
      return v;
    };
    auto time = [&]() -> std::optional<std::int64_t> {
      const std::optional<std::int64_t> t = value(0, kLongest / unit);
      if (!t) return std::nullopt;
      return *t * unit;
    };
    bool understood = true;
    if (w == "infinite") {
      asked_infinite = true;
    } else if (w == "ponder") {
      limits.ponder = true;
    } else if (w == "perft") {
      if (auto d = value(1, 8))
        go.perft = static_cast<int>(*d);
      else
        understood = false;
    } else if (w == "depth") {
      if (auto d = value(ucci ? 0 : 1, kDeepestGo)) {
        limits.depth = static_cast<int>(*d);
        go.static_only = ucci && *d == 0;
      } else {
        understood = false;
      }
    } else if (w == "nodes") {
      if (auto n = value(1, kLongest))
        limits.nodes = static_cast<std::uint64_t>(*n);
      else
        understood = false;
    } else if (w == "movetime") {
      if (auto t = time())
        limits.move_time = *t;
      else
        understood = false;
    } else if (w == "movestogo") {
      if (auto n = value(0, 10000))
        limits.moves_to_go = static_cast<int>(*n);
      else
        understood = false;
    } else if (!ucci && w == "searchmoves") {
      while (i + 1 < words.size()) go.search_moves.push_back(words[++i]);
    } else if (!ucci && (w == "wtime" || w == "btime")) {
      if (auto t = time())
        ((w == "wtime") == first ? limits.time_left : limits.opponent_time) = *t;
      else
        understood = false;
    } else if (!ucci && (w == "winc" || w == "binc")) {
      if (auto t = time())
        ((w == "winc") == first ? limits.increment : limits.opponent_increment) = *t;
      else
        understood = false;
    } else if (!ucci && w == "mate") {
      if (auto n = value(1, 100))
        limits.mate = static_cast<int>(*n);
      else
        understood = false;
    } else if (ucci && w == "draw") {
      go.draw_offered = true;
    } else if (ucci && w == "time") {
      if (auto t = time())
        limits.time_left = *t;
      else
        understood = false;
    } else if (ucci && w == "increment") {
      if (auto t = time())
        limits.increment = *t;
      else
        understood = false;
    } else if (ucci && w == "opptime") {
      if (auto t = time())
        limits.opponent_time = *t;
      else
        understood = false;
    } else if (ucci && w == "oppincrement") {
      if (auto t = time())
        limits.opponent_increment = *t;
      else
        understood = false;
    } else if (ucci && w == "oppmovestogo") {
      understood = value(0, 10000).has_value();  // the opponent's count: not needed to plan ours
    } else {
      understood = false;
    }
    if (!understood) go.ignored.push_back(w);
  }
  const bool limited = limits.time_left >= 0 || limits.move_time >= 0 || limits.depth || limits.nodes ||
                       limits.mate || go.static_only;
  if (ucci) {
    // Until stop or a mate is found: the deepest search, which reports by
    // itself when it ends.
    if (asked_infinite || !limited) limits.depth = kDeepestGo;
  } else {
    // UCI: infinite, or no limit at all, searches until stop.
    limits.infinite = asked_infinite || !limited;
  }
  return go;
}

}  // namespace qi::protocol
