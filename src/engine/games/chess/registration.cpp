// Chess, registered: its descriptor and rules (src/games/chess) and its
// search (traits.h over the engine's one search), for standard chess and
// Chess960.
#include "engine/game_backend.h"
#include "engine/games/chess/traits.h"
#include "engine/registry.h"
#include "games/chess/chess_game.h"
#include "games/chess/lessons.h"

namespace qi::engine {
namespace {

// Each level's Elo: Stockfish 15.1's UCI_Elo at 10+0.1, 24 games a level
// from 4 to 10 against two settings near it (2026-12-03; level 10 with its
// network), and the weighted least-squares line through them, so that it
// rises with the level as the ladder says it must; levels below the
// anchor's lowest setting are read off the same line
// (bench/calibrate_levels.py, docs/levels.md).
constexpr LevelTable kLevels{
    "chess", "Stockfish 15.1 UCI_Elo, 10+0.1", {810, 960, 1120, 1280, 1440, 1590, 1750, 1910, 2070, 2220}};

// UCI is chess's own protocol: engines need no UCI_Variant for it, and
// Chess960 engines are told by UCI_Chess960 (they read X-FEN and
// Shredder-FEN and castle king takes rook, e1h1, as Qi's move ids are).
// `qi uci` offers Chess960 by that option too, not as a UCI_Variant.
constexpr ProtocolVariant kProtocolVariants[] = {
    {.variant = "", .uci_name = "chess"},
    {.variant = chess::kChess960Name,
     .engine_option = "UCI_Chess960",
     .engine_option_value = "true",
     .uci_check_option = "UCI_Chess960"},
};

// Opening, middle game and end game positions: the start, "Kiwipete", and
// endings from the perft suites, well-known test positions.
constexpr BenchPosition kBench[] = {
    {"", "startpos", 11},
    {"", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 9},
    {"", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8", 10},
    {"", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14},
    {"", "6k1/5pp1/4p2p/3pP3/2qP4/2P2Q1P/5PP1/6K1 w - - 0 30", 12},
};

const GameRegistration kChess{
    .descriptor = &chess::descriptor,
    .make_game = [](std::string_view variant) { return chess::make_game(variant); },
    .make_backend = [](std::string_view variant) -> std::unique_ptr<Backend> {
      if (variant == chess::kChess960Name) return std::make_unique<GameBackend<Chess960Traits>>();
      return std::make_unique<GameBackend<ChessTraits>>();
    },
    .levels = &kLevels,
    // PGN is chess's own format: its records name no variant.
    .protocols = {.variants = kProtocolVariants, .xboard = true, .record_names_variant = false},
    // UCI is chess's own protocol, so a GUI that names no UCI_Variant means
    // chess; the app's requests that name no game have always been chess too.
    .is_default = true,
    .bench = kBench,
    .lessons = &chess::kLessons,
};

}  // namespace
}  // namespace qi::engine

QI_REGISTER_GAME(qi::engine::kChess)
