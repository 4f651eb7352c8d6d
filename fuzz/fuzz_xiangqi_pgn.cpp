// PGN reading never crashes; an accepted record writes out and reads back
// to the same moves.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "games/xiangqi/pgn.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::xiangqi;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto record = read_pgn(text);
  if (!record) return 0;
  auto again = read_pgn(write_pgn(*record));
  if (!again || again->moves != record->moves || again->start_fen != record->start_fen) std::abort();
  return 0;
}
