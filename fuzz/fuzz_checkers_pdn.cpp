// PDN files: parsing and replaying never crash; a game that loads writes a
// record that loads again to the same position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "games/checkers/checkers_game.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto games = qi::checkers::parse_pdn(text);
  if (!games) return 0;
  for (const qi::checkers::PdnGame& pdn : *games) {
    auto game = qi::checkers::load_pdn_game(pdn);
    if (!game) continue;
    auto back = qi::checkers::load_pdn((*game)->record());
    if (!back || back->size() != 1 || (*back)[0]->fen() != (*game)->fen()) __builtin_trap();
  }
  return 0;
}
