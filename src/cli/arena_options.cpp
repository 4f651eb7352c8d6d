#include "cli/arena_options.h"
#include "cli/help_text.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <limits>
#include <map>
#include <numeric>
#include <random>
#include <sstream>

#include "cli/argument_checks.h"
#include "core/time_control.h"
#include "engine/registry.h"

namespace qi::cli {
namespace {

Expected<std::map<std::string, int>> key_values(const std::string& what, const std::string& text,
                                                const std::vector<std::string>& keys) {
  std::map<std::string, int> out;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    const std::size_t eq = word.find('=');
    const std::string key = word.substr(0, eq);
    if (eq == std::string::npos || std::find(keys.begin(), keys.end(), key) == keys.end()) {
      std::string list;
      for (const std::string& k : keys) list += (list.empty() ? "" : ", ") + k + "=N";
      return make_error(what + ": '" + word + "' is not one of " + list);
    }
    const std::string value = word.substr(eq + 1);
    int v = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    if (value.empty() || ec != std::errc{} || end != value.data() + value.size() || v < 0)
      return make_error(what + ": " + key + " '" + value + "' is not a whole number of at least 0");
    out[key] = v;
  }
  for (const std::string& k : keys)
    if (!out.count(k)) return make_error(what + ": " + k + "= is missing");
  return out;
}

}  // namespace

Status parse_draw_adjudication(const std::string& text, arena::Adjudication& a) {
  auto kv = key_values("--draw", text, {"movenumber", "movecount", "score"});
  if (!kv) return kv.error();
  a.draw_move_number = (*kv)["movenumber"];
  a.draw_move_count = (*kv)["movecount"];
  a.draw_score = (*kv)["score"];
  return Ok{};
}

Status parse_resign_adjudication(const std::string& text, arena::Adjudication& a) {
  auto kv = key_values("--resign", text, {"movecount", "score"});
  if (!kv) return kv.error();
  a.resign_move_count = (*kv)["movecount"];
  a.resign_score = (*kv)["score"];
  if (a.resign_move_count > 0 && a.resign_score <= 0) return make_error("--resign: score must be above 0");
  return Ok{};
}

void add_arena_options(CLI::App& command, ArenaOptions& o) {
  command.add_option("--game", o.game, "The game: " + game_names())->required();
  command.add_option(
      "--variant", o.variant,
      "The variant, for games that have them (" + variant_names() +
          "; a variant with numbered starts plays each pair of games from a start drawn by --seed)");
  command
      .add_option("--player", o.players,
                  "A player: 'cmd=ENGINE proto=uci|ucci name=N option.X=Y', a bare engine command (UCI), "
                  "qi:random, qi:builtin or qi:level=N")
      ->required();
  command
      .add_option("--tc", o.tc,
                  "Time control: 40/60, 10+0.1, movetime=100, depth=8, nodes=100000, permove=30/3")
      ->required();
  command.add_option("--concurrency", o.concurrency, "Games played at once")->transform(whole_number(1, 256));
  command.add_option("--openings", o.openings_file, "File of start positions: FEN/EPD lines or PGN games");
  command.add_option("--pgn", o.pgn, "Append every game to this PGN file");
  command.add_option("--seed", o.seed, "Seed for random players and draws by lot")
      ->transform(whole_number(0, std::numeric_limits<std::int64_t>::max()));
  command.add_option("--margin", o.margin_ms, "Milliseconds of grace on clocks before a flag falls")
      ->transform(whole_number(0, 600000));
  command
      .add_option("--hang-timeout", o.hang_timeout_ms,
                  "Milliseconds without a reply after which an engine counts as hung (depth, nodes, permove)")
      ->transform(whole_number(1, 86400000));
  command.add_option("--draw", o.draw, "Draw adjudication: 'movenumber=40 movecount=8 score=10'");
  command.add_option("--resign", o.resign,
                     "Resign adjudication (both engines agree): 'movecount=3 score=600'");
  command.add_option("--maxmoves", o.max_moves, "Adjudicate a draw after this many moves (0: never)")
      ->transform(whole_number(0, 100000));
  command.add_flag(
      "--no-claims", o.no_claims,
      "Do not claim repetition / fifty-move draws for the players (automatic draws still apply)");
}

Expected<ArenaSetup> prepare_arena(const ArenaOptions& o) {
  ArenaSetup setup;
  Expected<std::unique_ptr<Game>> game = make_game(o.game, o.variant);
  if (!game) return game.error();
  Expected<TimeControl> tc = parse_time_control(o.tc);
  if (!tc) return tc.error();
  arena::GameSettings& s = setup.settings;
  s.game = std::string((*game)->name());
  s.variant = std::string((*game)->variant());
  s.tc = *tc;
  s.margin_ms = o.margin_ms;
  s.hang_timeout_ms = o.hang_timeout_ms;
  s.claim_draws = !o.no_claims;
  s.adjudication.max_moves = o.max_moves;
  if (!o.draw.empty())
    if (Status st = parse_draw_adjudication(o.draw, s.adjudication); !st) return st.error();
  if (!o.resign.empty())
    if (Status st = parse_resign_adjudication(o.resign, s.adjudication); !st) return st.error();
  if (!o.openings_file.empty()) {
    Expected<std::vector<arena::Opening>> openings = arena::read_openings(o.openings_file, **game);
    if (!openings) return make_error("--openings: " + openings.error().message);
    setup.openings = std::move(*openings);
  }
  // A variant with numbered starts (Chess960) plays each pair of games from
  // one of them, in an order drawn from the seed, as cutechess does.
  if (setup.openings.empty())
    if (const int starts = (*game)->descriptor().numbered_starts; starts > 0) {
      std::vector<int> order(static_cast<std::size_t>(starts));
      std::iota(order.begin(), order.end(), 0);
      std::shuffle(order.begin(), order.end(), std::mt19937_64(o.seed));
      for (int number : order) {
        Expected<std::string> fen = (*game)->numbered_start_fen(number);
        if (!fen) return fen.error();
        setup.openings.push_back({*fen, {}, "start " + std::to_string(number)});
      }
    }
  for (const std::string& text : o.players) {
    Expected<arena::PlayerSpec> spec = arena::parse_player_spec(text);
    if (!spec) return spec.error();
    // Try it once, so a wrong path or protocol is a one-line error now rather
    // than a forfeit in every game.
    Expected<std::unique_ptr<arena::Player>> player = arena::make_player(*spec, s.game, s.variant);
    if (!player) return player.error();
    Status started = (*player)->start();
    (*player)->quit();
    if (!started) return started.error();
    setup.players.push_back(std::move(*spec));
  }
  return setup;
}

}  // namespace qi::cli
