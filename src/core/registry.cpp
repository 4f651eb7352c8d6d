#include "core/registry.h"

#include <algorithm>
#include <mutex>

#include "core/text.h"

namespace qi {
namespace {

struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<GameRegistration>> games;  // stable addresses: callers keep pointers
};

Registry& registry() {
  static Registry r;
  return r;
}

}  // namespace

void register_game(const GameRegistration& game) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  const std::string& name = game.descriptor().name;
  auto same = [&](const auto& g) { return g->descriptor().name == name; };
  if (auto it = std::find_if(r.games.begin(), r.games.end(), same); it != r.games.end())
    **it = game;
  else
    r.games.push_back(std::make_unique<GameRegistration>(game));
}

std::vector<const GameRegistration*> registered_games() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<const GameRegistration*> out;
  for (const auto& g : r.games) out.push_back(g.get());
  std::stable_sort(out.begin(), out.end(), [](const GameRegistration* a, const GameRegistration* b) {
    return a->descriptor().order < b->descriptor().order;
  });
  return out;
}

const GameRegistration* find_game(std::string_view name) {
  for (const GameRegistration* g : registered_games())
    if (g->descriptor().name == name) return g;
  return nullptr;
}

const GameRegistration* default_game() {
  const std::vector<const GameRegistration*> games = registered_games();
  for (const GameRegistration* g : games)
    if (g->is_default) return g;
  return games.empty() ? nullptr : games.front();
}

std::string default_game_name() {
  const GameRegistration* g = default_game();
  return g ? g->descriptor().name : std::string();
}

Expected<std::unique_ptr<Game>> make_game(std::string_view name, std::string_view variant) {
  const GameRegistration* g = find_game(name);
  if (!g) {
    std::string known;
    for (const GameRegistration* r : registered_games())
      known += (known.empty() ? "" : ", ") + r->descriptor().name;
    return make_error("unknown game '" + std::string(name) + "' (known: " + known + ")");
  }
  const GameDescriptor& d = g->descriptor();
  if (!d.variant(variant)) {
    std::string known;
    for (const VariantDescriptor& v : d.variants)
      if (!v.name.empty()) known += (known.empty() ? "" : ", ") + v.name;
    return make_error("unknown variant '" + std::string(variant) + "' of " + std::string(name) +
                      (known.empty() ? " (it has no variants)" : " (known: " + known + ")"));
  }
  return g->make_game(variant);
}

namespace {

// A tag's value names what `wanted` names: the same text (case aside), or
// the same followed by a comma and more (PDN's "21,B,8,8,N,0").
bool names(std::string_view value, std::string_view wanted) {
  const std::string v = ascii_lower(value), w = ascii_lower(wanted);
  return v == w || (v.size() > w.size() && v.compare(0, w.size(), w) == 0 && v[w.size()] == ',');
}

bool identified(const VariantDescriptor& v, const std::vector<std::pair<std::string, std::string>>& tags) {
  for (const auto& [name, wanted] : v.record.identifying_tags)
    for (const auto& [tag, value] : tags)
      if (tag == name && names(value, wanted)) return true;
  return false;
}

}  // namespace

std::optional<std::string> variant_of_tags(const GameDescriptor& game,
                                           const std::vector<std::pair<std::string, std::string>>& tags) {
  for (const VariantDescriptor& v : game.variants)
    if (identified(v, tags)) return v.name;
  return std::nullopt;
}

Expected<RecordVariant> variant_of_record(const GameRegistration& game, const GameRecord& record) {
  if (game.variant_of_record) return game.variant_of_record(record);
  if (std::optional<std::string> named = variant_of_tags(game.descriptor(), record.tags))
    return RecordVariant{*named, ""};
  return RecordVariant{game.descriptor().variants.front().name, ""};
}

const GameRegistration* game_of_tags(const std::vector<std::pair<std::string, std::string>>& tags) {
  for (const GameRegistration* g : registered_games())
    if (variant_of_tags(g->descriptor(), tags)) return g;
  return nullptr;
}

const LevelTable* level_table(std::string_view game) {
  const GameRegistration* g = find_game(game);
  if (!g) return nullptr;
  return g->levels;
}

const ProtocolVariant* protocol_variant(std::string_view game, std::string_view variant) {
  const GameRegistration* g = find_game(game);
  if (!g) return nullptr;
  const VariantDescriptor* asked = g->descriptor().variant(variant);
  if (!asked) return nullptr;
  // The default variant has two names, its own and the empty one.
  for (const ProtocolVariant& v : g->protocols.variants)
    if (g->descriptor().variant(v.variant) == asked) return &v;
  return nullptr;
}

}  // namespace qi
