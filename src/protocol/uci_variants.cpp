#include "protocol/uci_variants.h"

#include <vector>

#include "core/registry.h"

namespace qi::protocol {

std::span<const UciVariant> uci_variants() {
  // Registrations are complete before main() runs, and this is first called
  // from a command, so the list is made once, after them.
  static const std::vector<UciVariant> offered = [] {
    std::vector<UciVariant> out;
    for (const GameRegistration* g : registered_games())
      for (const ProtocolVariant& v : g->protocols.variants)
        if (!v.uci_name.empty()) out.push_back({v.uci_name, g->descriptor().name, v.variant, v.coordinates});
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
  const ProtocolVariant* v = protocol_variant(game, variant);
  if (!v || v->uci_name.empty()) return std::nullopt;
  return v->uci_name;
}

}  // namespace qi::protocol
