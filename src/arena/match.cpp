#include "arena/match.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <sstream>

#include "arena/match_resume.h"
#include "arena/pgn_date.h"
#include "arena/scheduler.h"

namespace qi::arena {
namespace {

// Points of players[0] in a game: 2 for a win, 1 for a draw, 0 for a loss
// (half points, kept whole for the pentanomial index).
int half_points(const MatchGame& g) {
  if (g.outcome.verdict == Verdict::Draw) return 1;
  if (g.outcome.verdict != Verdict::Win) return 1;
  const bool first_won = g.outcome.winner == Side::First;
  return first_won == g.first_player_moved_first ? 2 : 0;
}

std::string score_line(const competition::WdlCounts& c, const std::array<std::string, 2>& names) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%d - %d - %d  [%.3f] %d", c.wins, c.losses, c.draws, c.score(),
                c.games());
  return "Score of " + names[0] + " vs " + names[1] + ": " + buffer;
}

}  // namespace

std::string timing_text(const MoveTiming& t) {
  if (t.moves == 0) return {};
  char buffer[240];
  std::snprintf(buffer, sizeof buffer, "Timing: %lld moves, %.3f ms a move from request to reply",
                static_cast<long long>(t.moves), t.go_us / 1000.0 / t.moves);
  std::string out = buffer;
  const double arbiter_us = static_cast<double>(t.arbiter_us) / t.moves;
  if (t.waited_moves > 0) {
    // What the arena adds to an engine's move: its own work between moves
    // (legality, outcome, clocks) and, inside the request, everything but
    // the wait from "go" to the reply (building and writing the commands).
    const double added_us = arbiter_us + static_cast<double>(t.waited_go_us - t.wait_us) / t.waited_moves;
    std::snprintf(buffer, sizeof buffer, "; the arena adds %.1f us a move (arbiter %.1f us)", added_us,
                  arbiter_us);
  } else {
    std::snprintf(buffer, sizeof buffer, "; arbiter %.1f us a move", arbiter_us);
  }
  out += buffer;
  if (t.engine_moves > 0) {
    std::snprintf(buffer, sizeof buffer, "; engines reported %.3f ms a move",
                  static_cast<double>(t.engine_reported_ms) / t.engine_moves);
    out += buffer;
  }
  return out + "\n";
}

std::string match_summary(const MatchResult& r, const std::array<std::string, 2>& names,
                          const std::optional<SprtParameters>& sprt) {
  std::string out = score_line(r.counts, names) + "\n";
  const competition::EloEstimate e = competition::estimate_elo(r.counts);
  char buffer[160];
  std::snprintf(buffer, sizeof buffer, "Elo difference: %s, LOS: %.1f %%, DrawRatio: %.1f %%\n",
                competition::elo_text(e).c_str(), e.los * 100.0, r.counts.draw_ratio() * 100.0);
  out += buffer;
  if (e.lower && e.upper) {
    std::snprintf(buffer, sizeof buffer, "95 %% interval: [%.1f, %.1f]\n", *e.lower, *e.upper);
    out += buffer;
  }
  std::snprintf(buffer, sizeof buffer, "Pairs (0, 1/2, 1, 3/2, 2 points): %d %d %d %d %d\n", r.pairs[0],
                r.pairs[1], r.pairs[2], r.pairs[3], r.pairs[4]);
  out += buffer;
  if (sprt && r.llr) out += "SPRT: " + sprt_text(*r.llr, *sprt) + "\n";
  out += timing_text(r.timing);
  return out;
}

Expected<MatchResult> run_match(const MatchOptions& options, std::ostream& out) {
  const std::array<std::string, 2> names = {options.players[0].display_name(),
                                            options.players[1].display_name()};
  std::map<int, PlayedGame> already;
  if (options.resume) {
    if (options.pgn_path.empty()) return make_error("resuming a match needs its PGN file");
    std::ifstream in(options.pgn_path, std::ios::binary);
    if (in) {
      std::ostringstream text;
      text << in.rdbuf();
      auto read = games_in_file(text.str(), names, options.settings);
      if (!read) return make_error(options.pgn_path + ": " + read.error().message);
      already = std::move(*read);
    }
  }
  std::ofstream pgn;
  if (!options.pgn_path.empty()) {
    pgn.open(options.pgn_path, std::ios::app);
    if (!pgn) return make_error("cannot open PGN file '" + options.pgn_path + "' for writing");
  }
  std::vector<PlayerSpec> specs(options.players.begin(), options.players.end());
  const std::string date = pgn_date_today();

  std::vector<GameJob> jobs;
  for (int i = 0; i < options.games; ++i) {
    if (already.count(i + 1)) continue;
    GameJob job;
    job.number = i + 1;
    // Each opening twice, players[0] first in the first game of the pair.
    const bool swap = i % 2 == 1;
    job.first = swap ? 1 : 0;
    job.second = swap ? 0 : 1;
    if (!options.openings.empty()) job.opening = &options.openings[(i / 2) % options.openings.size()];
    job.seed = options.seed * 0x9e3779b97f4a7c15ULL + static_cast<std::uint64_t>(i) * 2654435761ULL;
    job.tags = {{"Event", "Qi match"}, {"Site", "qi"}, {"Date", date}, {"Round", std::to_string(i + 1)}};
    jobs.push_back(std::move(job));
  }

  MatchResult result;
  std::map<int, int> open_pairs;  // pair index -> half points of its first finished game
  auto count = [&](const MatchGame& g) {
    const int hp = half_points(g);
    if (hp == 2)
      ++result.counts.wins;
    else if (hp == 1)
      ++result.counts.draws;
    else
      ++result.counts.losses;
    const int pair = (g.number - 1) / 2;
    if (auto it = open_pairs.find(pair); it != open_pairs.end()) {
      ++result.pairs[it->second + hp];
      open_pairs.erase(it);
    } else {
      open_pairs[pair] = hp;
    }
    result.games.push_back(g);
  };
  // SPRT: pairs when the match is played in pairs, single games otherwise.
  auto decided = [&] {
    if (!options.sprt) return false;
    const bool paired = options.games % 2 == 0;
    result.llr =
        paired ? llr_pentanomial(result.pairs, *options.sprt) : llr_trinomial(result.counts, *options.sprt);
    return sprt_state(*result.llr, *options.sprt) != SprtState::Continue;
  };
  for (const auto& [number, played] : already)
    if (number <= options.games) count({number, played.first_player_moved_first, played.outcome, 0});
  if (!result.games.empty()) {
    out << "Resumed from " << options.pgn_path << ": " << result.games.size() << " games played\n"
        << score_line(result.counts, names) << '\n'
        << std::flush;
    if (decided()) {
      result.stopped_by_sprt = true;
      jobs.clear();
    }
  }
  run_games(jobs, specs, options.settings, options.concurrency,
            [&](const GameJob& job, const GameResult& game) {
              count({job.number, job.first == 0, game.outcome, game.plies});
              result.timing.add(game.timing);
              if (pgn) pgn << game.pgn << '\n' << std::flush;
              out << "Finished game " << job.number << " (" << game.names[0] << " vs " << game.names[1]
                  << "): " << score_text(game.outcome) << " {" << game.reason << "}\n"
                  << score_line(result.counts, names) << '\n'
                  << std::flush;
              if (decided()) {
                result.stopped_by_sprt = true;
                return false;
              }
              return true;
            });
  out << '\n' << match_summary(result, names, options.sprt) << std::flush;
  return result;
}

}  // namespace qi::arena
