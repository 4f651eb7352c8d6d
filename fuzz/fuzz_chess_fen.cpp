// FEN reader on arbitrary bytes, as standard chess and as Chess960 (X-FEN
// and Shredder-FEN castling, two to six fields, rights dropped with a
// warning): it must never crash; every message and warning is valid UTF-8;
// whatever it accepts must write back a FEN, in X-FEN and in Shredder-FEN,
// that reads back to the same position, and every legal move made and
// unmade must restore that FEN and the hash.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.h"
#include "games/chess/position.h"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

void check_variant(std::string_view text, qi::chess::Variant variant) {
  using qi::chess::CastlingLetters;
  using qi::chess::Position;
  std::vector<std::string> warnings;
  qi::Expected<Position> pos = Position::from_fen(text, variant, &warnings);
  if (!pos) {
    check(!pos.error().message.empty() && qi::is_valid_utf8(pos.error().message));
    return;
  }
  for (const std::string& w : warnings) check(!w.empty() && qi::is_valid_utf8(w));
  const std::string fen = pos->fen();
  std::vector<std::string> again_warnings;
  qi::Expected<Position> again = Position::from_fen(fen, variant, &again_warnings);
  check(again.has_value() && again_warnings.empty());
  check(again->fen() == fen);
  check(again->hash() == pos->hash());
  check(pos->hash() == pos->compute_hash());
  qi::Expected<Position> shredder = Position::from_fen(pos->fen(CastlingLetters::Shredder), variant);
  check(shredder.has_value() && shredder->fen() == fen && shredder->hash() == pos->hash());

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
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  check_variant(text, qi::chess::Variant::Standard);
  check_variant(text, qi::chess::Variant::Chess960);
  return 0;
}
