// qi bench: a fixed set of positions of every game, each searched to a fixed
// depth from an empty table on one thread, without endgame tables (which
// may or may not be installed, and load in the background). The total node
// count is a signature of the search: it changes only when the search or an
// evaluation changes. Also prints nodes per second.
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "engine/engine.h"

namespace qi::cli {
namespace {

struct BenchPosition {
  const char* game;
  const char* variant;
  const char* fen;
  int depth;
};

// Opening, middle game and end game positions of each game. The chess ones
// are well-known test positions (start, "Kiwipete", and endings from the
// perft suites); the others are Qi's own.
constexpr BenchPosition kPositions[] = {
    {"chess", "", "startpos", 11},
    {"chess", "", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 9},
    {"chess", "", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 8", 10},
    {"chess", "", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 14},
    {"chess", "", "6k1/5pp1/4p2p/3pP3/2qP4/2P2Q1P/5PP1/6K1 w - - 0 30", 12},
    {"xiangqi", "", "startpos", 9},
    {"xiangqi", "", "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 3", 9},
    {"xiangqi", "", "3ak4/4a4/4b4/9/2p6/9/9/4B4/4A4/2R1KA3 w - - 0 40", 12},
    {"checkers", "english", "startpos", 14},
    {"checkers", "english", "W:W18,23,24,27,28,K32:B6,9,10,11,12,K1", 14},
    {"checkers", "english", "W:WK18,K27:BK5,K10", 14},
    {"checkers", "international", "startpos", 8},
    {"tictactoe", "", "startpos", 9},
};

int run_bench(int depth_change) {
  std::uint64_t total = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const BenchPosition& p : kPositions) {
    engine::Engine engine;
    engine.options().use_endgame_tables = false;
    if (Status s = engine.set_game(p.game, p.variant); !s) return report_error(s.error().message);
    if (Status s = engine.set_position(p.fen, {}); !s) return report_error(s.error().message);
    engine::SearchLimits limits;
    limits.depth = std::max(1, p.depth + depth_change);
    const engine::SearchResult r = engine.think(limits);
    std::cout << p.game << (std::string_view(p.variant).empty() ? "" : std::string(" ") + p.variant)
              << " depth " << limits.depth << " nodes " << r.nodes << " bestmove " << r.best << '\n';
    total += r.nodes;
  }
  const auto ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
  std::cout << "\nTotal time (ms) : " << ms << "\nNodes searched  : " << total << "\nNodes/second    : "
            << total * 1000 / static_cast<std::uint64_t>(std::max<std::int64_t>(ms, 1)) << '\n';
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto depth_change = std::make_shared<int>(0);
  CLI::App* command =
      app.add_subcommand("bench", "Search fixed positions of every game: node signature and speed");
  command
      ->add_option("--depth-change", *depth_change, "Search every position this many plies deeper (or less)")
      ->transform(whole_number(-10, 10));
  command->callback([depth_change, &exit_code] { exit_code = run_bench(*depth_change); });
}

}  // namespace qi::cli
