// qi tournament: round robins (single, double), knockouts with an armageddon
// decider, best-of-three brackets; a cross-table or bracket and the standings
// at the end, or JSON with --json.
#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>
#include <sstream>

#include "arena/tournament.h"
#include "cli/arena_options.h"
#include "cli/commands.h"

namespace qi::cli {
namespace {

struct TournamentCommandOptions {
  ArenaOptions arena;
  std::string format = "round-robin";
  std::string scoring = "1-0.5-0";
  std::string tie_breaks = "de,net";
  std::string decider = "game";
  bool json = false;
};

int run(const TournamentCommandOptions& o) {
  if (o.arena.players.size() < 2) return report_error("tournament: give at least two --player options");
  Expected<arena::Format> format = arena::parse_format(o.format);
  if (!format) return report_error("tournament: " + format.error().message);
  Expected<arena::Scoring> scoring = arena::parse_scoring(o.scoring);
  if (!scoring) return report_error("tournament: " + scoring.error().message);
  Expected<std::vector<competition::TieBreak>> tie_breaks = competition::parse_tie_breaks(o.tie_breaks);
  if (!tie_breaks) return report_error("tournament: " + tie_breaks.error().message);
  if (o.decider != "game" && o.decider != "lot")
    return report_error("tournament: --decider must be 'game' or 'lot', not '" + o.decider + "'");
  Expected<ArenaSetup> setup = prepare_arena(o.arena);
  if (!setup) return report_error("tournament: " + setup.error().message);
  arena::TournamentOptions t;
  t.players = setup->players;
  for (std::size_t i = 0; i < t.players.size(); ++i)
    for (std::size_t k = 0; k < i; ++k)
      if (t.players[i].display_name() == t.players[k].display_name())
        t.players[i].name = t.players[i].display_name() + " (" + std::to_string(i + 1) + ")";
  t.format = *format;
  t.scoring = *scoring;
  t.tie_breaks = *tie_breaks;
  t.decider = o.decider == "lot" ? arena::Decider::Lot : arena::Decider::GameThenLot;
  t.concurrency = o.arena.concurrency;
  t.openings = std::move(setup->openings);
  t.pgn_path = o.arena.pgn;
  t.seed = o.arena.seed;
  t.settings = setup->settings;
  // With --json, stdout carries only the JSON; progress goes to stderr.
  std::ostream& progress = o.json ? std::cerr : std::cout;
  Expected<arena::TournamentResult> result = arena::run_tournament(t, progress);
  if (!result) return report_error("tournament: " + result.error().message);
  std::cout << (o.json ? arena::tournament_json(t, *result) : arena::tournament_report(t, *result))
            << std::flush;
  return 0;
}

}  // namespace

void add_tournament_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<TournamentCommandOptions>();
  CLI::App* t = app.add_subcommand("tournament", "Play a tournament between several players");
  add_arena_options(*t, options->arena);
  t->add_option("--format", options->format, "round-robin, double-round-robin, knockout or best-of-three");
  t->add_option("--scoring", options->scoring,
                "Round-robin points: 1-0.5-0 (FIDE), 3-1-0 (group play) or 2-1-0");
  t->add_option("--tie-breaks", options->tie_breaks,
                "Round-robin tie-breaks in order, comma-separated: de (direct encounter), net (net games), "
                "win, won, bh, bh-c1, bh-m1, sb, ps, bpg, aro, lot (by --seed); default de,net");
  t->add_option("--decider", options->decider,
                "Best of three, level after three games: 'game' (one more game, then lot) or 'lot'");
  t->add_flag("--json", options->json, "Print the results as JSON (progress goes to stderr)");
  t->callback([options, &exit_code] { exit_code = run(*options); });
}

}  // namespace qi::cli
