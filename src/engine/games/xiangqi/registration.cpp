// Xiangqi, registered: its descriptor and rules (src/games/xiangqi), its
// search (traits.h over the engine's one search) and its course in Learn.
#include "engine/game_backend.h"
#include "engine/games/xiangqi/traits.h"
#include "engine/registry.h"
#include "games/xiangqi/lessons.h"
#include "games/xiangqi/xiangqi_game.h"

namespace qi::engine {
namespace {

// Each level's Elo: Fairy-Stockfish 11.1's UCI_Elo in xiangqi at 10+0.1, 24
// games a level from 4 to 9 against two settings near it and 13 for level
// 10, and the weighted least-squares line through them (levels below the
// anchor's lowest setting read off it; bench/calibrate_levels.py). That
// scale was fitted to chess; in xiangqi its settings lie further apart than
// chess's levels do (docs/levels.md), so the table is steeper than chess's.
constexpr LevelTable kLevels{"xiangqi",
                             "Fairy-Stockfish 11.1 UCI_Elo (xiangqi), 10+0.1",
                             {510, 770, 1030, 1290, 1550, 1810, 2070, 2320, 2580, 2840}};

// Named and written as Fairy-Stockfish names and writes it, so that GUIs and
// engines built for it work unchanged: UCI_Variant xiangqi, ranks 1-10 where
// ICCS counts 0-9, and a FEN for every start (those engines take no
// `position startpos` for it). UCCI speaks ICCS as it is.
constexpr ProtocolVariant kProtocolVariants[] = {
    {.variant = "",
     .uci_name = "xiangqi",
     .coordinates = MoveCoordinates::FairyRanks,
     .engine_option = "UCI_Variant",
     .engine_option_value = "xiangqi",
     .engines_read_startpos = false},
};

constexpr BenchPosition kBench[] = {
    {"", "startpos", 9},
    {"", "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 3", 9},
    {"", "3ak4/4a4/4b4/9/2p6/9/9/4B4/4A4/2R1KA3 w - - 0 40", 12},
};

const GameRegistration kXiangqi{
    .descriptor = &xiangqi::descriptor,
    .make_game = [](std::string_view) { return xiangqi::make_game(); },
    .make_backend = [](std::string_view) -> std::unique_ptr<Backend> {
      return std::make_unique<GameBackend<XiangqiTraits>>();
    },
    .levels = &kLevels,
    .protocols = {.variants = kProtocolVariants, .ucci = true, .xboard = true, .xboard_variant = "xiangqi"},
    .bench = kBench,
    .lessons = &xiangqi::kLessons,
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kXiangqi)
