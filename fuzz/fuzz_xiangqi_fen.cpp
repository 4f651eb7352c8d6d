// FEN parsing never crashes, and whatever it accepts prints back to a FEN
// that reads as the same position.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/utf8.h"
#include "games/xiangqi/position.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto pos = qi::xiangqi::Position::from_fen(text);
  if (!pos) {
    if (!qi::is_valid_utf8(pos.error().message)) std::abort();  // it may reach a JSON answer
    return 0;
  }
  auto again = qi::xiangqi::Position::from_fen(pos->fen());
  if (!again || again->fen() != pos->fen() || again->hash() != pos->hash()) std::abort();
  qi::xiangqi::Position::MoveList list;
  pos->generate_legal(list);
  if (list.size() != pos->count_legal()) std::abort();
  (void)pos->result();
  return 0;
}
