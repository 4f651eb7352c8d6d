// qi match: two players, N games, each opening twice with colours reversed;
// progress as games finish, then W/D/L, Elo with its interval, LOS and SPRT.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "arena/match.h"
#include "cli/arena_options.h"
#include "cli/argument_checks.h"
#include "cli/commands.h"

namespace qi::cli {
namespace {

struct MatchCommandOptions {
  ArenaOptions arena;
  int games = 2;
  std::vector<std::string> sprt;
  bool resume = false;
};

int run(const MatchCommandOptions& o, bool sprt_given) {
  if (o.arena.players.size() != 2) return report_error("match: give exactly two --player options");
  Expected<ArenaSetup> setup = prepare_arena(o.arena);
  if (!setup) return report_error("match: " + setup.error().message);
  arena::MatchOptions m;
  m.players = {setup->players[0], setup->players[1]};
  if (m.players[0].display_name() == m.players[1].display_name()) {
    // Two players with one name would make the tables unreadable.
    m.players[0].name = m.players[0].display_name() + " (1)";
    m.players[1].name = m.players[1].display_name() + " (2)";
  }
  m.games = o.games;
  m.concurrency = o.arena.concurrency;
  m.openings = std::move(setup->openings);
  m.pgn_path = o.arena.pgn;
  m.resume = o.resume;
  if (o.resume && o.arena.pgn.empty())
    return report_error("match: --resume goes on from the --pgn file: give it");
  m.seed = o.arena.seed;
  m.settings = setup->settings;
  if (sprt_given) {
    std::string words;
    for (const std::string& w : o.sprt) words += w + " ";
    Expected<arena::SprtParameters> p = arena::parse_sprt(words);
    if (!p) return report_error("match: " + p.error().message);
    m.sprt = *p;
  }
  Expected<arena::MatchResult> result = arena::run_match(m, std::cout);
  if (!result) return report_error("match: " + result.error().message);
  return 0;
}

}  // namespace

void add_match_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<MatchCommandOptions>();
  CLI::App* match = app.add_subcommand("match", "Play a match between two players (engines or Qi's own)");
  add_arena_options(*match, options->arena);
  match->add_option("--games", options->games, "Number of games (each opening is played twice)")
      ->transform(whole_number(1, 1000000));
  CLI::Option* sprt = match
                          ->add_option("--sprt", options->sprt,
                                       "Sequential test: elo0=0 elo1=5 alpha=0.05 beta=0.05 (stops the match "
                                       "when it decides)")
                          ->expected(0, 4);
  match->add_flag("--resume", options->resume,
                  "Go on from the games the --pgn file holds (the same players and settings): they are "
                  "counted and not played again");
  match->callback([options, sprt, &exit_code] { exit_code = run(*options, sprt->count() > 0); });
}

}  // namespace qi::cli
