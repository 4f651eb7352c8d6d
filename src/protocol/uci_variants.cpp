#include "protocol/uci_variants.h"

#include <vector>

#include "core/registry.h"
#include "core/text.h"

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

std::string_view default_uci_variant() {
  if (const GameRegistration* g = default_game())
    if (std::optional<std::string_view> own = uci_variant_of(g->descriptor().name, {})) return *own;
  return uci_variants().empty() ? std::string_view() : uci_variants().front().uci_name;
}

std::span<const UciCheckOption> uci_check_options() {
  static const std::vector<UciCheckOption> offered = [] {
    std::vector<UciCheckOption> out;
    for (const GameRegistration* g : registered_games())
      for (const ProtocolVariant& v : g->protocols.variants)
        if (!v.uci_check_option.empty()) out.push_back({v.uci_check_option, g->descriptor().name, v.variant});
    return out;
  }();
  return offered;
}

std::optional<UciCheckOption> uci_check_option_named(std::string_view name) {
  for (const UciCheckOption& c : uci_check_options())
    if (ascii_lower(std::string(c.name)) == ascii_lower(std::string(name))) return c;
  return std::nullopt;
}

std::optional<std::string_view> uci_variant_of(std::string_view game, std::string_view variant) {
  const ProtocolVariant* v = protocol_variant(game, variant);
  if (!v || v->uci_name.empty()) return std::nullopt;
  return v->uci_name;
}

}  // namespace qi::protocol
