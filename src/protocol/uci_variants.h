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
// The UCI_Variant `qi uci` plays before a GUI names one: the one of Qi's
// default game (core/registry.h), else the first offered; empty: none.
std::string_view default_uci_variant();

// A check option `qi uci` offers (ProtocolVariant::uci_check_option): set
// true, the UCI_Variant of `game`'s default plays `variant` instead.
struct UciCheckOption {
  std::string_view name;  // as announced ("UCI_Chess960")
  std::string game;
  std::string_view variant;
};
std::span<const UciCheckOption> uci_check_options();
// By its name in any case ("uci_chess960").
std::optional<UciCheckOption> uci_check_option_named(std::string_view name);

// The UCI_Variant value for Qi's game and variant (empty variant: the
// game's default), if UCI speaks it.
std::optional<std::string_view> uci_variant_of(std::string_view game, std::string_view variant);

}  // namespace qi::protocol
