// The games `qi uci` plays, by the name the UCI_Variant option gives them.
//
// Chess and xiangqi are named as Fairy-Stockfish names them, so GUIs built
// for it work unchanged. The checkers family has no UCI convention to follow
// (Fairy-Stockfish plays none of it); Qi names English checkers `checkers`
// and the draughts variants by their own names, writes moves in PDN squares
// (11-15, 22x15, 15x24x31) and positions as PDN FEN (B:W21-32:B1-12), the
// notation every checkers program reads.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "protocol/coordinates.h"

namespace qi::protocol {

struct UciVariant {
  std::string_view uci_name;  // the UCI_Variant value
  std::string_view game;      // Qi's game and variant
  std::string_view variant;   // empty: the game's default
  Coordinates coordinates;    // how moves are written in UCI
};

// Every variant, in the order the option lists them ("chess" first, the
// default). Only those whose game this build has are offered.
std::span<const UciVariant> uci_variants();
std::optional<UciVariant> uci_variant_named(std::string_view uci_name);
// The UCI_Variant value for Qi's game and variant (empty variant: the
// game's default), if UCI speaks it.
std::optional<std::string_view> uci_variant_of(std::string_view game, std::string_view variant);

}  // namespace qi::protocol
