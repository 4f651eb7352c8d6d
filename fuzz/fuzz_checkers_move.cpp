// Move text in a few positions of every variant: never crashes, an accepted
// move reads back to itself, and a rejected one leaves the game unchanged;
// moves_matching gives that one move for an accepted text, and for any text
// only legal moves, several only where parse_move calls it ambiguous.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/utf8.h"
#include "games/checkers/checkers_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  static const char* const kFens[] = {"", "W:W22,30:B18,11,25", "W:WK26:B22,23,14,15", "B:W26,27:B22",
                                      "W:WK29:B22,10"};
  for (const qi::VariantDescriptor& v : qi::checkers::descriptor().variants) {
    const std::string& variant = v.name;
    for (const char* fen : kFens) {
      auto game = qi::checkers::make_game(variant);
      if (*fen && !game->set_fen(fen)) continue;
      std::string before = game->fen();
      qi::Expected<qi::MoveText> move = game->parse_move(text);
      if (game->fen() != before) __builtin_trap();
      const std::vector<qi::MoveText> matching = game->moves_matching(text);
      if (move && (matching.size() != 1 || matching[0].id != move->id)) __builtin_trap();
      if (!move && matching.size() == 1) __builtin_trap();
      if (matching.size() > 1 && move.error().code != "ambiguous") __builtin_trap();
      for (const qi::MoveText& m : matching) {
        qi::Expected<qi::MoveText> by_id = game->parse_move(m.id);
        if (!by_id || by_id->id != m.id) __builtin_trap();
      }
      if (!move) {
        if (!qi::is_valid_utf8(move.error().message)) __builtin_trap();  // it may reach a JSON answer
        continue;
      }
      qi::Expected<qi::MoveText> again = game->parse_move(move->id);
      if (!again || again->id != move->id) __builtin_trap();
      if (!game->play(move->id)) __builtin_trap();
    }
  }
  return 0;
}
