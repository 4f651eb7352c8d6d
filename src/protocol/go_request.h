// What a "go" line asks for, in UCI and in UCCI.
//
// UCI: wtime btime winc binc movestogo (milliseconds), movetime, depth,
// nodes, mate, infinite, ponder, searchmoves (the rest of the line), and
// Qi's "go perft N". A go without a limit searches until stop.
//
// UCCI (its specification, 3.0): [ponder | draw], then depth N | infinite,
// nodes N, or time T [movestogo M | increment I] [opptime T' [oppmovestogo
// M' | oppincrement I']]. Times are in seconds unless the GUI set the
// option usemillisec true; "movetime T" (what UCI2WB sends for a fixed time
// a move) is in the same unit. "infinite" and a go without a limit search
// until stop or until a mate is found (the specification's words;
// ElephantEye searches to its depth limit), so they end by themselves.
//
// Every number is checked: a whole decimal number within its word's range
// (depth 1 to kDeepestGo in both dialects, times 0 to kLongestGo ms, mate 1
// to 100, perft 1 to 8 ...), nothing clamped. A word that is not read (not a word of go,
// a number missing, malformed or out of range) is a problem, told to the
// GUI with the reason. The GUI that sent go waits for bestmove, so a go with
// problems still answers: the words read well are obeyed, and when they
// leave the search without an end the GUI itself asked for (infinite or
// ponder), it searches kMalformedGoNodes nodes instead of until stop.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/side.h"
#include "engine/limits.h"
#include "engine/score.h"
#include "protocol/dialect.h"

namespace qi::protocol {

// A part of a go line that was not read, and why.
struct GoProblem {
  std::string word;                  // the word of go ("movetime"), or the word not understood
  std::optional<std::string> value;  // the number as written, when one was given
  std::string why;                   // "not a whole decimal number (1 to 120 plies)", ...
  bool word_of_go = true;            // false: `word` itself is not one of go's
};

struct GoRequest {
  engine::SearchLimits limits;            // search_moves left empty
  std::vector<std::string> search_moves;  // as the GUI wrote them
  bool draw_offered = false;              // UCCI "go draw"
  std::optional<int> perft;               // "go perft N": count, do not search
  std::vector<GoProblem> problems;        // what was not read, to be told
  // The problems left the search without an end: it is bounded to
  // kMalformedGoNodes instead, so that bestmove comes.
  bool bounded_instead = false;
};

struct GoContext {
  Dialect dialect = Dialect::Uci;
  Side side_to_move = Side::First;  // whose clock wtime or btime is
  bool milliseconds = true;         // UCCI: usemillisec
};

GoRequest parse_go(const std::vector<std::string>& words, const GoContext& context);

// The depth a search "until stop or mate" is given in UCCI, and the
// deepest a go may ask for.
inline constexpr int kDeepestGo = engine::kMaxPly - 8;
// The longest time or largest count a go may give (about 35 years in ms).
inline constexpr std::int64_t kLongestGo = std::int64_t{1} << 40;
// The search of a go with problems that left it without an end: a fraction
// of a second at full strength, then bestmove.
inline constexpr std::uint64_t kMalformedGoNodes = 100'000;

}  // namespace qi::protocol
