// Checkers and draughts, registered: the descriptor and rules of the four
// variants (src/games/checkers) and their search (traits.h over the
// engine's one search, instantiated once per variant).
#include "engine/game_backend.h"
#include "engine/games/checkers/traits.h"
#include "engine/registry.h"
#include "games/checkers/checkers_game.h"
#include "games/checkers/variant_of_record.h"

namespace qi::engine {
namespace {

static_assert(check_search_traits<CheckersTraits<checkers::English>>());
static_assert(check_search_traits<CheckersTraits<checkers::International>>());

std::unique_ptr<Backend> make_checkers_backend(std::string_view variant) {
  using namespace qi::checkers;
  if (variant == Russian::name) return std::make_unique<GameBackend<CheckersTraits<Russian>>>();
  if (variant == Brazilian::name) return std::make_unique<GameBackend<CheckersTraits<Brazilian>>>();
  if (variant == International::name) return std::make_unique<GameBackend<CheckersTraits<International>>>();
  return std::make_unique<GameBackend<CheckersTraits<English>>>();
}

// A draughts record without a GameType tag is read as the variant its
// squares and moves show (checkers/variant_of_record.h).
Expected<RecordVariant> checkers_variant_of_record(const GameRecord& record) {
  Expected<checkers::RecordVariant> v = checkers::variant_of_record(record);
  if (!v) return v.error();
  return RecordVariant{std::move(v->variant), std::move(v->assumption)};
}

const GameRegistration kCheckers{
    .descriptor = &checkers::descriptor,
    .make_game = [](std::string_view variant) { return checkers::make_game(variant); },
    .make_backend = &make_checkers_backend,
    .variant_of_record = &checkers_variant_of_record,
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kCheckers)
