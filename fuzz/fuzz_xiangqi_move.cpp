// Move text in any notation, read in positions from a short random game:
// never crashes, and every accepted move is legal and prints back to text
// that reads as the same move.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/utf8.h"
#include "games/xiangqi/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::xiangqi;
  if (size < 1) return 0;
  // The first byte picks the position: that many plies of a fixed line of
  // first-listed moves rotated by the ply.
  Position pos;
  for (int ply = 0; ply < data[0] % 40; ++ply) {
    Position::MoveList list;
    pos.generate_legal(list);
    if (list.empty()) break;
    pos.make(list[(ply * 7) % list.size()]);
  }
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto m = parse_move(pos, text);
  if (!m) {
    if (!qi::is_valid_utf8(m.error().message)) std::abort();  // it may reach a JSON answer
    return 0;
  }
  if (!pos.is_legal(*m)) std::abort();
  for (const std::string& again : {to_iccs(*m), to_wxf(pos, *m), to_chinese(pos, *m)}) {
    auto back = parse_move(pos, again);
    if (!back || !(*back == *m)) std::abort();
  }
  return 0;
}
