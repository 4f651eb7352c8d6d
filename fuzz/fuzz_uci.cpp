// Feeds arbitrary bytes, line by line, to the UCI and UCCI command parsers:
// position (with Fairy-Stockfish's xiangqi coordinates under UCI_Variant),
// go (UCI's and UCCI's, in seconds or milliseconds), setoption, banmoves,
// probe and the rest. The first byte's low bit chooses the dialect.
// Searches are capped at a few hundred nodes so that "go" stays quick.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/utf8.h"
#include "protocol/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  const bool ucci = size > 0 && (data[0] & 1);
  qi::protocol::Protocol p(ucci ? qi::protocol::Dialect::Ucci : qi::protocol::Dialect::Uci,
                           [](const std::string& line) {
                             if (!qi::is_valid_utf8(line)) __builtin_trap();  // every answer is UTF-8
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
    if (!p.handle(line)) break;
    p.wait();
    start = end + 1;
  }
  return 0;
}
