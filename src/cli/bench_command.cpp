// qi bench: a fixed set of positions of every game (each game's registration
// lists its own: opening, middle game and end game), each searched to a
// fixed depth from an empty table on one thread, without endgame tables
// (which may or may not be installed, and load in the background). The
// total node count is a signature of the search: it changes only when the
// search or an evaluation changes. Also prints nodes per second.
#include <CLI/CLI.hpp>
#include <chrono>
#include <iostream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "core/registry.h"
#include "engine/engine.h"

namespace qi::cli {
namespace {

int run_bench(int depth_change) {
  std::uint64_t total = 0;
  const auto start = std::chrono::steady_clock::now();
  for (const GameRegistration* game : registered_games())
    for (const BenchPosition& p : game->bench) {
      const std::string& name = game->descriptor().name;
      engine::Engine engine;
      engine.options().use_endgame_tables = false;
      if (Status s = engine.set_game(name, p.variant); !s) return report_error(s.error().message);
      if (Status s = engine.set_position(p.fen, {}); !s) return report_error(s.error().message);
      engine::SearchLimits limits;
      limits.depth = std::max(1, p.depth + depth_change);
      const engine::SearchResult r = engine.think(limits);
      std::cout << name << (p.variant.empty() ? "" : " " + std::string(p.variant)) << " depth "
                << limits.depth << " nodes " << r.nodes << " bestmove " << r.best << '\n';
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
