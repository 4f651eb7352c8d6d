// Feeds arbitrary bytes, line by line, to the UCI and UCCI command parsers:
// position (with Fairy-Stockfish's xiangqi coordinates under UCI_Variant),
// go (UCI's and UCCI's, in seconds or milliseconds), setoption, banmoves,
// probe and the rest. The first byte's low bit chooses the dialect.
// Searches are capped at a few hundred nodes so that "go" stays quick.
// Every go (but perft) is answered, and a go with problems is told why and
// never left without an end the GUI did not ask for (go_request.h).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/utf8.h"
#include "protocol/command_words.h"
#include "protocol/go_request.h"
#include "protocol/uci.h"

namespace {

// A go with problems ends by itself unless the GUI asked to wait (infinite,
// ponder); every problem says why.
void check_go(const std::vector<std::string>& words, qi::protocol::Dialect dialect) {
  using namespace qi::protocol;
  const GoRequest go = parse_go(words, {dialect, qi::Side::First, true});
  for (const GoProblem& p : go.problems)
    if (p.why.empty()) __builtin_trap();
  const bool waits = std::find(words.begin(), words.end(), "infinite") != words.end() || go.limits.ponder;
  if (go.problems.empty() || waits || go.perft) return;
  const qi::engine::SearchLimits& l = go.limits;
  const bool ends = !l.infinite && (l.nodes || l.move_time >= 0 || l.time_left >= 0 || l.mate ||
                                    (l.depth > 0 && l.depth < kDeepestGo));
  if (!ends) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const bool ucci = size > 0 && (data[0] & 1);
  const auto dialect = ucci ? qi::protocol::Dialect::Ucci : qi::protocol::Dialect::Uci;
  std::size_t answers = 0;  // bestmove and nobestmove lines
  qi::protocol::Protocol p(dialect, [&answers](const std::string& line) {
    if (!qi::is_valid_utf8(line)) __builtin_trap();  // every answer is UTF-8
    if (line.rfind("bestmove", 0) == 0 || line.rfind("nobestmove", 0) == 0) ++answers;
  });
  p.cap_nodes(300);
  std::size_t start = 0;
  int lines = 0;
  while (start <= input.size() && lines++ < 64) {
    std::size_t end = input.find('\n', start);
    if (end == std::string_view::npos) end = input.size();
    std::string_view line = input.substr(start, end - start);
    // "go perft" with a big depth is slow by design; the fuzzer keeps it small.
    if (line.find("perft") != std::string_view::npos &&
        line.find_first_of("3456789", line.find("perft")) != std::string_view::npos)
      line = "isready";
    const std::vector<std::string> words = qi::protocol::split_words(line);
    const bool go = !words.empty() && words[0] == "go";
    if (go) check_go(words, dialect);
    const std::size_t answers_before = answers;
    if (!p.handle(line)) break;
    p.wait();
    // A go is answered (capped at a few hundred nodes, every search ends).
    if (go && std::find(words.begin(), words.end(), "perft") == words.end() && answers == answers_before)
      __builtin_trap();
    start = end + 1;
  }
  return 0;
}
