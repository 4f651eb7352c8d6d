// The games `qi uci` plays, by the name the UCI_Variant option gives them:
// each game's registration names its variants UCI speaks and how UCI
// writes their moves (GameRegistration::protocols), and says why there.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "protocol/coordinates.h"

namespace qi::protocol {

struct UciVariant {
  std::string_view uci_name;  // the UCI_Variant value
  std::string game;           // Qi's game and variant
  std::string_view variant;   // empty: the game's default
  Coordinates coordinates;    // how moves are written in UCI
};

// Every variant UCI_Variant offers, in the order of the games' menus.
std::span<const UciVariant> uci_variants();
std::optional<UciVariant> uci_variant_named(std::string_view uci_name);
// The UCI_Variant value for Qi's game and variant (empty variant: the
// game's default), if UCI speaks it.
std::optional<std::string_view> uci_variant_of(std::string_view game, std::string_view variant);

}  // namespace qi::protocol
