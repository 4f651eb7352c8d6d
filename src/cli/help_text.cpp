#include "cli/help_text.h"

#include <vector>

#include "core/registry.h"
#include "protocol/uci_variants.h"

namespace qi::cli {
namespace {

std::string joined(const std::vector<std::string>& items, std::string_view comma, std::string_view last) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out.append(i == 0 ? "" : i + 1 == items.size() ? last : comma).append(items[i]);
  return out;
}

}  // namespace

std::string game_names() {
  std::vector<std::string> names;
  for (const GameRegistration* g : registered_games()) names.push_back(g->descriptor().name);
  return joined(names, ", ", ", ");
}

std::string game_titles() {
  std::vector<std::string> titles;
  for (const GameRegistration* g : registered_games()) titles.push_back(g->descriptor().title.en);
  return joined(titles, ", ", " and ");
}

std::string variant_names() {
  std::vector<std::string> games;
  for (const GameRegistration* g : registered_games()) {
    const GameDescriptor& d = g->descriptor();
    std::vector<std::string> variants;
    for (const VariantDescriptor& v : d.variants)
      if (!v.name.empty()) variants.push_back(v.name);  // the unnamed default is the game's own
    if (!variants.empty()) games.push_back(d.name + ": " + joined(variants, ", ", ", "));
  }
  return joined(games, "; ", "; ");
}

std::string numbered_starts() {
  std::vector<std::string> variants;
  for (const GameRegistration* g : registered_games())
    for (const VariantDescriptor& v : g->descriptor().variants)
      if (v.numbered_starts > 0) variants.push_back(v.name + " 0-" + std::to_string(v.numbered_starts - 1));
  return joined(variants, ", ", ", ");
}

std::string ucci_games() {
  std::vector<std::string> names;
  for (const GameRegistration* g : registered_games())
    if (g->protocols.ucci) names.push_back(g->descriptor().name);
  return joined(names, ", ", ", ");
}

std::string solvable_games() {
  std::vector<std::string> names;
  for (const GameRegistration* g : registered_games())
    if (g->solve) names.push_back(g->descriptor().name);
  return joined(names, ", ", " and ");
}

std::string uci_variant_names() {
  std::vector<std::string> names;
  for (const protocol::UciVariant& v : protocol::uci_variants()) names.emplace_back(v.uci_name);
  return joined(names, ", ", ", ");
}

}  // namespace qi::cli
