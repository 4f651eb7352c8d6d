// FEN parsing for every checkers variant: never crashes, and an accepted
// position prints back to a FEN that reads to the same position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/utf8.h"
#include "games/checkers/checkers_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const qi::VariantDescriptor& v : qi::checkers::descriptor().variants) {
    const std::string& variant = v.name;
    auto game = qi::checkers::make_game(variant);
    if (qi::Status set = game->set_fen(text); !set) {
      if (!qi::is_valid_utf8(set.error().message)) __builtin_trap();  // it may reach a JSON answer
      continue;
    }
    std::string fen = game->fen();
    auto again = qi::checkers::make_game(variant);
    if (!again->set_fen(fen) || again->fen() != fen) __builtin_trap();
    // Positions no game reaches still get well-formed move lists.
    for (const qi::MoveText& m : game->legal_moves())
      if (!game->parse_move(m.id)) __builtin_trap();
    (void)game->outcome();
    (void)game->perft(2);
  }
  return 0;
}
