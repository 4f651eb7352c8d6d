// PGN import on arbitrary bytes: it must never crash or hang; every error
// carries a message; the streaming reader goes through the whole text; and
// the games a text yields, exported and imported again, come back equal.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/chess/pgn.h"

namespace {

void check(bool condition) {
  if (!condition) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace qi::chess;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  // The reader goes on after errors; each call consumes at least one token,
  // so there are never more calls than bytes.
  PgnReader reader(text);
  std::vector<PgnGame> good;
  for (std::size_t calls = 0;; ++calls) {
    check(calls <= size + 1);
    qi::Expected<std::optional<PgnGame>> game = reader.next();
    if (!game) {
      check(!game.error().message.empty());
      continue;
    }
    if (!*game) break;
    good.push_back(std::move(**game));
  }

  std::string exported;
  for (const PgnGame& game : good) exported += write_pgn(game);
  qi::Expected<std::vector<PgnGame>> again = read_pgn(exported);
  check(again.has_value());
  check(*again == good);

  qi::Expected<std::vector<PgnGame>> all = read_pgn(text);
  if (all) check(*all == good);
  return 0;
}
