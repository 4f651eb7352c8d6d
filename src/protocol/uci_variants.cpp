#include "protocol/uci_variants.h"

#include <array>
#include <vector>

#include "engine/registry.h"

namespace qi::protocol {
namespace {

constexpr std::array kAll{
    UciVariant{"chess", "chess", "", Coordinates::GameIds},
    UciVariant{"xiangqi", "xiangqi", "", Coordinates::FairyRanks},
    UciVariant{"checkers", "checkers", "english", Coordinates::GameIds},
    UciVariant{"russian", "checkers", "russian", Coordinates::GameIds},
    UciVariant{"brazilian", "checkers", "brazilian", Coordinates::GameIds},
    UciVariant{"international", "checkers", "international", Coordinates::GameIds},
};

bool built_in(const UciVariant& v) {
  const engine::GameRegistration* game = engine::find_game(v.game);
  return game && game->descriptor().variant(v.variant) != nullptr;
}

// The game's default variant has two names: its own and the empty one.
bool same_variant(const UciVariant& v, std::string_view game, std::string_view variant) {
  if (v.game != game) return false;
  if (v.variant == variant) return true;
  const engine::GameRegistration* g = engine::find_game(game);
  if (!g) return false;
  const auto* asked = g->descriptor().variant(variant);
  return asked && asked == g->descriptor().variant(v.variant);
}

}  // namespace

std::span<const UciVariant> uci_variants() {
  // Registrations are complete before main() runs, and this is first called
  // from a command, so the list is made once, after them.
  static const std::vector<UciVariant> offered = [] {
    std::vector<UciVariant> out;
    for (const UciVariant& v : kAll)
      if (built_in(v)) out.push_back(v);
    return out;
  }();
  return offered;
}

std::optional<UciVariant> uci_variant_named(std::string_view uci_name) {
  for (const UciVariant& v : uci_variants())
    if (v.uci_name == uci_name) return v;
  return std::nullopt;
}

std::optional<std::string_view> uci_variant_of(std::string_view game, std::string_view variant) {
  for (const UciVariant& v : uci_variants())
    if (same_variant(v, game, variant)) return v.uci_name;
  return std::nullopt;
}

}  // namespace qi::protocol
