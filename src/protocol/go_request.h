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
// a move) is in the same unit. "depth 0" asks for the static evaluation and
// no move. "infinite" and a go without a limit search until stop or until a
// mate is found (the specification's words; ElephantEye searches to its
// depth limit), so they end by themselves.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/side.h"
#include "engine/limits.h"
#include "engine/score.h"
#include "protocol/dialect.h"

namespace qi::protocol {

struct GoRequest {
  engine::SearchLimits limits;            // search_moves left empty
  std::vector<std::string> search_moves;  // as the GUI wrote them
  bool draw_offered = false;              // UCCI "go draw"
  bool static_only = false;               // UCCI "go depth 0"
  std::optional<int> perft;               // "go perft N": count, do not search
  std::vector<std::string> ignored;       // words not understood, to be told
};

struct GoContext {
  Dialect dialect = Dialect::Uci;
  Side side_to_move = Side::First;  // whose clock wtime or btime is
  bool milliseconds = true;         // UCCI: usemillisec
};

GoRequest parse_go(const std::vector<std::string>& words, const GoContext& context);

// The depth a search "until stop or mate" is given in UCCI.
inline constexpr int kDeepestGo = engine::kMaxPly - 8;

}  // namespace qi::protocol
