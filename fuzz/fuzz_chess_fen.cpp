// FEN reader on arbitrary bytes: it must never crash; whatever it accepts
// must write back a FEN that reads back to the same position, and every
// legal move made and unmade must restore that FEN and the hash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/utf8.h"
#include "games/chess/position.h"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using qi::chess::Position;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  qi::Expected<Position> pos = Position::from_fen(text);
  if (!pos) {
    check(!pos.error().message.empty() && qi::is_valid_utf8(pos.error().message));
    return 0;
  }
  const std::string fen = pos->fen();
  qi::Expected<Position> again = Position::from_fen(fen);
  check(again.has_value());
  check(again->fen() == fen);
  check(again->hash() == pos->hash());
  check(pos->hash() == pos->compute_hash());

  Position::MoveList moves;
  pos->generate_legal(moves);
  check(moves.size() == pos->count_legal());
  for (Position::Move m : moves) {
    check(pos->is_legal(m));
    pos->make(m);
    check(pos->hash() == pos->compute_hash());
    Position::MoveList replies;
    pos->generate_legal(replies);
    check(replies.size() == pos->count_legal());
    (void)pos->result();
    pos->unmake(m);
    check(pos->fen() == fen);
  }
  (void)pos->result();
  return 0;
}
