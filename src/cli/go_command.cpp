// qi go GAME: one search from a position, printing progress lines (as UCI
// info lines) and, last, "bestmove <move>" in the game's move notation.
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/argument_checks.h"
#include "cli/commands.h"
#include "cli/help_text.h"
#include "engine/engine.h"
#include "engine/hint.h"
#include "protocol/info_text.h"

namespace qi::cli {
namespace {

struct GoOptions {
  std::string game, variant, fen;
  std::vector<std::string> moves;
  int level = 10;
  std::int64_t movetime = -1;
  int depth = 0;
  std::uint64_t nodes = 0;
  int multipv = 1;
  int threads = 1;
  int hash = 16;
  bool hint = false;
  bool quiet = false;
};

int run_go(const GoOptions& o) {
  engine::Engine engine;
  if (Status s = engine.set_game(o.game, o.variant); !s) return report_error(s.error().message);
  if (Status s = engine.set_position(o.fen, o.moves); !s) return report_error(s.error().message);
  engine.options().level = o.level;
  engine.options().threads = o.threads;
  engine.set_hash_mb(static_cast<std::size_t>(o.hash));
  engine::SearchLimits limits;
  limits.move_time = o.movetime;
  limits.depth = o.depth;
  limits.nodes = o.nodes;
  limits.multipv = o.multipv;
  if (o.movetime < 0 && !o.depth && !o.nodes) limits.move_time = 1000;
  engine::SearchCallbacks callbacks;
  if (!o.quiet)
    callbacks.on_info = [](const engine::SearchInfo& info) {
      std::cout << protocol::uci_info_text(info, true) << '\n' << std::flush;
    };
  const engine::SearchResult result = engine.think(limits, std::move(callbacks));
  if (result.best.empty()) {
    std::cout << "bestmove (none)\n";
    return 0;
  }
  if (o.hint) {
    engine::Hint hint = engine::explain_move(engine, result);
    std::cout << "hint " << hint.move_display << ": " << hint.reason << '\n';
  }
  std::cout << "bestmove " << result.best << (result.ponder.empty() ? "" : " ponder " + result.ponder)
            << '\n';
  return 0;
}

}  // namespace

void add_go_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<GoOptions>();
  CLI::App* command = app.add_subcommand("go", "Search a position with Qi's engine and print the best move");
  command->add_option("game", o->game, "The game: " + game_names())->required();
  command->add_option("--variant", o->variant,
                      "The variant, for games that have them (" + variant_names() + ")");
  command->add_option("--fen", o->fen, "Start from this position (FEN, or a handicap name such as 'knight')")
      ->check(position_text());
  command->add_option("--moves", o->moves, "Moves played from there, in any notation the game reads");
  command->add_option("--level", o->level, "Qi's level, 1 (beginner) to 10 (full strength)")
      ->transform(whole_number(1, 10));
  auto* movetime = command->add_option("--movetime", o->movetime, "Think this many milliseconds")
                       ->transform(whole_number(0, std::int64_t{1} << 40));
  auto* depth =
      command->add_option("--depth", o->depth, "Search this many plies")->transform(whole_number(1, 100));
  auto* nodes = command->add_option("--nodes", o->nodes, "Search about this many nodes")
                    ->transform(whole_number(1, std::int64_t{1} << 40));
  movetime->excludes(depth)->excludes(nodes);
  depth->excludes(nodes);
  command->add_option("--multipv", o->multipv, "Show the best K lines")->transform(whole_number(1, 64));
  command->add_option("--threads", o->threads, "Search threads (Lazy SMP)")->transform(whole_number(1, 64));
  command->add_option("--hash", o->hash, "Transposition table size in MiB")->transform(whole_number(1, 4096));
  command->add_flag("--hint", o->hint, "Explain the best move in a few words, for a beginner");
  command->add_flag("--quiet", o->quiet, "Print only the best move");
  command->callback([o, &exit_code] { exit_code = run_go(*o); });
}

}  // namespace qi::cli
