// Move text in any notation (ICCS, WXF, Chinese, WinBoard's SAN, in ASCII
// or full-width characters), read in positions from a short random game or
// with tandem pieces: never crashes, every accepted move is legal and
// prints back to text that reads as the same move, and every move the text
// may stand for (moves_named) is legal, the accepted one first.
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <string_view>

#include "core/utf8.h"
#include "games/xiangqi/notation.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::xiangqi;
  if (size < 1) return 0;
  // The first byte picks the position: from 200 on one with tandem pieces
  // (soldiers three on a file and doubled on two files, five on a file, two
  // chariots and two soldiers on a file), below that so many plies (mod 40)
  // of a fixed line of first-listed moves rotated by the ply.
  static constexpr const char* kTandems[] = {
      "3k5/9/2P3P2/2P3P2/6P2/9/9/9/9/4K4 w - - 0 1",
      "P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w - - 0 1",
      "2P1k4/9/2P6/9/R8/9/9/9/9/R2K5 w - - 0 1",
      "4k4/9/9/9/9/5p1p1/5p3/3p1p3/9/3K5 b - - 0 1",
  };
  Position pos;
  if (data[0] >= 200) {
    pos = *Position::from_fen(kTandems[(data[0] - 200) % std::size(kTandems)]);
  } else {
    for (int ply = 0; ply < data[0] % 40; ++ply) {
      Position::MoveList list;
      pos.generate_legal(list);
      if (list.empty()) break;
      pos.make(list[(ply * 7) % list.size()]);
    }
  }
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::vector<Move> named = moves_named(pos, text);
  for (Move n : named)
    if (!pos.is_legal(n)) std::abort();
  auto m = parse_move(pos, text);
  if (m && (named.empty() || !(named.front() == *m))) std::abort();
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
