#include "protocol/go_request.h"

#include <algorithm>
#include <array>
#include <string_view>

#include "protocol/command_words.h"

namespace qi::protocol {
namespace {

// The words each dialect's go knows, so that a number missing after one
// ("go depth movetime 100") leaves the next word to be read as itself.
constexpr std::array kUciWords = {"infinite",    "ponder", "perft", "depth", "nodes", "movetime", "movestogo",
                                  "searchmoves", "wtime",  "btime", "winc",  "binc",  "mate"};
constexpr std::array kUcciWords = {"infinite", "ponder",       "perft",       "depth", "nodes",
                                   "movetime", "movestogo",    "draw",        "time",  "increment",
                                   "opptime",  "oppincrement", "oppmovestogo"};

bool is_go_word(std::string_view w, bool ucci) {
  auto is = [&](const auto& words) { return std::find(words.begin(), words.end(), w) != words.end(); };
  return ucci ? is(kUcciWords) : is(kUciWords);
}

}  // namespace

GoRequest parse_go(const std::vector<std::string>& words, const GoContext& context) {
  GoRequest go;
  engine::SearchLimits& limits = go.limits;
  const bool ucci = context.dialect == Dialect::Ucci;
  const bool first = context.side_to_move == Side::First;
  // UCCI's times are seconds unless the GUI asked for milliseconds.
  const std::int64_t unit = ucci && !context.milliseconds ? 1000 : 1;
  const char* time_unit = unit == 1000 ? "seconds" : "milliseconds";
  bool asked_infinite = false;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    // The word's number, in [lo, hi]: the next word, unless it is missing
    // or a word of go itself; else a problem, and nothing.
    auto number = [&](std::int64_t lo, std::int64_t hi, const char* what) -> std::optional<std::int64_t> {
      const std::string range = "(" + std::to_string(lo) + " to " + std::to_string(hi) + " " + what + ")";
      if (i + 1 >= words.size() || is_go_word(words[i + 1], ucci)) {
        go.problems.push_back({w, std::nullopt, "no number follows " + range});
        return std::nullopt;
      }
      const std::string& text = words[++i];
      Expected<std::int64_t> v = number_in_range(text, lo, hi);
      if (!v) {
        go.problems.push_back({w, text, v.error().message + " " + range});
        return std::nullopt;
      }
      return *v;
    };
    auto time = [&]() -> std::optional<std::int64_t> {
      const std::optional<std::int64_t> t = number(0, kLongestGo / unit, time_unit);
      if (!t) return std::nullopt;
      return *t * unit;
    };
    if (w == "infinite") {
      asked_infinite = true;
    } else if (w == "ponder") {
      limits.ponder = true;
    } else if (w == "perft") {
      if (auto d = number(1, 8, "plies")) go.perft = static_cast<int>(*d);
    } else if (w == "depth") {
      if (auto d = number(1, kDeepestGo, "plies")) limits.depth = static_cast<int>(*d);
    } else if (w == "nodes") {
      if (auto n = number(1, kLongestGo, "nodes")) limits.nodes = static_cast<std::uint64_t>(*n);
    } else if (w == "movetime") {
      if (auto t = time()) limits.move_time = *t;
    } else if (w == "movestogo") {
      if (auto n = number(0, 10000, "moves")) limits.moves_to_go = static_cast<int>(*n);
    } else if (!ucci && w == "searchmoves") {
      while (i + 1 < words.size()) go.search_moves.push_back(words[++i]);
    } else if (!ucci && (w == "wtime" || w == "btime")) {
      if (auto t = time()) ((w == "wtime") == first ? limits.time_left : limits.opponent_time) = *t;
    } else if (!ucci && (w == "winc" || w == "binc")) {
      if (auto t = time()) ((w == "winc") == first ? limits.increment : limits.opponent_increment) = *t;
    } else if (!ucci && w == "mate") {
      if (auto n = number(1, 100, "moves")) limits.mate = static_cast<int>(*n);
    } else if (ucci && w == "draw") {
      go.draw_offered = true;
    } else if (ucci && w == "time") {
      if (auto t = time()) limits.time_left = *t;
    } else if (ucci && w == "increment") {
      if (auto t = time()) limits.increment = *t;
    } else if (ucci && w == "opptime") {
      if (auto t = time()) limits.opponent_time = *t;
    } else if (ucci && w == "oppincrement") {
      if (auto t = time()) limits.opponent_increment = *t;
    } else if (ucci && w == "oppmovestogo") {
      (void)number(0, 10000, "moves");  // the opponent's count: not needed to plan ours
    } else {
      go.problems.push_back(
          {w, std::nullopt, std::string("not a word of ") + (ucci ? "UCCI's" : "UCI's") + " go", false});
    }
  }
  bool limited =
      limits.time_left >= 0 || limits.move_time >= 0 || limits.depth || limits.nodes || limits.mate;
  // What the GUI meant as a limit was not read: it still waits for bestmove.
  if (!go.problems.empty() && !limited && !asked_infinite) {
    limits.nodes = kMalformedGoNodes;
    go.bounded_instead = limited = true;
  }
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
