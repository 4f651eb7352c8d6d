// Checkers and draughts, registered: the descriptor and rules of the four
// variants (src/games/checkers), their search (traits.h over the engine's
// one search, instantiated once per variant) and English checkers' endgame
// tables (egdb_tool.h).
#include "engine/game_backend.h"
#include "engine/games/checkers/egdb_tool.h"
#include "engine/games/checkers/traits.h"
#include "engine/registry.h"
#include "games/checkers/checkers_game.h"
#include "games/checkers/lessons.h"
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

// Each level's Elo, for every variant. English checkers has no engine with
// an Elo scale, so Cake 1.89g held to fixed depths is the outside referee:
// 100 games from the ballots for each of 20 pairings of levels 2-10 with
// Cake's depths 1-11 (2026-12-06), one Bradley-Terry fit for all, 145.5 Elo
// a level on its weighted least-squares line (bench/calibrate_levels.py);
// level 1, below anything Cake plays, is read off the line from 810, the
// level 1 of the table measured against Stockfish (docs/levels.md).
constexpr LevelTable kLevels{"checkers",
                             "Cake 1.89g at fixed depths, level 1 at 810",
                             {810, 960, 1100, 1250, 1390, 1540, 1680, 1830, 1970, 2120}};

// No UCI convention exists for the checkers family (Fairy-Stockfish plays
// none of it): UCI_Variant names English checkers `checkers` and the
// draughts variants by their own names, moves are PDN squares (11-15,
// 22x15, 15x24x31) and positions PDN FEN (B:W21-32:B1-12), the notation
// every checkers program reads.
constexpr ProtocolVariant kProtocolVariants[] = {
    {.variant = "english",
     .uci_name = "checkers",
     .engine_option = "UCI_Variant",
     .engine_option_value = "checkers"},
    {.variant = "russian",
     .uci_name = "russian",
     .engine_option = "UCI_Variant",
     .engine_option_value = "russian"},
    {.variant = "brazilian",
     .uci_name = "brazilian",
     .engine_option = "UCI_Variant",
     .engine_option_value = "brazilian"},
    {.variant = "international",
     .uci_name = "international",
     .engine_option = "UCI_Variant",
     .engine_option_value = "international"},
};

constexpr BenchPosition kBench[] = {
    {"english", "startpos", 14},
    {"english", "W:W18,23,24,27,28,K32:B6,9,10,11,12,K1", 14},
    {"english", "W:WK18,K27:BK5,K10", 14},
    {"international", "startpos", 8},
};

const GameRegistration kCheckers{
    .descriptor = &checkers::descriptor,
    .make_game = [](std::string_view variant) { return checkers::make_game(variant); },
    .make_backend = &make_checkers_backend,
    .variant_of_record = &checkers_variant_of_record,
    .levels = &kLevels,
    .protocols = {.variants = kProtocolVariants},
    .bench = kBench,
    .endgame_tables = &checkers_tables::kEndgameTables,
    .lessons = &checkers::kLessons,
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kCheckers)
